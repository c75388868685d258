// BlobStore port: content-addressed raw response bytes (key = sha256 hex of the exact bytes, src/core/blob-hash.ts); backends in storage/sqlite, storage/postgres.

export interface BlobStore {
  /** Stores the bytes once per content (idempotent) and resolves to their hash when they are durable. */
  put(bytes: Buffer, knownHash?: string): Promise<string>;
  /** The exact bytes stored under `hash`, or null when there are none (or `hash` is no sha256). */
  get(hash: string): Promise<Buffer | null>;
  close(): Promise<void>;
}
