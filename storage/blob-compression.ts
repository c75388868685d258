// How every blob backend compresses raw responses, so a blob moved between backends reads back the same.
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/**
 * On libuv's thread pool. gzip level 1: on 15–40 KB product pages it takes about half the CPU of the
 * default level 6 for output within a few percent of the size, and raw capture runs on every response.
 */
export function compressBlob(bytes: Buffer): Promise<Buffer> {
  return gzipAsync(bytes, { level: 1 });
}

export function decompressBlob(stored: Buffer): Promise<Buffer> {
  return gunzipAsync(stored);
}
