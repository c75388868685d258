// Heads that are not a plain final answer: interim 1xx before it, bodiless statuses with a length, a part or a 304 we did not ask for, Content-Length framing HTTP/1.1 forbids.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpFetcher } from '../../src/fetch/http-fetcher';
import { RawAnswerServer } from '../support/raw-answer-server';
import { fetchError, httpSettings, req } from './fetch-test-helpers';

const PAGE = '<p class="price">12.99</p>';
const OK = `HTTP/1.1 200 OK\r\ncontent-type: text/html\r\ncontent-length: ${PAGE.length}\r\n\r\n${PAGE}`;

let server: RawAnswerServer;
let fetcher: HttpFetcher;

beforeAll(async () => {
  server = await RawAnswerServer.start({
    '/early-hints': (socket) => socket.write(`HTTP/1.1 103 Early Hints\r\nlink: </shop.css>; rel=preload\r\n\r\nHTTP/1.1 102 Processing\r\n\r\n${OK}`),
    '/continue-unasked': (socket) => socket.write(`HTTP/1.1 100 Continue\r\n\r\n${OK}`),
    '/upgrade-unasked': (socket) => socket.write(`HTTP/1.1 101 Switching Protocols\r\nupgrade: websocket\r\nconnection: upgrade\r\n\r\n${PAGE}`),
    '/not-modified-with-length': (socket) => socket.write('HTTP/1.1 304 Not Modified\r\netag: "v2"\r\ncontent-length: 5120\r\n\r\n'),
    '/no-content-with-length': (socket) => socket.write('HTTP/1.1 204 No Content\r\ncontent-length: 26\r\n\r\n'),
    // The first 20 bytes of the page, cut inside its markup: the price shows, the rest of the page is missing.
    '/part-unasked': (socket) => socket.write(`HTTP/1.1 206 Partial Content\r\ncontent-range: bytes 0-19/${PAGE.length}\r\ncontent-length: 20\r\n\r\n${PAGE.slice(0, 20)}`),
    '/length-twice': (socket) => socket.write(`HTTP/1.1 200 OK\r\ncontent-length: ${PAGE.length}\r\ncontent-length: ${PAGE.length}\r\n\r\n${PAGE}`),
    '/length-twice-differing': (socket) => socket.write(`HTTP/1.1 200 OK\r\ncontent-length: 17\r\ncontent-length: ${PAGE.length}\r\n\r\n${PAGE}`),
    '/length-list': (socket) => socket.write(`HTTP/1.1 200 OK\r\ncontent-length: ${PAGE.length}, ${PAGE.length}\r\n\r\n${PAGE}`),
    '/length-then-bad-header': (socket) => socket.write(`HTTP/1.1 200 OK\r\ncontent-length: ${PAGE.length}\r\nx-trace: a\0b\r\n\r\n${PAGE}`),
    '/length-then-chunked': (socket) => socket.write(`HTTP/1.1 200 OK\r\ncontent-length: 5\r\ntransfer-encoding: chunked\r\n\r\n1a\r\n${PAGE}\r\n0\r\n\r\n`),
  });
  fetcher = new HttpFetcher(httpSettings({ timeoutMs: 5000 }));
});

afterAll(async () => {
  await fetcher.close();
  await server.close();
});

describe('interim answers', () => {
  it('103 Early Hints and 102 Processing before the answer are skipped: the page', async () => {
    const res = await fetcher.fetch(req(server.url('/early-hints')));
    expect([res.status, res.text]).toEqual([200, PAGE]);
  });

  // undici drops the connection on them; the same server sends them to every try, so they are no reset to retry.
  it.each([['/continue-unasked', '100 Continue'], ['/upgrade-unasked', '101 Switching Protocols']])('%s → FETCH_PROTOCOL naming the %s, not a reset', async (path, named) => {
    const error = await fetchError(fetcher.fetch(req(server.url(path))));
    expect(error.code).toBe('FETCH_PROTOCOL');
    expect(error.message).toContain(named);
  });
});

describe('answers that end at their head', () => {
  // The 304 answers a request that named its copy: only such a request can be told its copy is good (below).
  it.each([['/not-modified-with-length', 304], ['/no-content-with-length', 204]])('%s: the status with an empty body (its Content-Length counts no body), not a cut transfer', async (path, status) => {
    const res = await fetcher.fetch(req(server.url(path), { headers: { 'If-None-Match': '"v1"' } }));
    expect([res.status, res.body.length]).toEqual([status, 0]);
  });
});

describe('a 304 Not Modified', () => {
  it('to a request without a validator → FETCH_PROTOCOL: there is no copy it could leave unchanged, so the page never came', async () => {
    const error = await fetchError(fetcher.fetch(req(server.url('/not-modified-with-length'))));
    expect(error.code).toBe('FETCH_PROTOCOL');
    expect(error.message).toContain('304');
  });

  it.each<Record<string, string>>([{ 'If-None-Match': '"v1"' }, { 'If-Modified-Since': 'Tue, 01 Dec 2026 10:00:00 GMT' }])('to a conditional request (%o) is its answer', async (headers) => {
    const res = await fetcher.fetch(req(server.url('/not-modified-with-length'), { headers }));
    expect(res.status).toBe(304);
  });
});

describe('a 206 Partial Content', () => {
  it('to a request without Range → FETCH_PROTOCOL: a part of the page is never the page', async () => {
    const error = await fetchError(fetcher.fetch(req(server.url('/part-unasked'))));
    expect(error.code).toBe('FETCH_PROTOCOL');
    expect(error.message).toContain('206');
  });

  it('to a request that asked for a range is the part it asked for', async () => {
    const res = await fetcher.fetch(req(server.url('/part-unasked'), { headers: { Range: 'bytes=0-19' } }));
    expect([res.status, res.text]).toEqual([206, PAGE.slice(0, 20)]);
  });
});

describe('Content-Length framing HTTP/1.1 forbids', () => {
  it.each(['/length-twice', '/length-twice-differing', '/length-list', '/length-then-chunked', '/length-then-bad-header'])('%s → FETCH_PROTOCOL, not a reset to send again', async (path) => {
    const error = await fetchError(fetcher.fetch(req(server.url(path))));
    expect(error.code).toBe('FETCH_PROTOCOL');
  });
});
