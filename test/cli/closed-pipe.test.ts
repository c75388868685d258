// A reader that closes the pipe early (`pricecrawl runs | head -1`) ends the command quietly, not with an EPIPE stack trace.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const BIN = resolve(import.meta.dirname, '../../bin/pricecrawl.js');

describe('stdout closed by its reader', { timeout: 60_000 }, () => {
  it('list writes into a closed pipe: exit 0, nothing on stderr', async () => {
    const child = spawn(process.execPath, [BIN, 'list'], { stdio: ['ignore', 'pipe', 'pipe'], cwd: resolve(import.meta.dirname, '../..') });
    // The read end goes away before the child writes a byte, as `head` does after its first line.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = await once(child, 'close');
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });
});
