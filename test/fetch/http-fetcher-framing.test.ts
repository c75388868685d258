// How a body's end is known (RFC 9112 §6.3) when the server breaks it off: a body cut short is never a page.
import type { ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpFetcher } from '../../src/fetch/http-fetcher';
import { FixtureServer } from '../support/fixture-server';
import { fetchError, headersParsed, httpSettings, req } from './fetch-test-helpers';

let server: FixtureServer;
let fetcher: HttpFetcher;
const PARTIAL = '<html><body><p class="price">12';

/** Writes `head` and the start of a page in one write, then resets the connection once the client has read them. */
function resetAfterPartial(res: ServerResponse, path: string, head: string, body = PARTIAL): void {
  const socket = res.socket!;
  void headersParsed(path).then(() => socket.resetAndDestroy());
  socket.write(`${head}\r\n\r\n${body}`);
}

beforeAll(async () => {
  server = await FixtureServer.start({ builtInRoutes: false });
  server.route('/close-delimited-reset', (_req, res) => resetAfterPartial(res, '/close-delimited-reset', 'HTTP/1.1 200 OK\r\ncontent-type: text/html\r\nconnection: close'));
  server.route('/http10-reset', (_req, res) => resetAfterPartial(res, '/http10-reset', 'HTTP/1.0 200 OK\r\ncontent-type: text/html'));
  server.route('/chunked-reset', (_req, res) => resetAfterPartial(res, '/chunked-reset', 'HTTP/1.1 200 OK\r\ncontent-type: text/html\r\ntransfer-encoding: chunked\r\nconnection: close', `${PARTIAL.length.toString(16)}\r\n${PARTIAL}\r\n`));
  server.route('/length-reset', (_req, res) => resetAfterPartial(res, '/length-reset', 'HTTP/1.1 200 OK\r\ncontent-type: text/html\r\nconnection: close\r\ncontent-length: 60'));
  server.route('/close-delimited-fin', (_req, res) => void res.socket!.end('HTTP/1.1 200 OK\r\ncontent-type: text/html\r\n\r\n<p class="price">12.99</p>'));
  // Ended by a clean FIN (HTTP/1.0, or `connection: close` and no length) inside the document: its JSON-LD offer cut in its price.
  const documentCut = '<!doctype html><html><head><script type="application/ld+json">{"@type":"Product","offers":{"price":"12';
  server.route('/document-fin', (_req, res) => void res.socket!.end(`HTTP/1.0 200 OK\r\ncontent-type: text/html\r\n\r\n${documentCut}`));
  server.route('/json-fin', (_req, res) => void res.socket!.end('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nconnection: close\r\n\r\n{"sku":"a-1","offers":[{"price":12'));
  server.route('/document-whole-fin', (_req, res) => void res.socket!.end('HTTP/1.0 200 OK\r\ncontent-type: text/html\r\n\r\n<HTML><body><p class="price">12.99</p></body>\r\n'));
  server.route('/json-whole-fin', (_req, res) => void res.socket!.end('HTTP/1.0 200 OK\r\ncontent-type: application/problem+json\r\n\r\n{"sku":"a-1","note":"a [ { \\" in text","price":"12.99"}\n'));
  server.route('/document-unclosed-by-length', (_req, res) => void res.socket!.end(`HTTP/1.1 200 OK\r\ncontent-type: text/html\r\nconnection: close\r\ncontent-length: ${documentCut.length}\r\n\r\n${documentCut}`));
  server.route('/chunked-fin', (_req, res) => void res.socket!.end(`HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\nconnection: close\r\n\r\n${PARTIAL.length.toString(16)}\r\n${PARTIAL}\r\n`));
  // A server that counts characters, not bytes: the length ends 2 × 12 bytes early, and `12,800円` reads `12,`.
  const japanese = `<html><body><h1>${'商'.repeat(11)}</h1><p class="price">12,800円</p></body></html>`;
  server.route('/length-in-characters', (_req, res) => void res.socket!.write(`HTTP/1.1 200 OK\r\ncontent-type: text/html; charset=utf-8\r\ncontent-length: ${japanese.length}\r\n\r\n${japanese}`));
  // The same, closing the connection after the answer (`connection: close`, or HTTP/1.0): undici drops the bytes past the
  // length with the connection, where a kept-alive one reads them as a broken next answer.
  const closing = (version: string, length: number, tail = '') => `${version} 200 OK\r\ncontent-type: text/html; charset=utf-8\r\nconnection: close\r\ncontent-length: ${length}\r\n\r\n${japanese}${tail}`;
  server.route('/length-in-characters-close', (_req, res) => void res.socket!.end(closing('HTTP/1.1', japanese.length)));
  server.route('/length-in-characters-http10', (_req, res) => void res.socket!.end(closing('HTTP/1.0', japanese.length)));
  server.route('/length-exact-close', (_req, res) => void res.socket!.end(closing('HTTP/1.1', Buffer.byteLength(japanese))));
  server.route('/length-exact-close-then-crlf', (_req, res) => void res.socket!.end(closing('HTTP/1.1', Buffer.byteLength(japanese), '\r\n')));
  server.route('/continue-then-length-in-characters-close', (_req, res) => void res.socket!.end(`HTTP/1.1 103 Early Hints\r\nlink: </a.css>; rel=preload\r\n\r\n${closing('HTTP/1.1', japanese.length)}`));
  // Old CGI scripts end their output with a CRLF the length does not count; parsers skip it, and so do we.
  server.route('/length-then-crlf', (_req, res) => void res.socket!.write(`HTTP/1.1 200 OK\r\ncontent-length: 26\r\n\r\n<p class="price">12.99</p>\r\n`));
  // A framework that writes an empty chunk on an empty flush: its last-chunk mark ends the body mid-page, the rest of the page after it.
  // (Ended with the connection: the raw answer never ends its ServerResponse, which would hold the connection's next answer.)
  const chunk = (text: string) => `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`;
  const chunkedHead = 'HTTP/1.1 200 OK\r\ncontent-type: text/html; charset=utf-8\r\ntransfer-encoding: chunked\r\n\r\n';
  server.route('/early-last-chunk', (_req, res) => void res.socket!.end(`${chunkedHead}${chunk('<html><body><p class="was">$49.99</p>')}0\r\n\r\n${chunk('<p class="price">$29.99</p></body></html>')}0\r\n\r\n`));
  server.route('/chunked-then-crlf', (_req, res) => void res.socket!.end(`${chunkedHead}${chunk('<p class="price">12.99</p>')}0\r\n\r\n\r\n`));
  // (Content-Length before Transfer-Encoding: http-fetcher-heads.test.ts.)
  const malformed: Record<string, string> = {
    '/length-and-chunked': 'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\ncontent-length: 5\r\n\r\n1a\r\n<p class="price">12.99</p>\r\n0\r\n\r\n',
    '/bad-chunk-size': 'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n<p class="price">12.99</p>\r\n0\r\n\r\n',
    '/not-http': 'SHOP 200 OK\r\ncontent-length: 26\r\n\r\n<p class="price">12.99</p>',
    // Three digits, but no status (RFC 9110 §15: 100 to 599); undici asserted on it (FETCH_FAILED, 'ERR_ASSERTION').
    '/status-below-100': 'HTTP/1.1 099 OK\r\ncontent-length: 26\r\n\r\n<p class="price">12.99</p>',
    '/header-line-of-1-mib': `HTTP/1.1 200 OK\r\nx-debug: ${'a'.repeat(1 << 20)}\r\ncontent-length: 26\r\n\r\n<p class="price">12.99</p>`,
  };
  for (const [path, answer] of Object.entries(malformed)) server.route(path, (_req, res) => void res.socket!.write(answer));
  // Compressed in transit (a transfer coding), though we sent no TE header: gzip under the chunked framing, or alone and delimited by the close.
  // (`connection: close`: the raw answer never ends its ServerResponse, so the fixture server would hold the connection's next answer.)
  const PRICE = '<p class="price">12.99</p>';
  const transferred = (coding: string, bytes: Buffer, end = false) => (_req: unknown, res: ServerResponse) => {
    const socket = res.socket!;
    socket.write(`HTTP/1.1 200 OK\r\ncontent-type: text/html\r\ntransfer-encoding: ${coding}\r\nconnection: close\r\n\r\n`);
    if (end) return void socket.end(bytes);
    socket.write(`${bytes.length.toString(16)}\r\n`);
    socket.write(bytes);
    socket.write('\r\n0\r\n\r\n');
  };
  server.route('/te-gzip-chunked', transferred('gzip, chunked', zlib.gzipSync(PRICE)));
  server.route('/te-gzip-then-close', transferred('gzip', zlib.gzipSync(PRICE), true));
  server.route('/te-br-over-gzip', (_req, res) => {
    const body = zlib.brotliCompressSync(zlib.gzipSync(PRICE));
    res.socket!.write(`HTTP/1.1 200 OK\r\ncontent-encoding: gzip\r\ntransfer-encoding: br, chunked\r\nconnection: close\r\n\r\n${body.length.toString(16)}\r\n`);
    res.socket!.write(body);
    res.socket!.write('\r\n0\r\n\r\n');
  });
  server.route('/te-unknown', transferred('x-shop-pack, chunked', Buffer.from(PRICE)));
  const policy = `default-src 'self' ${Array.from({ length: 2000 }, (_, i) => `https://cdn${i}.shop.example`).join(' ')}`;
  server.route('/long-policy', (_req, res) => void res.writeHead(200, { 'content-security-policy': policy, 'content-type': 'text/html' }).end('<p class="price">12.99</p>'));
  fetcher = new HttpFetcher(httpSettings({ timeoutMs: 5000 }));
});

