// FileBlobStore: the former embedded BlobStore layout (gzip files under <storage.dir>/blobs/ab/<sha256>.gz); SqliteBlobStore still reads it.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isBlobHash, sha256Hex } from '../../src/core/blob-hash';
import type { BlobStore } from '../../src/ports/blob-store';
import { compressBlob, decompressBlob } from '../blob-compression';

export class FileBlobStore implements BlobStore {
  /** Fan-out directories already created by this store: one mkdir per directory, not per blob. */
  private readonly madeDirs = new Set<string>();

  /** `root` is the storage directory; blobs live in `root/blobs/ab/<hash>.gz`. */
  constructor(readonly root: string) {}

  pathOf(hash: string): string {
    if (!isBlobHash(hash)) throw new TypeError(`not a sha256 hex hash: ${hash}`);
    return join(this.root, 'blobs', hash.slice(0, 2), `${hash}.gz`);
  }

  /**
   * Written to a temporary name and renamed, so a crash never leaves a truncated blob under a valid
   * hash. Compression: see compressBlob.
   */
  async put(bytes: Buffer, knownHash?: string): Promise<string> {
    const hash = knownHash ?? sha256Hex(bytes);
    const path = this.pathOf(hash);
    if (existsSync(path)) return hash;
    this.ensureDir(hash.slice(0, 2));
    // Unique per write: two stores (two crawls of one process) may put the same page at once.
    const tmp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(tmp, await compressBlob(bytes));
    await rename(tmp, path);
    return hash;
  }

  private ensureDir(fanOut: string): void {
    if (this.madeDirs.has(fanOut)) return;
    mkdirSync(join(this.root, 'blobs', fanOut), { recursive: true });
    this.madeDirs.add(fanOut);
  }

  async get(hash: string): Promise<Buffer | null> {
    if (!isBlobHash(hash)) return null;
    const path = this.pathOf(hash);
    if (!existsSync(path)) return null;
    return decompressBlob(await readFile(path));
  }

  async close(): Promise<void> {}
}
