// SqliteBlobStore: exact bytes after a reopen, one row per content, and blobs of the old file layout still readable.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/core/blob-hash';
import { legacyBlobPath } from '../../storage/files/legacy-blob-files';
import { SqliteBlobStore } from '../../storage/sqlite/sqlite-blob-store';
import { tempDir } from '../pipeline/pipeline-fixtures';

const page = (n: number) => Buffer.from(`<html><p class="price">€ ${n},99</p>${'x'.repeat(n % 7)}</html>`, 'utf8');

function rowCount(dir: string): number {
  const reader = new Database(join(dir, 'blobs.sqlite'), { readonly: true });
  try {
    return reader.prepare('SELECT count(*) FROM blobs').pluck().get() as number;
  } finally {
    reader.close();
  }
}

describe('SqliteBlobStore', () => {
  let tmp: ReturnType<typeof tempDir>;

  beforeEach(() => {
    tmp = tempDir('blobs');
  });
  afterEach(() => {
    tmp.cleanup();
  });

  it('commits a put before it resolves, and the bytes read back exactly after a reopen', async () => {
    const store = SqliteBlobStore.open(tmp.dir);
    const pages = Array.from({ length: 50 }, (_, n) => page(n));
    const hashes = await Promise.all(pages.map((bytes) => store.put(bytes)));
    // Another connection sees every row as soon as the puts resolved: resolved means committed.
    expect(rowCount(tmp.dir)).toBe(50);
    await store.close();
    expect(existsSync(join(tmp.dir, 'blobs'))).toBe(false);

    const reopened = SqliteBlobStore.open(tmp.dir);
    try {
      for (const [n, hash] of hashes.entries()) {
        expect(hash).toBe(sha256Hex(pages[n]));
        expect((await reopened.get(hash))?.equals(pages[n])).toBe(true);
      }
    } finally {
      await reopened.close();
    }
  });

  it('stores a content once, however often and however concurrently it is put', async () => {
    const store = SqliteBlobStore.open(tmp.dir);
    const other = SqliteBlobStore.open(tmp.dir);
    try {
      const bytes = page(1);
      const answers = await Promise.all([store.put(bytes), store.put(bytes), other.put(bytes), store.put(bytes, sha256Hex(bytes))]);
      expect(new Set(answers)).toEqual(new Set([sha256Hex(bytes)]));
      expect(await store.put(bytes)).toBe(sha256Hex(bytes));
      expect(rowCount(tmp.dir)).toBe(1);
    } finally {
      await store.close();
      await other.close();
    }
  });

  it('reads blobs a storage dir holds in the old blobs/ab/<hash>.gz files', async () => {
    const old = page(7);
    // Written as the old store did: gzip under blobs/<first two hex>/<sha256>.gz.
    const hash = sha256Hex(old);
    mkdirSync(dirname(legacyBlobPath(tmp.dir, hash)), { recursive: true });
    writeFileSync(legacyBlobPath(tmp.dir, hash), gzipSync(old));
    const store = SqliteBlobStore.open(tmp.dir);
    try {
      expect((await store.get(hash))?.equals(old)).toBe(true);
      expect(await store.get('0'.repeat(64))).toBeNull();
      expect(await store.get('not-a-hash')).toBeNull();
    } finally {
      await store.close();
    }
  });
});
