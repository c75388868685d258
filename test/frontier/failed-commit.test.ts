// A group commit that fails (a full disk at COMMIT) rolls back the turn's leases: the frontier must not
// hand the same request out again as if it were pending, and must say the store failed.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { storageFailureCode } from '../../src/engine/storage-failure';
import { expectLease, openFrontier, req, tempDir } from './frontier-fixture';

const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

/** Writes a file until the tmpfs is full, so the next WAL append (a COMMIT) meets ENOSPC. */
function fillDisk(dir: string): void {
  try {
    writeFileSync(join(dir, 'filler'), Buffer.alloc(4 << 20));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  }
}

describe('a frontier whose commit fails', () => {
  it('hands no leased request out twice and fails every later write with the store error', async () => {
    const tmp = tempDir();
    cleanups.push(tmp.cleanup);
    // A real full disk (CI runs as root): SQLite meets ENOSPC at COMMIT, where WAL mode writes its pages.
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', tmp.dir]);
    cleanups.push(() => void execFileSync('umount', ['-l', tmp.dir]));
    const { frontier } = openFrontier(tmp.dir, { maxConcurrency: 4 });
    cleanups.push(() => frontier.close().catch(() => undefined));
    await frontier.add([req('http://a.test/1'), req('http://a.test/2')]);
    fillDisk(tmp.dir);

    const lease = expectLease(frontier.next(1_000_000));
    const first = lease.request.url;
    await nextTurn(); // the turn's COMMIT runs, fails, and rolls the lease back
    let second: string | null = null;
    let thrown: unknown = null;
    try {
      const pick = frontier.next(1_000_000);
      if (pick.type === 'lease') second = pick.lease.request.url;
    } catch (error) {
      thrown = error;
    }
    expect(second).not.toBe(first);
    expect(storageFailureCode(thrown)).toMatch(/SQLITE_FULL|SQLITE_IOERR/);
    // The outcome of the lease it did hand out is not acknowledged as stored either.
    expect(storageFailureCode(await frontier.markHandled(lease.request, 200).then(() => null, (error: unknown) => error))).toMatch(/SQLITE_FULL|SQLITE_IOERR/);
  });
});
