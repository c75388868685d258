// BlobStore port: content-addressed raw response bytes (key = sha256 hex of the exact bytes); backends in files/ and postgres/.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

const HASH = /^[0-9a-f]{64}$/;

export function sha256Hex(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function isBlobHash(text: string): boolean {
  return HASH.test(text);
}

/**
 * Every backend compresses the same way, on libuv's thread pool. gzip level 1: on 15–40 KB product pages it
 * takes about half the CPU of the default level 6 for output within a few percent of the size, and raw
 * capture runs on every response.
 */
export function compressBlob(bytes: Buffer): Promise<Buffer> {
  return gzipAsync(bytes, { level: 1 });
}

export function decompressBlob(stored: Buffer): Promise<Buffer> {
  return gunzipAsync(stored);
}

export interface BlobStore {
  /** Stores the bytes once per content (idempotent) and resolves to their hash when they are durable. */
  put(bytes: Buffer, knownHash?: string): Promise<string>;
  /** The exact bytes stored under `hash`, or null when there are none (or `hash` is no sha256). */
  get(hash: string): Promise<Buffer | null>;
  close(): Promise<void>;
}
