// How every blob backend compresses raw responses, so a blob moved between backends reads back the same.
import { promisify } from 'node:util';
import { constants, gunzip, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/**
 * On libuv's thread pool. gzip level 1: on 15–40 KB product pages it takes about half the CPU of the
 * default level 6 for output within a few percent of the size, and raw capture runs on every response.
 * `flush: Z_FINISH`: the whole body is one write, so it is compressed and finished in that write; by
 * default the write ran with no flush and the stream's end took a second trip through the pool to finish
 * it (27 KB page: ~6 µs less on the main thread and ~17 µs less CPU in all per blob). The bytes are the same.
 */
export function compressBlob(bytes: Buffer): Promise<Buffer> {
  return gzipAsync(bytes, { level: 1, flush: constants.Z_FINISH });
}

export function decompressBlob(stored: Buffer): Promise<Buffer> {
  return gunzipAsync(stored);
}
