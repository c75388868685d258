// SqliteBlobStore: the embedded BlobStore, gzip-compressed raw bytes in <storage.dir>/blobs.sqlite, one row per hash.
import type { Transaction } from 'better-sqlite3';
import type Database from 'better-sqlite3';
import { isBlobHash, sha256Hex } from '../../src/core/blob-hash';
import type { BlobStore } from '../../src/ports/blob-store';
import { compressBlob, decompressBlob } from '../blob-compression';
import { readLegacyBlob } from '../files/legacy-blob-files';
import { openStorageDb, type SqliteAccess } from './open-storage-db';
import { assertFileInPlace } from './file-in-place';

const DDL = `
CREATE TABLE IF NOT EXISTS blobs (
  hash TEXT PRIMARY KEY, gzip BLOB NOT NULL, bytes INTEGER NOT NULL, stored_at_ms INTEGER NOT NULL
) STRICT;`;

/** Hashes this process already knows are stored: a page seen again costs no lookup and no compression. */
const KNOWN_LIMIT = 100_000;

interface PendingBlob {
  hash: string;
  gzip: Buffer;
  bytes: number;
  settle: { resolve: () => void; reject: (error: unknown) => void };
}

/**
 * One file per blob cost a mkdir check, an open, a write, a close and a rename per page: syscalls on
 * the event loop that took more CPU than the compression. Here the blobs of one event-loop turn are
 * one transaction (committed on `setImmediate`, like the frontier's group commit), and `put` resolves
 * after that COMMIT, so "stored" still means durable. Unlike the frontier's `GroupCommit`, no lock is
 * held across the turn: the rows wait in memory and the transaction runs at once at the end, because
 * two stores in one process (two crawls, a test's two openers) may write this file, and a second
 * connection would spin in busy_timeout on the event loop the first one needs to commit. INSERT OR IGNORE: two processes storing one page
 * leave one row. Storage dirs from before this store keep their `blobs/ab/<hash>.gz` files, which
 * `get` still reads (`storage/files/legacy-blob-files.ts`): the items of those runs point to them.
 */
export class SqliteBlobStore implements BlobStore {
  private readonly known = new Set<string>();
  private readonly inFlight = new Map<string, Promise<string>>();
  private pending: PendingBlob[] = [];
  private commitScheduled = false;
  private readonly exists: Database.Statement;
  private readonly select: Database.Statement;
  /** Run with `.immediate`: the write lock is taken (waiting out the busy timeout) at BEGIN, never upgraded mid-transaction. */
  private readonly writeAll: Transaction<(blobs: PendingBlob[]) => void>;

  private constructor(
    private readonly db: Database.Database,
    private readonly storageDir: string,
  ) {
    this.exists = db.prepare('SELECT 1 FROM blobs WHERE hash = ?').pluck();
    this.select = db.prepare('SELECT gzip FROM blobs WHERE hash = ?').pluck();
    const insert = db.prepare('INSERT OR IGNORE INTO blobs (hash, gzip, bytes, stored_at_ms) VALUES (?, ?, ?, ?)');
    this.writeAll = db.transaction((blobs: PendingBlob[]) => {
      const now = Date.now();
      for (const blob of blobs) insert.run(blob.hash, blob.gzip, blob.bytes, now);
    });
  }

  static open(storageDir: string, access: SqliteAccess = 'write'): SqliteBlobStore {
    return new SqliteBlobStore(openStorageDb(storageDir, 'blobs.sqlite', DDL, { access }), storageDir);
  }

  put(bytes: Buffer, knownHash?: string): Promise<string> {
    const hash = knownHash ?? sha256Hex(bytes);
    if (!isBlobHash(hash)) return Promise.reject(new TypeError(`not a sha256 hex hash: ${hash}`));
    if (this.known.has(hash)) return Promise.resolve(hash);
    // The same page twice at once (two requests, one body): one compression, one row, one answer.
    const running = this.inFlight.get(hash);
    if (running) return running;
    if (this.exists.get(hash) !== undefined) {
      this.remember(hash);
      return Promise.resolve(hash);
    }
    const stored = this.compressAndQueue(hash, bytes).finally(() => this.inFlight.delete(hash));
    this.inFlight.set(hash, stored);
    return stored;
  }

  async get(hash: string): Promise<Buffer | null> {
    if (!isBlobHash(hash)) return null;
    await this.inFlight.get(hash)?.catch(() => undefined);
    const gzip = this.select.get(hash) as Buffer | undefined;
    if (gzip) return decompressBlob(gzip);
    return readLegacyBlob(this.storageDir, hash);
  }

  /** Waits for puts still compressing, commits what is queued, then closes the file. */
  async close(): Promise<void> {
    await Promise.allSettled([...this.inFlight.values()]);
    if (!this.db.open) return;
    this.commit();
    this.db.close();
  }

  private async compressAndQueue(hash: string, bytes: Buffer): Promise<string> {
    const gzip = await compressBlob(bytes);
    await new Promise<void>((resolve, reject) => {
      this.pending.push({ hash, gzip, bytes: bytes.length, settle: { resolve, reject } });
      if (!this.commitScheduled) {
        this.commitScheduled = true;
        setImmediate(() => this.commit());
      }
    });
    this.remember(hash);
    return hash;
  }

  private commit(): void {
    this.commitScheduled = false;
    const batch = this.pending;
    if (batch.length === 0) return;
    this.pending = [];
    try {
      this.writeAll.immediate(batch);
      assertFileInPlace(this.db);
    } catch (error) {
      for (const blob of batch) blob.settle.reject(error);
      return;
    }
    for (const blob of batch) blob.settle.resolve();
  }

  private remember(hash: string): void {
    if (this.known.size >= KNOWN_LIMIT) this.known.clear();
    this.known.add(hash);
  }
}
