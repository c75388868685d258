// Heads that are not a plain final answer: interim 1xx before it, bodiless statuses with a length, a part or a 304 we did not ask for, Content-Length framing HTTP/1.1 forbids.
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpFetcher } from '../../src/fetch/http-fetcher';
import { RawAnswerServer } from '../support/raw-answer-server';
import { fetchError, httpSettings, req } from './fetch-test-helpers';

const PAGE = '<p class="price">12.99</p>';
const OK = `HTTP/1.1 200 OK\r\ncontent-type: text/html\r\ncontent-length: ${PAGE.length}\r\n\r\n${PAGE}`;

let server: RawAnswerServer;
let fetcher: HttpFetcher;
/** One connection per host: a request after another one goes on the socket that carried it. */
let oneSocket: HttpFetcher;
/**
 * Bytes a connection's last answer still owed, written before its next answer: a server that sends the
 * last chunk of a body its 204 or 304 must not have a moment after the head reaches the same answer late.
 */
const owed = new WeakMap<Socket, string>();
const owing = (head: string) => (socket: Socket) => {
  socket.write(head);
  owed.set(socket, '0\r\n\r\n');
};

beforeAll(async () => {
  server = await RawAnswerServer.start({
    '/early-hints': (socket) => socket.write(`HTTP/1.1 103 Early Hints\r\nlink: </shop.css>; rel=preload\r\n\r\nHTTP/1.1 102 Processing\r\n\r\n${OK}`),
    '/continue-unasked': (socket) => socket.write(`HTTP/1.1 100 Continue\r\n\r\n${OK}`),
    // Interim heads in packets of their own, one after the final head's first bytes: each is skipped as it comes.
    '/continue-twice-split': (socket) => {
      socket.write('HTTP/1.1 10');
      setImmediate(() => socket.write('0 Continue\r\n\r\nHTTP/1.1 100 Continue\r\nx-a: b\r\n\r\nHTTP/1.1 2'));
      setTimeout(() => socket.write(OK.slice('HTTP/1.1 2'.length)), 20);
    },
    '/upgrade-unasked': (socket) => socket.write(`HTTP/1.1 101 Switching Protocols\r\nupgrade: websocket\r\nconnection: upgrade\r\n\r\n${PAGE}`),
    '/not-modified-with-length': (socket) => socket.write('HTTP/1.1 304 Not Modified\r\netag: "v2"\r\ncontent-length: 5120\r\n\r\n'),
    '/no-content-with-length': (socket) => socket.write('HTTP/1.1 204 No Content\r\ncontent-length: 26\r\n\r\n'),
    // Content a 205 must not have (RFC 9110 §15.3.6), framed by its head: by a length, or in chunks.
    '/reset-content-with-page': (socket) => socket.write(`HTTP/1.1 205 Reset Content\r\ncontent-type: text/html\r\ncontent-length: ${PAGE.length}\r\n\r\n${PAGE}`),
    '/reset-content-chunked-page': (socket) => socket.write(`HTTP/1.1 205 Reset Content\r\ncontent-type: text/html\r\ntransfer-encoding: chunked\r\n\r\n${PAGE.length.toString(16)}\r\n${PAGE}\r\n0\r\n\r\n`),
    // The first 20 bytes of the page, cut inside its markup: the price shows, the rest of the page is missing.
    '/part-unasked': (socket) => socket.write(`HTTP/1.1 206 Partial Content\r\ncontent-range: bytes 0-19/${PAGE.length}\r\ncontent-length: 20\r\n\r\n${PAGE.slice(0, 20)}`),
    // The whole page as its one part (a CDN that answers 206 whatever was asked): the range names every byte.
    '/part-whole': (socket) => socket.write(`HTTP/1.1 206 Partial Content\r\ncontent-range: bytes 0-${PAGE.length - 1}/${PAGE.length}\r\ncontent-length: ${PAGE.length}\r\n\r\n${PAGE}`),
    '/part-unknown-total': (socket) => socket.write(`HTTP/1.1 206 Partial Content\r\ncontent-range: bytes 0-${PAGE.length - 1}/*\r\ncontent-length: ${PAGE.length}\r\n\r\n${PAGE}`),
    '/length-twice': (socket) => socket.write(`HTTP/1.1 200 OK\r\ncontent-length: ${PAGE.length}\r\ncontent-length: ${PAGE.length}\r\n\r\n${PAGE}`),
    '/length-twice-differing': (socket) => socket.write(`HTTP/1.1 200 OK\r\ncontent-length: 17\r\ncontent-length: ${PAGE.length}\r\n\r\n${PAGE}`),
    '/length-list': (socket) => socket.write(`HTTP/1.1 200 OK\r\ncontent-length: ${PAGE.length}, ${PAGE.length}\r\n\r\n${PAGE}`),
    '/length-list-differing': (socket) => socket.write(`HTTP/1.1 200 OK\r\ncontent-length: ${PAGE.length}, 17\r\n\r\n${PAGE}`),
    // The second length arrives in its own packet, cut inside its name and its value.
    '/length-twice-split': (socket) => {
      socket.write(`HTTP/1.1 200 OK\r\nContent-Length: ${PAGE.length}\r\nContent-Len`);
      setImmediate(() => socket.write(`gth:  ${String(PAGE.length).slice(0, 1)}`));
      setTimeout(() => socket.write(`${String(PAGE.length).slice(1)}\r\ncontent-type: text/html\r\n\r\n${PAGE}`), 20);
    },
    '/length-then-bad-header': (socket) => socket.write(`HTTP/1.1 200 OK\r\ncontent-length: ${PAGE.length}\r\nx-trace: a\0b\r\n\r\n${PAGE}`),
    '/length-then-chunked': (socket) => socket.write(`HTTP/1.1 200 OK\r\ncontent-length: 5\r\ntransfer-encoding: chunked\r\n\r\n1a\r\n${PAGE}\r\n0\r\n\r\n`),
    '/no-content-chunked': owing('HTTP/1.1 204 No Content\r\ntransfer-encoding: chunked\r\n\r\n'),
    '/not-modified-chunked': owing('HTTP/1.1 304 Not Modified\r\netag: "v2"\r\ntransfer-encoding: chunked\r\n\r\n'),
    '/page': (socket) => {
      socket.write(`${owed.get(socket) ?? ''}${OK}`);
      owed.delete(socket);
    },
  });
  fetcher = new HttpFetcher(httpSettings({ timeoutMs: 5000 }));
  oneSocket = new HttpFetcher(httpSettings({ timeoutMs: 5000, keepAliveConnectionsPerHost: 1 }));
});