afterAll(async () => {
  await fetcher.close();
  await server.close();
});

describe('a body delimited by the close of its connection', () => {
  it.each(['/close-delimited-reset', '/http10-reset'])('%s: cut by a reset → FETCH_CONNECTION_RESET, never the cut page', async (path) => {
    const error = await fetchError(fetcher.fetch(req(server.url(path))));
    expect(error.code).toBe('FETCH_CONNECTION_RESET');
  });

  it('ended by a graceful close is the whole page, as in every client', async () => {
    const res = await fetcher.fetch(req(server.url('/close-delimited-fin')));
    expect(res.text).toBe('<p class="price">12.99</p>');
  });

  it.each(['/document-fin', '/json-fin'])('%s: ended by a graceful close inside its document (an <html> never closed, JSON still open) → FETCH_TRUNCATED, never the cut page', async (path) => {
    const error = await fetchError(fetcher.fetch(req(server.url(path))));
    expect(error.code).toBe('FETCH_TRUNCATED');
  });

  it('a document that closed (</body> or </html>, any case) or a JSON text that did (brackets and quotes in its strings aside) is the page', async () => {
    expect((await fetcher.fetch(req(server.url('/document-whole-fin')))).text).toContain('12.99</p></body>');
    expect((await fetcher.fetch(req(server.url('/json-whole-fin')))).json()).toMatchObject({ price: '12.99' });
  });

  it('an unclosed document its Content-Length frames is the page the server meant: only a close can hide a cut', async () => {
    expect((await fetcher.fetch(req(server.url('/document-unclosed-by-length')))).text).toContain('"price":"12');
  });
});

