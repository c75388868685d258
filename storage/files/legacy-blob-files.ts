// The blob layout embedded storage used before blobs.sqlite (builds of 2026-11-29 to 2026-12-02): gzip files under <storage.dir>/blobs/ab/<sha256>.gz.
// Only read, never written: items crawled then carry rawHash values that point into these files.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isBlobHash } from '../../src/core/blob-hash';
import { decompressBlob } from '../blob-compression';

/** Where the old layout kept the blob of `hash` (a sha256 hex) under the storage directory `root`. */
export function legacyBlobPath(root: string, hash: string): string {
  if (!isBlobHash(hash)) throw new TypeError(`not a sha256 hex hash: ${hash}`);
  return join(root, 'blobs', hash.slice(0, 2), `${hash}.gz`);
}

/** The exact bytes of an old blob file, or null when the directory has none for `hash`. */
export async function readLegacyBlob(root: string, hash: string): Promise<Buffer | null> {
  if (!isBlobHash(hash)) return null;
  const path = legacyBlobPath(root, hash);
  if (!existsSync(path)) return null;
  return decompressBlob(await readFile(path));
}