afterAll(async () => {
  await fetcher.close();
  await oneSocket.close();
  await server.close();
});

describe('interim answers', () => {
  it('103 Early Hints and 102 Processing before the answer are skipped: the page', async () => {
    const res = await fetcher.fetch(req(server.url('/early-hints')));
    expect([res.status, res.text]).toEqual([200, PAGE]);
  });

  // RFC 9110 §15.2: a client that did not ask for it may ignore a 100 Continue; Chromium and curl skip it. undici
  // dropped the connection on it, and every page of such a server was lost as fetch/protocol on every run.
  it.each(['/continue-unasked', '/continue-twice-split'])('%s: a 100 Continue nobody asked for is skipped like the other interim answers: the page', async (path) => {
    const res = await fetcher.fetch(req(server.url(path)));
    expect([res.status, res.text]).toEqual([200, PAGE]);
  });

  it('the connection that carried one goes on to the next request of the host', async () => {
    const sockets = new Set<Socket>();
    const own = await RawAnswerServer.start({
      '/continue': (socket) => {
        sockets.add(socket);
        socket.write(`HTTP/1.1 100 Continue\r\n\r\n${OK}`);
      },
    });
    try {
      for (let i = 0; i < 3; i++) {
        const res = await oneSocket.fetch(req(own.url('/continue')));
        expect([res.status, res.text]).toEqual([200, PAGE]);
      }
      expect(sockets.size).toBe(1);
    } finally {
      await own.close();
    }
  });

  // undici drops the connection on it; the same server sends it to every try, so it is no reset to retry.
  it('/upgrade-unasked → FETCH_PROTOCOL naming the 101 Switching Protocols, not a reset', async () => {
    const error = await fetchError(fetcher.fetch(req(server.url('/upgrade-unasked'))));
    expect(error.code).toBe('FETCH_PROTOCOL');
    expect(error.message).toContain('101 Switching Protocols');
  });
});

