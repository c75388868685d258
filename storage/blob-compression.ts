// How every blob backend compresses raw responses, so a blob moved between backends reads back the same.
import { promisify } from 'node:util';
import { constants, gunzip, gzip } from 'node:zlib';
import { PageSlots } from '../src/fetch/page-slots';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/**
 * Compressions handed to libuv's pool at once: its default thread count. Raw capture compresses every
 * response, and with 64 pages in flight all 64 went to the pool together, each holding a zlib stream and
 * a ~256 KB deflate state while it waited for one of four threads; the allocator gave that memory back
 * and faulted it in again. Bench shop pages (27.7 KB mean), 64 offered at a time: 396-436 µs of process
 * CPU per blob, 63-73 on the main thread; four at a time: 255-278 and 42-63. The rest wait here, holding
 * nothing but their body (compressing inline was cheaper still in all, ~190 µs, but all of it on the
 * main thread, which paces the crawl).
 */
const poolSlots = new PageSlots(4);

/**
 * On libuv's thread pool. gzip level 1: on 15–40 KB product pages it takes about half the CPU of the
 * default level 6 for output within a few percent of the size, and raw capture runs on every response.
 * `flush: Z_FINISH`: the whole body is one write, so it is compressed and finished in that write; by
 * default the write ran with no flush and the stream's end took a second trip through the pool to finish
 * it (27 KB page: ~6 µs less on the main thread and ~17 µs less CPU in all per blob). The bytes are the same.
 */
export async function compressBlob(bytes: Buffer): Promise<Buffer> {
  await poolSlots.take();
  try {
    return await gzipAsync(bytes, { level: 1, flush: constants.Z_FINISH });
  } finally {
    poolSlots.release();
  }
}

export function decompressBlob(stored: Buffer): Promise<Buffer> {
  return gunzipAsync(stored);
}
