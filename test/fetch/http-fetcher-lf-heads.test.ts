// Answer heads whose lines end in a bare LF (a hand-written CGI head, a small embedded server): the page, as Chromium, Firefox and curl read it.
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpFetcher } from '../../src/fetch/http-fetcher';
import { RawAnswerServer } from '../support/raw-answer-server';
import { fetchError, httpSettings, req } from './fetch-test-helpers';

// A body with bare LFs of its own: they are page, never line ends of anything.
const PAGE = '<html><body>\n<p class="price">12.99</p>\n\n</body></html>\n';
const lfHead = (status: string, fields: string[]) => `HTTP/1.1 ${status}\n${fields.map((field) => `${field}\n`).join('')}\n`;
const page = (...fields: string[]) => `${lfHead('200 OK', ['Content-Type: text/html; charset=utf-8', ...fields, `Content-Length: ${PAGE.length}`])}${PAGE}`;

let server: RawAnswerServer;
/** One connection per host: each answer follows the one before on the same socket. */
let oneSocket: HttpFetcher;
const sockets = new Set<Socket>();
const write = (bytes: string) => (socket: Socket) => {
  sockets.add(socket);
  socket.write(bytes);
};

beforeAll(async () => {
  server = await RawAnswerServer.start({
    '/lf-head': write(page()),
    // HTTP/1.0, its body delimited by the close.
    '/lf-head-http10': (socket) => socket.end(`HTTP/1.0 200 OK\nContent-Type: text/html\n\n${PAGE}`),
    // Its lines mixed: CR LF from the server, bare LF from the script behind it; the head ended by a bare LF.
    '/mixed-head': write(`HTTP/1.1 200 OK\r\nServer: shop\r\nContent-Type: text/html\nContent-Length: ${PAGE.length}\r\n\n${PAGE}`),
    '/lf-chunked': write(`${lfHead('200 OK', ['Content-Type: text/html', 'Transfer-Encoding: chunked'])}${PAGE.length.toString(16)}\r\n${PAGE}\r\n0\r\n\r\n`),
    // Its chunked framing written with bare LFs too, as Chromium's decoder reads it.
    '/lf-chunk-lines': write(`${lfHead('200 OK', ['Content-Type: text/html', 'Transfer-Encoding: chunked'])}${PAGE.length.toString(16)}\n${PAGE}\n0\n\n`),
    '/lf-continue': write(`HTTP/1.1 100 Continue\n\n${page()}`),
    '/lf-redirect': write(lfHead('302 Found', ['Location: /lf-head', 'Content-Length: 0'])),
    '/lf-no-content': write(lfHead('204 No Content', [])),
    '/bare-cr': write(`HTTP/1.1 200 OK\rContent-Length: ${PAGE.length}\r\r${PAGE}`),
  });
  oneSocket = new HttpFetcher(httpSettings({ timeoutMs: 5000, keepAliveConnectionsPerHost: 1 }));
});

afterAll(async () => {
  await oneSocket.close();
  await server.close();
});

describe('a head whose lines end in a bare LF (RFC 9112 §2.2)', () => {
  it.each(['/lf-head', '/lf-head-http10', '/mixed-head', '/lf-chunked', '/lf-chunk-lines', '/lf-continue', '/lf-redirect'])('%s: the page, byte for byte, its headers read', async (path) => {
    const res = await oneSocket.fetch(req(server.url(path)));
    expect([res.status, res.text, res.headers['content-type']]).toEqual([200, PAGE, expect.stringMatching(/^text\/html/)]);
    expect(res.url).toBe(server.url(path === '/lf-redirect' ? '/lf-head' : path));
  });

  it('a charset named in such a head decodes the page', async () => {
    const res = await oneSocket.fetch(req(server.url('/lf-head')));
    expect(res.encoding).toBe('utf-8');
  });

  it('the kept-alive connection reads each next answer as it came', async () => {
    sockets.clear();
    for (const path of ['/lf-head', '/lf-no-content', '/mixed-head', '/lf-chunked', '/lf-chunk-lines', '/lf-head']) {
      const res = await oneSocket.fetch(req(server.url(path)));
      expect([path, res.status, res.text]).toEqual([path, path === '/lf-no-content' ? 204 : 200, path === '/lf-no-content' ? '' : PAGE]);
    }
    expect(sockets.size).toBe(1);
  });

  it('a bare CR is still no line end: FETCH_PROTOCOL', async () => {
    expect((await fetchError(oneSocket.fetch(req(server.url('/bare-cr'))))).code).toBe('FETCH_PROTOCOL');
  });
});
