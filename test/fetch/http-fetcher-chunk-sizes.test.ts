// Chunk size lines with white space after the size (padding, or before an extension's `;`): the page, as Chromium and curl read it.
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpFetcher } from '../../src/fetch/http-fetcher';
import { RawAnswerServer } from '../support/raw-answer-server';
import { fetchError, httpSettings, req } from './fetch-test-helpers';

// Data with what a size line may hold: white space before a line end, a semicolon, hex digits.
const PAGE = '<html><body><p class="price">12.99 \r\n ;ab </p>\t\r\n</body></html>';
const HALF = PAGE.length >> 1;
const hex = (n: number) => n.toString(16);
const head = (extra = '') => `HTTP/1.1 200 OK\r\ncontent-type: text/html\r\ntransfer-encoding: chunked\r\n${extra}\r\n`;
/** The page in two chunks whose size lines end as `sizeEnd` says, then the last chunk as `last` writes it. */
const chunked = (sizeEnd: string, last = '0\r\n\r\n') => `${hex(HALF)}${sizeEnd}\r\n${PAGE.slice(0, HALF)}\r\n${hex(PAGE.length - HALF)}${sizeEnd}\r\n${PAGE.slice(HALF)}\r\n${last}`;

let server: RawAnswerServer;
/** One connection per host: each answer follows the one before on the same socket. */
let oneSocket: HttpFetcher;

const write = (bytes: string) => (socket: Socket) => socket.write(bytes);

beforeAll(async () => {
  server = await RawAnswerServer.start({
    '/padded': write(head() + chunked('     ', '0     \r\n\r\n')),
    '/tab-padded': write(head() + chunked('\t \t')),
    '/space-before-extension': write(head() + chunked(' ;name=value', '0 ; last\r\n\r\n')),
    '/padded-with-trailers': write(`${head('trailer: x-checksum\r\n')}${chunked('  ', '0  \r\nx-checksum: abc\r\nx-more: 1 2\r\n\r\n')}`),
    // A byte at a time: the size line's state lives across reads.
    '/padded-trickled': (socket) => {
      const bytes = head() + chunked('   ');
      let at = 0;
      const next = (): void => {
        if (at >= bytes.length) return;
        socket.write(bytes[at++]!, () => setImmediate(next));
      };
      next();
    },
    '/padded-head': write(head()),
    '/page': write(`HTTP/1.1 200 OK\r\ncontent-type: text/html\r\ncontent-length: ${PAGE.length}\r\n\r\n${PAGE}`),
    // Trailer fields llhttp refuses in a head: a length beside chunked (a server stating the length it sent), a space in a name, a fold.
    '/trailer-length': write(`${head('trailer: content-length\r\n')}${chunked('', `0\r\ncontent-length: ${PAGE.length}\r\n\r\n`)}`),
    '/trailer-bad-name': write(`${head()}${chunked('', '0\r\nx checksum: abc\r\n\r\n')}`),
    '/trailer-folded': write(`${head()}${chunked('', '0\r\nx-hops: a,\r\n b\r\n\r\n')}`),
    '/padded-then-junk-size': write(head() + `${hex(HALF)}  \r\n${PAGE.slice(0, HALF)}\r\nzz  \r\n`),
  });
  oneSocket = new HttpFetcher(httpSettings({ timeoutMs: 5000, keepAliveConnectionsPerHost: 1 }));
});

afterAll(() => Promise.all([oneSocket.close(), server.close()]));

describe('white space after a chunk size', () => {
  // llhttp refused each ("Invalid character in chunk size"): fetch/protocol, never retried, every page of such a server lost on every run.
  it.each(['/padded', '/tab-padded', '/space-before-extension', '/padded-with-trailers', '/padded-trickled'])('%s: the page, byte for byte', async (path) => {
    const res = await oneSocket.fetch(req(server.url(path)));
    expect([res.status, res.text]).toEqual([200, PAGE]);
  });

  it('the kept-alive connection reads the next answers as they came', async () => {
    for (const path of ['/padded', '/page', '/padded-with-trailers', '/page']) {
      const res = await oneSocket.fetch(req(server.url(path)));
      expect([path, res.text]).toEqual([path, PAGE]);
    }
  });

  it('a HEAD answered with a chunked head has no body to read: the next answer on the connection is read as it came', async () => {
    const res = await oneSocket.fetch(req(server.url('/padded-head'), { method: 'HEAD' }));
    expect([res.status, res.body.length]).toEqual([200, 0]);
    expect((await oneSocket.fetch(req(server.url('/page')))).text).toBe(PAGE);
  });

  it('a size that is no size is still FETCH_PROTOCOL, padded or not', async () => {
    const error = await fetchError(oneSocket.fetch(req(server.url('/padded-then-junk-size'))));
    expect(error.code).toBe('FETCH_PROTOCOL');
  });
});

describe('trailer fields', () => {
  // llhttp read them as header lines and refused each answer (fetch/protocol, never retried) though its last
  // chunk had come; Chromium skips the trailer section unread, and RFC 9110 §6.5.1 lets a recipient drop it.
  it('the page, whatever they hold, and the next answer on the connection as it came', async () => {
    for (const path of ['/trailer-length', '/page', '/trailer-bad-name', '/trailer-folded', '/page']) {
      const res = await oneSocket.fetch(req(server.url(path)));
      expect([path, res.status, res.text]).toEqual([path, 200, PAGE]);
    }
  });
});
