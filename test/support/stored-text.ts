// A stored file's text as a reader would recover it, every encoding the stores use undone, for tests that search what a run wrote for a secret.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import Database from 'better-sqlite3';

const SQLITE_HEADER = 'SQLite format 3\0';
/** Deep enough for the deepest the stores nest: a JSON column holding a base64 string of a gzip page. */
const MAX_DEPTH = 6;
/** Shorter strings are words and numbers, not encoded bodies; decoding them adds noise only. */
const MIN_BASE64_CHARS = 8;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

const isGzip = (bytes: Buffer): boolean => bytes.length > 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;

/**
 * The file's bytes as latin1, then every reading of them a reader has: a gzip file's content, a SQLite database's
 * every column of every row (WAL included), JSON (whole or a line at a time) with each string unescaped, and base64
 * strings (the HTTP cache's `bodyBase64`) decoded; each result read again the same way (gzip blobs, JSON columns).
 * A secret encoded at rest is still at rest: searching the bytes alone never finds it.
 */
export function storedText(path: string): string {
  if (readFileSync(path).subarray(0, SQLITE_HEADER.length).toString('latin1') === SQLITE_HEADER) {
    return [readFileSync(path).toString('latin1'), sqliteText(path)].join('\n');
  }
  return bytesText(readFileSync(path), 0);
}

/** Bytes as latin1, and unpacked when gzip. */
function bytesText(bytes: Buffer, depth: number): string {
  const parts = [bytes.toString('latin1')];
  if (isGzip(bytes)) parts.push(bytesText(gunzipSync(bytes), depth + 1));
  else parts.push(...decodings(bytes.toString('utf8'), depth));
  return parts.join('\n');
}

/** What a text holds beyond itself: its JSON's strings unescaped (and each decoded further), or its base64 decoded. */
function decodings(text: string, depth: number): string[] {
  if (depth >= MAX_DEPTH) return [];
  const trimmed = text.trim();
  if (trimmed.length >= MIN_BASE64_CHARS && (BASE64.test(trimmed) || BASE64URL.test(trimmed))) {
    return [bytesText(Buffer.from(trimmed, BASE64.test(trimmed) ? 'base64' : 'base64url'), depth + 1)];
  }
  if (!/^[[{"]/.test(trimmed)) return [];
  const values = jsonValues(trimmed);
  return values.flatMap((value) => jsonStrings(value)).flatMap((string) => [string, ...decodings(string, depth + 1)]);
}

/** The text as one JSON value, else each of its lines that is one (a JSON Lines feed, a log). */
function jsonValues(text: string): unknown[] {
  const parsed = parseJson(text);
  if (parsed !== undefined) return [parsed];
  return text.split('\n').map(parseJson).filter((value) => value !== undefined);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Every string in a JSON value, keys included (a header map's names are data too). */
function jsonStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(jsonStrings);
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([key, entry]) => [key, ...jsonStrings(entry)]);
  return [];
}

function sqliteText(path: string): string {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[];
    return tables.flatMap((table) => (db.prepare(`SELECT * FROM "${table}"`).raw().all() as unknown[][]).flat().map(cellText)).join('\n');
  } finally {
    db.close();
  }
}

/** A column's value: a blob as bytes (raw capture's gzip pages), text with its JSON and base64 read too. */
function cellText(cell: unknown): string {
  if (Buffer.isBuffer(cell)) return bytesText(cell, 0);
  const text = String(cell);
  return [text, ...decodings(text, 0)].join('\n');
}
