// Bodies: the byte cap (exact at the boundary, on the wire and decoded), content codings, corrupt data.
import zlib from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HttpFetcher } from '../../src/fetch/http-fetcher';
import { FixtureServer } from '../support/fixture-server';
import { COMPRESSIBLE_PAGE } from '../support/fixture-routes';
import { fetchError, httpSettings, req } from './fetch-test-helpers';

const CAP = 100_000;
let server: FixtureServer;
let fetcher: HttpFetcher;

beforeAll(async () => {
  server = await FixtureServer.start();
  server.route('/zstd', (_req, res) => void res.writeHead(200, { 'content-encoding': 'zstd' }).end('not really zstd'));
  // A charset or a word in the coding's header, over a plain page (PHP's header('Content-Encoding: UTF-8')), or over gzip.
  const named = (coding: string, body: string | Buffer) => (_req: unknown, res: import('node:http').ServerResponse) => void res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': coding }).end(body);
  server.route('/named-utf-8', named('UTF-8', '<p class="price">12,99 €</p>'));
  server.route('/named-none-over-gzip', named('gzip, none', zlib.gzipSync('<p class="price">12,99 €</p>')));
  server.route('/named-utf-8-over-gzip', named('UTF-8', zlib.gzipSync('<p class="price">12,99 €</p>')));
  server.route('/named-x-foo-over-binary', named('x-foo', Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0x00, 0x58, 0x31, 0x32])));
  // A script that echoes after its gzip output: whole members, then bytes that start none.
  const junk = Buffer.from('\n<!-- page built in 0.21 s -->\n');
  const member = gzipMember(COMPRESSIBLE_PAGE);
  const badCrc = Buffer.from(member);
  badCrc[badCrc.length - 8] ^= 0xff;
  const gzipRoutes: Record<string, Buffer> = {
    '/gzip-then-junk': Buffer.concat([member, junk]),
    '/gzip-named-then-junk': Buffer.concat([gzipMember(COMPRESSIBLE_PAGE.slice(0, 1000), { name: 'index.html', extra: 'xy' }), gzipMember(COMPRESSIBLE_PAGE.slice(1000)), junk]),
    '/gzip-bad-crc-then-junk': Buffer.concat([badCrc, junk]),
    // Output compression switched off mid-page (a flush ending the gzip stream), the rest of the page echoed as it is.
    '/gzip-then-rest-of-page': Buffer.concat([gzipMember(COMPRESSIBLE_PAGE.slice(0, 1000)), Buffer.from(COMPRESSIBLE_PAGE.slice(1000))]),
    '/gzip-then-cut-member': Buffer.concat([gzipMember(COMPRESSIBLE_PAGE.slice(0, 1000)), gzipMember(COMPRESSIBLE_PAGE.slice(1000)).subarray(0, 200)]),
    // The page's second member cut inside its 10-byte header: its magic says a member began, so it is no junk after the page.
    ...Object.fromEntries([2, 3, 9].map((kept) => [`/gzip-then-member-head-${kept}`, Buffer.concat([gzipMember(COMPRESSIBLE_PAGE.slice(0, 1000)), gzipMember(COMPRESSIBLE_PAGE.slice(1000)).subarray(0, kept)])])),
  };
  for (const [path, body] of Object.entries(gzipRoutes)) server.route(path, (_req, res) => void res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(body));
  const offers = '{"offers":[{"sku":"A","price":"12.99"},{"sku":"B","price":"7.50"}]}';
  // The same after a deflate (zlib-wrapped or raw) or brotli stream, whose decoders stop at its end and drop the rest unread.
  const coded: Record<string, (text: string) => Buffer> = { deflate: (text) => zlib.deflateSync(text), 'raw-deflate': (text) => zlib.deflateRawSync(text), br: (text) => zlib.brotliCompressSync(text) };
  const headerOf: Record<string, string> = { deflate: 'deflate', 'raw-deflate': 'deflate', br: 'br' };
  for (const [name, code] of Object.entries(coded)) {
    const send = (body: Buffer) => (_req: unknown, res: import('node:http').ServerResponse) => void res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': headerOf[name]! }).end(body);
    server.route(`/${name}-then-rest-of-page`, send(Buffer.concat([code(COMPRESSIBLE_PAGE.slice(0, 1000)), Buffer.from(COMPRESSIBLE_PAGE.slice(1000))])));
    server.route(`/${name}-then-junk`, send(Buffer.concat([code(COMPRESSIBLE_PAGE), junk])));
  }
  // A page that never closes its document (the server's own markup), and a line end after its stream: nothing of the page is outside it.
  server.route('/gzip-open-document-then-crlf', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(Buffer.concat([gzipMember(COMPRESSIBLE_PAGE.slice(0, 1000)), Buffer.from('\r\n')])));
  server.route('/json-gzip-then-rest', (_req, res) => void res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(Buffer.concat([gzipMember(offers.slice(0, 36)), Buffer.from(offers.slice(36))])));
  server.route('/json-gzip-then-junk', (_req, res) => void res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(Buffer.concat([gzipMember(offers), junk])));
  // Gzip the headers do not name: kept gzipped on disk and sent as it is, or compressed twice and labelled once; and a gzip file served as one.
  const typed = (type: string, body: Buffer, coding?: string) => (_req: unknown, res: import('node:http').ServerResponse) => void res.writeHead(200, { 'content-type': type, ...(coding ? { 'content-encoding': coding } : {}) }).end(body);
  const gzipped = zlib.gzipSync(COMPRESSIBLE_PAGE);
  server.route('/gzip-undeclared', typed('text/html', gzipped));
  server.route('/gzip-twice-named-once', typed('text/html', zlib.gzipSync(gzipped), 'gzip'));
  server.route('/gzip-undeclared-cut', typed('text/html', gzipped.subarray(0, gzipped.length - 20)));
  server.route('/gzip-undeclared-bomb', typed('text/html', zlib.gzipSync(Buffer.alloc(CAP + 1, 0x20))));
  server.route('/gzip-file', typed('application/gzip', gzipped));
  server.route('/gzip-download', typed('application/octet-stream', gzipped));
  server.route('/gzip-untyped', (_req, res) => {
    res.removeHeader('content-type');
    res.writeHead(200).end(gzipped);
  });
  server.route('/gzip-xml', typed('application/rss+xml; charset=utf-8', gzipped));
  fetcher = new HttpFetcher(httpSettings({ maxBodyBytes: CAP }));
});