describe('answers that end at their head', () => {
  // The 304 answers a request that named its copy: only such a request can be told its copy is good (below).
  it.each([['/not-modified-with-length', 304], ['/no-content-with-length', 204]])('%s: the status with an empty body (its Content-Length counts no body), not a cut transfer', async (path, status) => {
    const res = await fetcher.fetch(req(server.url(path), { headers: { 'If-None-Match': '"v1"' } }));
    expect([res.status, res.body.length]).toEqual([status, 0]);
  });
});

describe('a 205 Reset Content with content', () => {
  // Chromium shows no page for a 205 (document-answer.ts: an empty page, as a 204); over HTTP its content was
  // the page, and its price stored. Its framing still holds: the connection carries the next page in step.
  it.each(['/reset-content-with-page', '/reset-content-chunked-page'])('%s: the status with an empty body, and the next page on the connection its own', async (path) => {
    const res = await oneSocket.fetch(req(server.url(path)));
    expect([res.status, res.body.length]).toEqual([205, 0]);
    const next = await oneSocket.fetch(req(server.url('/page')));
    expect(next.text).toBe(PAGE);
  });
});

describe('a 204 or 304 whose head frames a body (Transfer-Encoding: chunked)', () => {
  // What the server sends after such a head on a kept-alive connection (a last chunk) was read as the start of
  // the next answer: an innocent page of the host failed as fetch/protocol, which is never retried.
  it.each(['/no-content-chunked', '/not-modified-chunked'])('%s ends its connection: the next request on the host gets its own page', async (path) => {
    const res = await oneSocket.fetch(req(server.url(path), { headers: { 'If-None-Match': '"v1"' } }));
    expect(res.body.length).toBe(0);
    const next = await oneSocket.fetch(req(server.url('/page')));
    expect([next.status, next.text]).toEqual([200, PAGE]);
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

  // RFC 9110 §14.4: a part from byte 0 to the last of a representation whose length it names is all of it.
  it('whose range is the whole representation is the page; one of unknown length is not', async () => {
    const res = await fetcher.fetch(req(server.url('/part-whole')));
    expect([res.status, res.text]).toEqual([206, PAGE]);
    expect((await fetchError(fetcher.fetch(req(server.url('/part-unknown-total'))))).code).toBe('FETCH_PROTOCOL');
  });

  it('to a request that asked for a range is the part it asked for', async () => {
    const res = await fetcher.fetch(req(server.url('/part-unasked'), { headers: { Range: 'bytes=0-19' } }));
    expect([res.status, res.text]).toEqual([206, PAGE.slice(0, 20)]);
  });
});

describe('Content-Length framing HTTP/1.1 forbids', () => {
  // RFC 9110 §8.6: one length given twice, or as a list of one value, is that length; Chromium and Firefox read
  // such an answer (an application's header and its proxy's). Refused, every page of such a site was lost on every run.
  it.each(['/length-twice', '/length-list', '/length-twice-split'])('%s (one value) is the page', async (path) => {
    const res = await fetcher.fetch(req(server.url(path)));
    expect([res.status, res.text, res.header('content-length')]).toEqual([200, PAGE, String(PAGE.length)]);
  });

  it.each(['/length-twice-differing', '/length-list-differing', '/length-then-chunked', '/length-then-bad-header'])('%s → FETCH_PROTOCOL, not a reset to send again', async (path) => {
    const error = await fetchError(fetcher.fetch(req(server.url(path))));
    expect(error.code).toBe('FETCH_PROTOCOL');
  });
});
