// Bytes after an answer's declared end on a connection the server closes (`Connection: close`, HTTP/1.0): the length or the last chunk came early, and the page is cut.
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpFetcher } from '../../src/fetch/http-fetcher';
import { RawAnswerServer } from '../support/raw-answer-server';
import { fetchError, httpSettings, req } from './fetch-test-helpers';

const PAGE = `<html><body><h1>${'商'.repeat(11)}</h1><p class="price">12,800円</p></body></html>`;
const chunk = (text: string) => `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`;

/** Writes the whole answer at once and closes: what a server that said `Connection: close` does. */
const closing = (answer: string) => (socket: Socket) => void socket.end(answer);

let server: RawAnswerServer;
let fetcher: HttpFetcher;

beforeAll(async () => {
  server = await RawAnswerServer.start({
    // A length counted in characters (24 bytes short): `12,800円` read `12,`.
    '/length-in-characters': closing(`HTTP/1.1 200 OK\r\ncontent-type: text/html; charset=utf-8\r\nconnection: close\r\ncontent-length: ${PAGE.length}\r\n\r\n${PAGE}`),
    '/http10-length-in-characters': closing(`HTTP/1.0 200 OK\r\ncontent-type: text/html; charset=utf-8\r\ncontent-length: ${PAGE.length}\r\n\r\n${PAGE}`),
    // An empty chunk written on a flush: the sale price after the mark was lost, the old one read.
    '/early-last-chunk': closing(`HTTP/1.1 200 OK\r\ncontent-type: text/html\r\ntransfer-encoding: chunked\r\nconnection: close\r\n\r\n${chunk('<html><body><p class="was">$49.99</p>')}0\r\n\r\n${chunk('<p class="price">$29.99</p></body></html>')}0\r\n\r\n`),
    // What parsers forgive: a CRLF after the body or after the last chunk is no more page.
    '/length-then-crlf': closing('HTTP/1.1 200 OK\r\nconnection: close\r\ncontent-length: 26\r\n\r\n<p class="price">12.99</p>\r\n'),
    '/chunked-then-crlf': closing(`HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\nconnection: close\r\n\r\n${chunk('<p class="price">12.99</p>')}0\r\n\r\n\r\n`),
    '/whole': closing(`HTTP/1.1 200 OK\r\ncontent-type: text/html; charset=utf-8\r\nconnection: close\r\ncontent-length: ${Buffer.byteLength(PAGE)}\r\n\r\n${PAGE}`),
  });
  fetcher = new HttpFetcher(httpSettings({ timeoutMs: 5000 }));
});

afterAll(async () => {
  await fetcher.close();
  await server.close();
});

describe('on a connection the server closes after the answer', () => {
  it.each(['/length-in-characters', '/http10-length-in-characters'])('a Content-Length short of the bytes sent with it (%s) → FETCH_PROTOCOL, never the page cut inside its price', async (path) => {
    const error = await fetchError(fetcher.fetch(req(server.url(path))));
    expect(error.code).toBe('FETCH_PROTOCOL');
    expect(error.message).toContain('after the Content-Length');
  });

  it('a last chunk with more page after it → FETCH_PROTOCOL, never the page before the mark', async () => {
    const error = await fetchError(fetcher.fetch(req(server.url('/early-last-chunk'))));
    expect(error.code).toBe('FETCH_PROTOCOL');
    expect(error.message).toContain('after its last chunk');
  });

  it.each(['/length-then-crlf', '/chunked-then-crlf'])('a CRLF after the end (%s) is not more page', async (path) => {
    const res = await fetcher.fetch(req(server.url(path)));
    expect(res.text).toBe('<p class="price">12.99</p>');
  });

  it('a whole answer is the page', async () => {
    const res = await fetcher.fetch(req(server.url('/whole')));
    expect(res.text).toBe(PAGE);
  });

  // With one connection per host, a request dispatched while that connection is still closing waits in undici's
  // pool, which sent it later out of our sight: none of the connection's checks was armed for it, and every
  // page after the first of such a server was read as whole, `12,` of `12,800円` included.
  it('on one connection per host, every answer is judged, not only the first', async () => {
    const oneSocket = new HttpFetcher(httpSettings({ timeoutMs: 5000, keepAliveConnectionsPerHost: 1 }));
    try {
      for (let i = 0; i < 3; i++) {
        expect((await oneSocket.fetch(req(server.url('/whole')))).text).toBe(PAGE);
        expect((await fetchError(oneSocket.fetch(req(server.url('/length-in-characters'))))).code).toBe('FETCH_PROTOCOL');
        expect((await fetchError(oneSocket.fetch(req(server.url('/early-last-chunk'))))).code).toBe('FETCH_PROTOCOL');
      }
    } finally {
      await oneSocket.close();
    }
  });
});