afterAll(async () => {
  await fetcher.close();
  await server.close();
});

afterEach(() => server.reset());

/** One gzip member (RFC 1952), with the optional file name and extra field zlib never writes. */
function gzipMember(text: string, optional: { name?: string; extra?: string } = {}): Buffer {
  const data = Buffer.from(text);
  const flags = (optional.extra ? 0x04 : 0) | (optional.name ? 0x08 : 0);
  const extra = optional.extra ? Buffer.concat([Buffer.from([optional.extra.length, 0]), Buffer.from(optional.extra)]) : Buffer.alloc(0);
  const name = optional.name ? Buffer.from(`${optional.name}\0`, 'latin1') : Buffer.alloc(0);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(zlib.crc32(data), 0);
  trailer.writeUInt32LE(data.length, 4);
  return Buffer.concat([Buffer.from([0x1f, 0x8b, 8, flags, 0, 0, 0, 0, 0, 3]), extra, name, zlib.deflateRawSync(data), trailer]);
}

describe('byte cap', () => {
  it.each([
    ['Content-Length', '&length=1'],
    ['chunked', ''],
  ])('%s: exactly the cap is fine, one byte more is FETCH_BODY_TOO_LARGE', async (_name, length) => {
    const ok = await fetcher.fetch(req(server.url(`/big?bytes=${CAP}${length}`)));
    expect(ok.body.length).toBe(CAP);
    const error = await fetchError(fetcher.fetch(req(server.url(`/big?bytes=${CAP + 1}${length}`))));
    expect(error.code).toBe('FETCH_BODY_TOO_LARGE');
  });

  it('stops reading a body far over the cap and cuts the connection', async () => {
    const total = 256 * 1024 * 1024;
    const started = performance.now();
    const error = await fetchError(fetcher.fetch(req(server.url(`/big?bytes=${total}`))));
    expect(error.code).toBe('FETCH_BODY_TOO_LARGE');
    const [record] = server.requestsTo('/big');
    await record!.closed;
    expect(record!.outcome).toBe('aborted');
    // Only what fitted into socket buffers was written, not the 256 MiB.
    expect(record!.bodyBytesSent).toBeLessThan(total / 8);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('a declared Content-Length over the cap fails before the body is read', async () => {
    const error = await fetchError(fetcher.fetch(req(server.url(`/big?bytes=${64 * 1024 * 1024}&length=1`))));
    expect(error.code).toBe('FETCH_BODY_TOO_LARGE');
    expect(error.message).toContain('Content-Length');
  });

  it('the same fetcher still works after a capped response', async () => {
    expect((await fetcher.fetch(req(server.url('/echo')))).status).toBe(200);
  });
});

describe('content codings', () => {
  it.each(['/gzip', '/x-gzip', '/br', '/deflate', '/deflate?raw=1', '/gzip-br'])('%s is decoded', async (path) => {
    const res = await fetcher.fetch(req(server.url(path)));
    expect(res.body.equals(Buffer.from(COMPRESSIBLE_PAGE))).toBe(true);
    expect(res.text).toBe(COMPRESSIBLE_PAGE);
    expect(res.$('.product').length).toBe(200);
  });

  it('the raw hash is of the decoded bytes, the same for every coding', async () => {
    const hashes = new Set<string>();
    for (const path of ['/gzip', '/br', '/deflate']) hashes.add((await fetcher.fetch(req(server.url(path)))).rawHash);
    expect(hashes.size).toBe(1);
  });

  it.each(['corrupt', 'garbage', 'truncated'])('a %s gzip body is FETCH_DECOMPRESS', async (mode) => {
    const error = await fetchError(fetcher.fetch(req(server.url(`/bad-gzip?mode=${mode}`))));
    expect(error.code).toBe('FETCH_DECOMPRESS');
  });

  it.each(['/gzip-then-junk', '/gzip-named-then-junk'])('%s: whole members, their CRC checked, then bytes that are no member: the page, as browsers read it', async (path) => {
    const res = await fetcher.fetch(req(server.url(path)));
    expect(res.text).toBe(COMPRESSIBLE_PAGE);
  });

  // The page the stream holds opened and never closed, or its JSON is still open: what follows it is the rest of
  // the page, not bytes after it. Kept, the page was cut where the compression stopped, a price with it
  // ("12.99" read as "1", the sale price after the old one lost).
  it.each(['/gzip-then-rest-of-page', '/json-gzip-then-rest', '/deflate-then-rest-of-page', '/raw-deflate-then-rest-of-page', '/br-then-rest-of-page'])('%s: a whole coded stream holding part of the document, its rest after it as it is → FETCH_DECOMPRESS, never the part', async (path) => {
    const error = await fetchError(fetcher.fetch(req(server.url(path))));
    expect(error.code).toBe('FETCH_DECOMPRESS');
    expect(error.message).toContain('the rest of');
  });

  it.each(['/deflate-then-junk', '/raw-deflate-then-junk', '/br-then-junk'])('%s: a whole page in the stream, junk after it: the page', async (path) => {
    const res = await fetcher.fetch(req(server.url(path)));
    expect(res.text).toBe(COMPRESSIBLE_PAGE);
  });

  it('/gzip-open-document-then-crlf: a document left open, only white space after its members: the page as the server wrote it', async () => {
    const res = await fetcher.fetch(req(server.url('/gzip-open-document-then-crlf')));
    expect(res.text).toBe(COMPRESSIBLE_PAGE.slice(0, 1000));
  });

  it('/json-gzip-then-junk: a whole JSON text in the members, junk after them: the text', async () => {
    const res = await fetcher.fetch(req(server.url('/json-gzip-then-junk')));
    expect(JSON.parse(res.text)).toEqual({ offers: [{ sku: 'A', price: '12.99' }, { sku: 'B', price: '7.50' }] });
  });

  it.each(['/gzip-bad-crc-then-junk', '/gzip-then-cut-member', '/gzip-then-member-head-2', '/gzip-then-member-head-3', '/gzip-then-member-head-9'])('%s: a member that does not check is still FETCH_DECOMPRESS', async (path) => {
    const error = await fetchError(fetcher.fetch(req(server.url(path))));
    expect(error.code).toBe('FETCH_DECOMPRESS');
  });

  it('an unsupported coding is FETCH_UNSUPPORTED_CODING (not retried like a corrupt body: every try gets it), not garbage text', async () => {
    const error = await fetchError(fetcher.fetch(req(server.url('/zstd'))));
    expect(error.code).toBe('FETCH_UNSUPPORTED_CODING');
    expect(error.message).toContain('zstd');
  });

  it.each(['/named-utf-8', '/named-none-over-gzip'])('%s: a name that is no coding over text is set aside, as browsers do: the page', async (path) => {
    const res = await fetcher.fetch(req(server.url(path)));
    expect(res.text).toBe('<p class="price">12,99 €</p>');
  });

  it.each(['/gzip-undeclared', '/gzip-twice-named-once', '/gzip-untyped', '/gzip-xml'])('%s: bytes that are still gzip once the named codings are undone, under a text type or none, are unpacked: the page, never its gzip bytes stored as it', async (path) => {
    const res = await fetcher.fetch(req(server.url(path)));
    expect(res.text).toBe(COMPRESSIBLE_PAGE);
  });

  it('gzip the headers do not name is held to the same checks: cut → FETCH_DECOMPRESS, over the cap → FETCH_BODY_TOO_LARGE; a file of a binary type (application/gzip, octet-stream: a .xml.gz sitemap) is kept as sent for its reader', async () => {
    expect((await fetchError(fetcher.fetch(req(server.url('/gzip-undeclared-cut'))))).code).toBe('FETCH_DECOMPRESS');
    expect((await fetchError(fetcher.fetch(req(server.url('/gzip-undeclared-bomb'))))).code).toBe('FETCH_BODY_TOO_LARGE');
    for (const path of ['/gzip-file', '/gzip-download']) expect((await fetcher.fetch(req(server.url(path)))).body.equals(zlib.gzipSync(COMPRESSIBLE_PAGE)), path).toBe(true);
  });

  it('a name that is no coding over gzip is set aside too: the bytes say what they are, and unpack to the page', async () => {
    const res = await fetcher.fetch(req(server.url('/named-utf-8-over-gzip')));
    expect(res.text).toBe('<p class="price">12,99 €</p>');
  });

  it.each(['/named-x-foo-over-binary'])('%s: a name that is no coding over binary bytes is FETCH_UNSUPPORTED_CODING, never bytes read as a page', async (path) => {
    const error = await fetchError(fetcher.fetch(req(server.url(path))));
    expect(error.code).toBe('FETCH_UNSUPPORTED_CODING');
  });

  it('the cap applies to decoded bytes: exactly the cap inflates, one more byte is a bomb', async () => {
    const ok = await fetcher.fetch(req(server.url(`/bomb?bytes=${CAP}`)));
    expect(ok.body.length).toBe(CAP);
    const error = await fetchError(fetcher.fetch(req(server.url(`/bomb?bytes=${CAP + 1}`))));
    expect(error.code).toBe('FETCH_BODY_TOO_LARGE');
  });

  it('a 64 MiB gzip bomb is stopped at the cap, quickly', async () => {
    const started = performance.now();
    const error = await fetchError(fetcher.fetch(req(server.url('/bomb'))));
    expect(error.code).toBe('FETCH_BODY_TOO_LARGE');
    expect(error.message).toContain('decoded');
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
