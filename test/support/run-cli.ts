// Runs the real `pricecrawl` command line as a child process and collects its exit code and output.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import type { RunRecord } from '../../src/ports/run-record-store';

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  onStart?: (child: ChildProcess) => void;
  cwd?: string;
  /** Written to the child's stdin, which is then closed. */
  input?: string;
  env?: NodeJS.ProcessEnv;
  /** Run as this user and group (the test runs as root: an unprivileged user sees permissions). */
  user?: { uid: number; gid: number };
}

const BIN = resolve(import.meta.dirname, '../../bin/pricecrawl.js');

export function cli(args: string[], options: CliOptions = {}): Promise<CliRun> {
  return runCommand(process.execPath, [BIN, ...args], options);
}

/** Any command, its output collected as `cli` collects the CLI's. */
export function runCommand(command: string, args: string[], options: CliOptions = {}): Promise<CliRun> {
  const child = spawn(command, args, {
    stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    cwd: options.cwd,
    env: options.env ?? process.env,
    ...options.user,
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  if (options.input !== undefined) child.stdin?.end(options.input);
  options.onStart?.(child);
  // 'close', not 'exit': Node emits 'exit' once the child is reaped, with its pipes possibly still holding
  // its last output (a clean-clone CI read `runs --json` as empty that way); 'close' comes after both ended.
  return once(child, 'close').then(([code, signal]) => ({ code: code as number | null, signal: signal as NodeJS.Signals | null, stdout, stderr }));
}

/** Children a test file starts: whatever still runs when the file ends is SIGKILLed (a failed test leaves no crawler behind). */
export function childTracker(): { track: (child: ChildProcess) => void; killAll: () => void } {
  const children = new Set<ChildProcess>();
  return {
    track: (child) => void children.add(child),
    killAll: () => {
      for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}

/** `pricecrawl runs --json` with `args` (where the records are): one parsed record a line. */
export async function runRecordsJson<T = RunRecord>(args: string[]): Promise<T[]> {
  const listed = await cli(['runs', ...args, '--json']);
  // A clean-clone CI once got no output here (a JSON parse error said nothing of why): the exit and stderr say it.
  if (listed.stdout.trim() === '') throw new Error(`pricecrawl runs --json ended ${listed.code ?? listed.signal} with no records:\n${listed.stderr.slice(-2000)}`);
  return listed.stdout.trim().split('\n').map((line) => JSON.parse(line) as T);
}
