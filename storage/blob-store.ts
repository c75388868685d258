// BlobStore port: content-addressed raw response bytes (key = sha256 hex of the exact bytes); backends in files/ and postgres/.
import { createHash } from 'node:crypto';

const HASH = /^[0-9a-f]{64}$/;

export function sha256Hex(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function isBlobHash(text: string): boolean {
  return HASH.test(text);
}

export interface BlobStore {
  /** Stores the bytes once per content (idempotent) and resolves to their hash when they are durable. */
  put(bytes: Buffer, knownHash?: string): Promise<string>;
  /** The exact bytes stored under `hash`, or null when there are none (or `hash` is no sha256). */
  get(hash: string): Promise<Buffer | null>;
  close(): Promise<void>;
}