describe('a body with its own framing, cut off', () => {
  it.each(['/chunked-reset', '/chunked-fin', '/length-reset'])('%s → FETCH_CONNECTION_RESET', async (path) => {
    const error = await fetchError(fetcher.fetch(req(server.url(path))));
    expect(error.code).toBe('FETCH_CONNECTION_RESET');
  });
});

describe('a Content-Length short of the body', () => {
  it('(a length in characters of multi-byte text) → FETCH_PROTOCOL, never the page cut inside its price', async () => {
    const error = await fetchError(fetcher.fetch(req(server.url('/length-in-characters'))));
    expect(error.code).toBe('FETCH_PROTOCOL');
  });

  it('a CRLF after the body is not more body', async () => {
    const res = await fetcher.fetch(req(server.url('/length-then-crlf')));
    expect(res.text).toBe('<p class="price">12.99</p>');
  });
});

describe('a Content-Length short of the body, the connection closed after the answer', () => {
  // A fetcher of its own: the shared one's pool holds the kept-alive connection of /length-then-crlf, which gets no further answer.
  let own: HttpFetcher;
  beforeAll(() => void (own = new HttpFetcher(httpSettings({ timeoutMs: 5000 }))));
  afterAll(() => own.close());

  it.each(['/length-in-characters-close', '/length-in-characters-http10', '/continue-then-length-in-characters-close'])('%s: the same with the connection closed after the answer → FETCH_PROTOCOL, not the page cut silently', async (path) => {
    const error = await fetchError(own.fetch(req(server.url(path))));
    expect(error.code).toBe('FETCH_PROTOCOL');
    expect(error.message).toContain('the Content-Length');
  });

  it.each(['/length-exact-close', '/length-exact-close-then-crlf'])('%s: a length that is right, the connection closed after it, is the page', async (path) => {
    const res = await own.fetch(req(server.url(path)));
    expect(res.text.endsWith('<p class="price">12,800円</p></body></html>')).toBe(true);
  });
});

