// The test harness's `cli()` (`runCommand()`) returns everything the process wrote, not what had arrived when it exited.
//
// Node emits a child's 'exit' as soon as it is reaped, with its stdio pipes possibly still holding output
// (documented; 'close' waits for them). A clean-clone CI once read `pricecrawl runs --json` as empty after a
// kill -9 and resume: the process had printed its record and exited 0, and the harness stopped listening
// first (seen here 1 in ~800 short-lived children on an idle machine). Made certain below: what the process
// left writing to its stdout finishes only after it has exited.
import { describe, expect, it } from 'vitest';
import { runCommand } from '../support/run-cli';

/** Prints `early`, leaves a grandchild on its stdout that prints `late` once this process has gone (its stdin closes), and exits. */
const WRITES_AFTER_EXIT = `
const { spawn } = require('node:child_process');
process.stdout.write('early\\n');
spawn(process.execPath, ['-e', "process.stdin.resume(); process.stdin.on('end', () => process.stdout.write('late\\\\n'))"], { stdio: ['pipe', 'inherit', 'inherit'] });
process.exit(0);
`;

describe('runCommand() and cli() collect the whole output', () => {
  it('waits for the stdout pipe to close, not only for the exit', async () => {
    const run = await runCommand(process.execPath, ['-e', WRITES_AFTER_EXIT]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('early\nlate\n');
  });
});
