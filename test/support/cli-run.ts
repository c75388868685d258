// Runs bin/pricecrawl.js as a child process, as a user would, and collects its exit code and output.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export function cli(args: string[], options: { onStart?: (child: ChildProcess) => void } = {}): Promise<CliRun> {
  const child = spawn(process.execPath, ['bin/pricecrawl.js', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  options.onStart?.(child);
  return once(child, 'exit').then(([code, signal]) => ({ code: code as number | null, signal: signal as NodeJS.Signals | null, stdout, stderr }));
}
