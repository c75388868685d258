// PgBlobStore: content-addressed raw bytes in PostgreSQL, gzip-compressed in a bytea column, inserted once per hash.
import { isBlobHash, sha256Hex } from '../../src/core/blob-hash';
import type { BlobStore } from '../../src/ports/blob-store';
import { compressBlob, decompressBlob } from '../blob-compression';
import type { Sql } from './pg-connection';

/** Hashes this process already knows are stored: a page seen again costs no compression and no round trip. */
const KNOWN_LIMIT = 100_000;

export class PgBlobStore implements BlobStore {
  private readonly known = new Set<string>();

  constructor(private readonly sql: Sql) {}

  /** ON CONFLICT DO NOTHING: two workers storing the same page leave one row, and neither fails. */
  async put(bytes: Buffer, knownHash?: string): Promise<string> {
    const hash = knownHash ?? sha256Hex(bytes);
    if (!isBlobHash(hash)) throw new TypeError(`not a sha256 hex hash: ${hash}`);
    if (this.known.has(hash)) return hash;
    const compressed = await compressBlob(bytes);
    await this.sql`INSERT INTO blobs (hash, gzip, bytes) VALUES (${hash}, ${compressed}, ${bytes.length}) ON CONFLICT (hash) DO NOTHING`;
    if (this.known.size >= KNOWN_LIMIT) this.known.clear();
    this.known.add(hash);
    return hash;
  }

  async get(hash: string): Promise<Buffer | null> {
    if (!isBlobHash(hash)) return null;
    const [row] = await this.sql<Array<{ gzip: Buffer }>>`SELECT gzip FROM blobs WHERE hash = ${hash}`;
    return row ? decompressBlob(row.gzip) : null;
  }

  /** The connection belongs to the store set (open-stores.ts), which ends it. */
  async close(): Promise<void> {}
}
