// Refuses a crawl that cannot run where it was told to, before its first request: storage dir not writable, metrics port taken.
import { randomUUID } from 'node:crypto';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { PricecrawlError } from '../../core/errors';
import type { Settings } from '../../settings/schema';

/**
 * Each failure is one line naming the path or port and the fix (the CLI prints a PricecrawlError as
 * that line and exits 2). Found here, nothing was fetched and no run was recorded; found later, it
 * would be a crash after the first pages, or a run record left "running".
 */
export async function preflight(settings: Settings): Promise<void> {
  checkStorageDir(settings.storage.dir);
  if (settings.metrics.port !== 0) await checkPortFree(settings.metrics.host, settings.metrics.port);
}

/**
 * Writes a file where the dir's first folder would be made: the dir itself when it exists, else its nearest
 * existing ancestor (making a folder there needs the same rights). Permissions, a read-only file system, a
 * path through a file, as this process sees them. Nothing is created: before, the check made the missing
 * folders and removed them again, and a process of the same run (`--processes`) starting beside this one
 * could have its folder removed between its mkdir and its open ("the directory does not exist", exit 1).
 */
export function checkStorageDir(dir: string): void {
  const probe = join(nearestExisting(resolve(dir)), `.pricecrawl-write-check-${randomUUID()}`);
  try {
    writeFileSync(probe, '');
    rmSync(probe);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new PricecrawlError(
      'STORAGE_UNWRITABLE',
      `storage.dir ${resolve(dir)} is not writable (${code}); pass a writable directory with --storage <dir> (or -s storage.dir=<dir>), or give this user write access to it`,
      { cause: error },
    );
  }
}

/** The path itself or its closest ancestor that exists (a file there makes the probe fail with ENOTDIR). */
function nearestExisting(path: string): string {
  let folder = path;
  while (!existsSync(folder) && dirname(folder) !== folder) folder = dirname(folder);
  return folder;
}

/** Binds the port and lets it go; the endpoint binds it again a moment later (SO_REUSEADDR: no wait in between). */
export async function checkPortFree(host: string, port: number): Promise<void> {
  const server = createServer();
  try {
    await new Promise<void>((done, fail) => {
      server.once('error', fail);
      server.listen(port, host, () => done());
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new PricecrawlError('METRICS_PORT_UNAVAILABLE', `metrics.port ${port} on ${host} cannot be used (${code}: ${PORT_PROBLEMS[code] ?? 'see the code'}); pick a free port with -s metrics.port=<n>, or -s metrics.port=0 to run without the endpoint`, { cause: error });
  }
  await new Promise<void>((done) => server.close(() => done()));
}

const PORT_PROBLEMS: Record<string, string> = {
  EADDRINUSE: 'another process listens there, perhaps another crawl',
  EACCES: 'ports below 1024 need privileges',
  EADDRNOTAVAIL: `metrics.host is not an address of this machine`,
};
