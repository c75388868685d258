// The at-rest secret tests' reader finds a secret in every encoding the stores write: a cached body's base64, gzip, JSON-escaped strings.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { storedText } from '../support/stored-text';
import { tempStorageDir } from '../support/test-crawl';

const SECRET = 'seeded-S3cret-8812';
/** A password with the characters JSON escapes: stored as `q\"uote\\back`, it is never there byte for byte. */
const ESCAPED_SECRET = 'q"uote\\back-5521';
const dir = tempStorageDir('stored-text');
afterAll(() => dir.cleanup());

const page = `<html><link rel="canonical" href="/p?api_key=${SECRET}"></html>`;

describe('storedText', () => {
  it("reads an HTTP cache answer's body as the replay does, from its base64", () => {
    const path = join(dir.dir, 'answer.json');
    writeFileSync(path, JSON.stringify({ url: 'http://127.0.0.1/p', status: 200, headers: {}, bodyBase64: Buffer.from(page).toString('base64') }));
    expect(storedText(path)).toContain(SECRET);
  });

  it('reads base64 of gzip, and JSON-escaped strings, in files and in SQLite columns', () => {
    const json = join(dir.dir, 'escaped.json');
    writeFileSync(json, JSON.stringify({ password: ESCAPED_SECRET, body: gzipSync(page).toString('base64') }));
    expect(storedText(json)).toContain(ESCAPED_SECRET);
    expect(storedText(json)).toContain(SECRET);
    const lines = join(dir.dir, 'feed.jsonl');
    writeFileSync(lines, `${JSON.stringify({ note: ESCAPED_SECRET })}\n${JSON.stringify({ n: 2 })}\n`);
    expect(storedText(lines)).toContain(ESCAPED_SECRET);
    const file = join(dir.dir, 'store.sqlite');
    const db = new Database(file);
    db.exec('CREATE TABLE t (meta TEXT, body TEXT)');
    db.prepare('INSERT INTO t VALUES (?, ?)').run(JSON.stringify({ options: { token: ESCAPED_SECRET } }), Buffer.from(page).toString('base64'));
    db.close();
    expect(storedText(file)).toContain(ESCAPED_SECRET);
    expect(storedText(file)).toContain(SECRET);
  });

  it('finds nothing that is not there', () => {
    const path = join(dir.dir, 'plain.json');
    writeFileSync(path, JSON.stringify({ bodyBase64: Buffer.from('<p>plain</p>').toString('base64') }));
    expect(storedText(path)).not.toContain(SECRET);
    expect(storedText(path)).toContain('<p>plain</p>');
  });
});
