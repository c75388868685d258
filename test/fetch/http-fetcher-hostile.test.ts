// Round 14 of hostile servers: coded bodies cut inside a right length, redirects to other schemes or odd Locations, a POST's 308.
import type { ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpFetcher } from '../../src/fetch/http-fetcher';
import { FixtureServer } from '../support/fixture-server';
import { fetchError, httpSettings, req } from './fetch-test-helpers';

let server: FixtureServer;
let fetcher: HttpFetcher;
const PAGE = Buffer.from(`<!doctype html><html><body>${'<p>filler text of a product page</p>'.repeat(200)}<p class="price">12.99</p></body></html>`);

/** The coded bytes of the page's first 3,000 bytes, flushed (a streaming compressor's output up to a flush), without the stream's end. */
function flushedHead(compressor: zlib.Gzip | zlib.BrotliCompress, flush: number): Promise<Buffer> {
  return new Promise((resolve) => {
    const out: Buffer[] = [];
    compressor.on('data', (chunk: Buffer) => out.push(chunk));
    compressor.write(PAGE.subarray(0, 3_000));
    compressor.flush(flush, () => resolve(Buffer.concat(out)));
  });
}

const coded = (encoding: string, body: Buffer) => (_req: unknown, res: ServerResponse) =>
  void res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': encoding, 'content-length': body.length }).end(body);

beforeAll(async () => {
  server = await FixtureServer.start({ builtInRoutes: false });
  const br = zlib.brotliCompressSync(PAGE);
  server.route('/br-cut', coded('br', br.subarray(0, Math.floor(br.length / 2))));
  server.route('/br-flushed-head', coded('br', await flushedHead(zlib.createBrotliCompress(), zlib.constants.BROTLI_OPERATION_FLUSH)));
  server.route('/gzip-flushed-head', coded('gzip', await flushedHead(zlib.createGzip(), zlib.constants.Z_SYNC_FLUSH)));
  const gzip = zlib.gzipSync(PAGE);
  server.route('/gzip-no-trailer', coded('gzip', gzip.subarray(0, gzip.length - 8)));
  const badCrc = Buffer.from(gzip);
  badCrc.writeUInt32LE(badCrc.readUInt32LE(badCrc.length - 8) ^ 1, badCrc.length - 8);
  server.route('/gzip-bad-crc', coded('gzip', badCrc));
  for (const [name, location] of Object.entries({ javascript: 'javascript:alert(1)', data: 'data:text/html,<p class=price>1.00</p>', file: 'file:///etc/passwd', ftp: 'ftp://127.0.0.1/p' })) {
    server.route(`/to-${name}`, (_req, res) => void res.writeHead(302, { location }).end());
  }
  server.route('/to-spaced', (_req, res) => void res.socket!.end('HTTP/1.1 301 Moved\r\nlocation:  /echo/a b?q=c d \r\ncontent-length: 0\r\nconnection: close\r\n\r\n'));
  server.route('/to-utf8', (_req, res) => void res.socket!.end(Buffer.concat([Buffer.from('HTTP/1.1 301 Moved\r\nlocation: /echo/'), Buffer.from('été?größe=1', 'utf8'), Buffer.from('\r\ncontent-length: 0\r\nconnection: close\r\n\r\n')])));
  server.route('/echo/:rest', (req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end(`${req.method} ${req.url}`));
  server.route('/post-308', (_req, res) => void res.writeHead(308, { location: '/posted' }).end());
  server.route('/posted', (req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end(req.method));
  server.route('/query-loop', (req, res) => {
    const n = Number(new URL(req.url!, 'http://x').searchParams.get('n') ?? 0);
    res.writeHead(302, { location: `/query-loop?n=${n + 1}` }).end();
  });
  fetcher = new HttpFetcher(httpSettings());
});

afterAll(async () => {
  await fetcher.close();
  await server.close();
});

describe('a coded body cut inside a right Content-Length', () => {
  it.each(['/br-cut', '/br-flushed-head', '/gzip-flushed-head', '/gzip-no-trailer', '/gzip-bad-crc'])('%s → FETCH_DECOMPRESS (retried), never the part', async (path) => {
    const error = await fetchError(fetcher.fetch(req(server.url(path))));
    expect(error.code).toBe('FETCH_DECOMPRESS');
  });
});

describe('a redirect off HTTP', () => {
  it.each(['javascript', 'data', 'file', 'ftp'])('to a %s: URL → FETCH_BAD_REDIRECT, naming it', async (name) => {
    const error = await fetchError(fetcher.fetch(req(server.url(`/to-${name}`))));
    expect(error.code).toBe('FETCH_BAD_REDIRECT');
    expect(error.message).toContain(`${name}:`);
  });
});

describe('a Location as servers write it', () => {
  it('with spaces (and around it): followed with them escaped, as browsers do', async () => {
    const res = await fetcher.fetch(req(server.url('/to-spaced')));
    expect(res.text).toBe('GET /echo/a%20b?q=c%20d');
  });

  it('in raw UTF-8: read as UTF-8 and escaped as such', async () => {
    const res = await fetcher.fetch(req(server.url('/to-utf8')));
    expect(res.text).toBe('GET /echo/%C3%A9t%C3%A9?gr%C3%B6%C3%9Fe=1');
  });

  it('a 308 to a POST keeps its method and body', async () => {
    const res = await fetcher.fetch(req(server.url('/post-308'), { method: 'POST', body: 'sku=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } }));
    expect(res.text).toBe('POST');
    expect(server.requestsTo('/posted')[0]).toMatchObject({ method: 'POST', body: 'sku=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  });

  it('a loop whose query changes on every hop ends at the hop limit', async () => {
    const error = await fetchError(fetcher.fetch(req(server.url('/query-loop'))));
    expect(error.code).toBe('FETCH_TOO_MANY_REDIRECTS');
    expect(server.requestsTo('/query-loop').length).toBeLessThanOrEqual(11);
  });
});