describe('a last chunk before the end of the page', () => {
  // A fetcher of its own: the kept-alive connection of /length-then-crlf, whose raw answer never ended its ServerResponse, gets no further answer.
  let own: HttpFetcher;
  beforeAll(() => void (own = new HttpFetcher(httpSettings({ timeoutMs: 5000 }))));
  afterAll(() => own.close());

  it('(an empty chunk written on a flush, the page going on after it) → FETCH_PROTOCOL, never the page cut before its price', async () => {
    const error = await fetchError(own.fetch(req(server.url('/early-last-chunk'))));
    expect(error.code).toBe('FETCH_PROTOCOL');
    expect(error.message).toContain('after its last chunk');
  });

  it('a CRLF after the last chunk is not more page', async () => {
    const res = await own.fetch(req(server.url('/chunked-then-crlf')));
    expect(res.text).toBe('<p class="price">12.99</p>');
  });
});

describe('answers that break HTTP/1.1', () => {
  // (A head whose lines end in a bare LF is read, as browsers read it: http-fetcher-lf-heads.test.ts.)
  it.each(['/length-and-chunked', '/bad-chunk-size', '/not-http', '/header-line-of-1-mib', '/status-below-100'])('%s → FETCH_PROTOCOL', async (path) => {
    const error = await fetchError(fetcher.fetch(req(server.url(path))));
    expect(error.code).toBe('FETCH_PROTOCOL');
  });

  it('a status below 100 is named as one, not as an assertion of undici\'s', async () => {
    const error = await fetchError(fetcher.fetch(req(server.url('/status-below-100'))));
    expect(error.message).toMatch(/^a status code below 100/);
  });

  it('headers over Node\'s 16 KiB (a long Content-Security-Policy) are an answer like any other', async () => {
    const res = await fetcher.fetch(req(server.url('/long-policy')));
    expect(res.text).toBe('<p class="price">12.99</p>');
  });
});

describe('a transfer coding other than chunked', () => {
  it.each(['/te-gzip-chunked', '/te-gzip-then-close', '/te-br-over-gzip'])('%s is undone (transfer codings first, then content codings): the page, never its compressed bytes', async (path) => {
    const res = await fetcher.fetch(req(server.url(path)));
    expect(res.text).toBe('<p class="price">12.99</p>');
  });

  it('one we cannot undo is FETCH_UNSUPPORTED_CODING naming it, not its bytes kept as the page', async () => {
    const error = await fetchError(fetcher.fetch(req(server.url('/te-unknown'))));
    expect(error.code).toBe('FETCH_UNSUPPORTED_CODING');
    expect(error.message).toContain('x-shop-pack');
  });
});
