// BlobStore: content-addressed raw bytes (sha256 of the bytes), gzip-compressed files under <storage.dir>/blobs/.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { gunzipSync, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

const HASH = /^[0-9a-f]{64}$/;

export function sha256Hex(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * gzip level 1: on 15–40 KB product pages it takes about half the CPU of the default level 6 for output
 * within a few percent of the size; raw capture runs on every response, so the CPU matters more.
 */
const GZIP_OPTIONS = { level: 1 };

export class BlobStore {
  private tmpCounter = 0;
  /** Fan-out directories already created by this process: one mkdir per directory, not per blob. */
  private readonly madeDirs = new Set<string>();

  /** `root` is the storage directory; blobs live in `root/blobs/ab/<hash>.gz`. */
  constructor(readonly root: string) {}

  static isHash(text: string): boolean {
    return HASH.test(text);
  }

  pathOf(hash: string): string {
    if (!BlobStore.isHash(hash)) throw new TypeError(`not a sha256 hex hash: ${hash}`);
    return join(this.root, 'blobs', hash.slice(0, 2), `${hash}.gz`);
  }

  /**
   * Stores the bytes (once per content) and resolves to their hash. Written to a temporary name and
   * renamed, so a crash never leaves a truncated blob under a valid hash. Compression runs on libuv's
   * thread pool: done synchronously it was the largest single CPU cost of a crawl (~0.9 ms per 27 KB page).
   */
  async put(bytes: Buffer, knownHash?: string): Promise<string> {
    const hash = knownHash ?? sha256Hex(bytes);
    const path = this.pathOf(hash);
    if (existsSync(path)) return hash;
    this.ensureDir(hash.slice(0, 2));
    const tmp = `${path}.${process.pid}.${this.tmpCounter++}.tmp`;
    await writeFile(tmp, await gzipAsync(bytes, GZIP_OPTIONS));
    await rename(tmp, path);
    return hash;
  }

  private ensureDir(fanOut: string): void {
    if (this.madeDirs.has(fanOut)) return;
    mkdirSync(join(this.root, 'blobs', fanOut), { recursive: true });
    this.madeDirs.add(fanOut);
  }

  /** The exact bytes stored under `hash`, or null when there are none. */
  get(hash: string): Buffer | null {
    if (!BlobStore.isHash(hash)) return null;
    const path = this.pathOf(hash);
    if (!existsSync(path)) return null;
    return gunzipSync(readFileSync(path));
  }
}
