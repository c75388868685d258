// A document whose body the server breaks off after its head, in real Chromium: the fetch fails with the wire's reason at once, never waits out its deadline, never hands back the cut page.
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FetchError } from '../../src/core/errors';
import { CrawlRequest } from '../../src/core/request';
import { reasonForError } from '../../src/downloader/downloader-chain';
import { BrowserFetcher } from '../../src/fetch/browser-fetcher';
import { settingsSchema } from '../../src/settings/schema';
import { RawAnswerServer } from '../support/raw-answer-server';

/** The page up to the middle of its price: read as a page, `12.99` would be stored as `12`. */
const PARTIAL = '<html><body><p class="price">12';
const WHOLE = '<html><body><p class="price">12.99</p></body></html>';
const head = (fields: string[]): string => `HTTP/1.1 200 OK\r\ncontent-type: text/html\r\n${fields.join('\r\n')}\r\n\r\n`;

let server: RawAnswerServer;
let fetcher: BrowserFetcher;

beforeAll(async () => {
  server = await RawAnswerServer.start({
    '/whole': (socket) => socket.write(head([`content-length: ${WHOLE.length}`]) + WHOLE),
    // Each sends its head and part of its body, then closes: the bytes are all delivered before the FIN.
    '/length-then-close': (socket) => socket.end(head(['content-length: 200']) + PARTIAL),
    '/chunked-then-close': (socket) => socket.end(head(['transfer-encoding: chunked']) + `${PARTIAL.length.toString(16)}\r\n${PARTIAL}\r\n`),
    '/bad-chunk-size': (socket) => socket.write(head(['transfer-encoding: chunked']) + `${PARTIAL.length.toString(16)}\r\n${PARTIAL}\r\nzz\r\n.99</p>\r\n0\r\n\r\n`),
    // HTTP/1.0 with no length: the close ends the body, and it ended inside the document (fetch/truncated over HTTP).
    '/close-delimited-cut': (socket) => socket.end(`HTTP/1.0 200 OK\r\ncontent-type: text/html\r\n\r\n${PARTIAL}`),
    '/close-delimited-whole': (socket) => socket.end(`HTTP/1.0 200 OK\r\ncontent-type: text/html\r\n\r\n${WHOLE}`),
    // The same cuts under a CSP naming Trusted Types policies, whose document is answered anew (worker-policy-csp.ts).
    '/trusted-types-length-then-close': (socket) => socket.end(head(['content-length: 200', 'content-security-policy: trusted-types shop']) + PARTIAL),
    '/trusted-types-chunked-then-close': (socket) => socket.end(head(['transfer-encoding: chunked', 'content-security-policy: trusted-types shop']) + `${PARTIAL.length.toString(16)}\r\n${PARTIAL}\r\n`),
    '/trusted-types-whole': (socket) => socket.write(head([`content-length: ${WHOLE.length}`, 'content-security-policy: trusted-types shop']) + WHOLE),
    '/gzip-then-garbage': (socket) => {
      const body = Buffer.concat([zlib.gzipSync(PARTIAL).subarray(0, 20), Buffer.from('not deflate at all, not at all')]);
      socket.write(head(['content-encoding: gzip', `content-length: ${body.length}`]));
      socket.write(body);
    },
  });
  // A deadline the fetch reached before: each cut waited it out as fetch/timeout (and again on every retry).
  fetcher = new BrowserFetcher({ ...settingsSchema.parse({}).browser, timeoutMs: 10_000 });
});

afterAll(async () => {
  await fetcher.close();
  await server.close();
});

async function failureOf(path: string): Promise<string> {
  const outcome = await fetcher.fetch(new CrawlRequest({ url: server.url(path), fetchMode: 'browser' })).then(
    (res) => `a page with the price ${/class="price">([^<]*)/.exec(res.text)?.[1] ?? 'none'}`,
    (error: FetchError) => reasonForError(error),
  );
  return outcome;
}

describe('a document cut after its head', () => {
  it.each([
    ['/length-then-close', 'fetch/connection-reset'],
    ['/chunked-then-close', 'fetch/connection-reset'],
    ['/bad-chunk-size', 'fetch/protocol'],
    ['/gzip-then-garbage', 'fetch/decompress'],
    ['/close-delimited-cut', 'fetch/truncated'],
    ['/trusted-types-length-then-close', 'fetch/connection-reset'],
    ['/trusted-types-chunked-then-close', 'fetch/connection-reset'],
  ])('%s fails as %s, as over HTTP, not as a timeout', async (path, reason) => {
    expect(await failureOf(path)).toBe(reason);
  });

  it('leaves the fetcher loading whole pages', async () => {
    expect(await failureOf('/whole')).toBe('a page with the price 12.99');
    expect(await failureOf('/close-delimited-whole')).toBe('a page with the price 12.99');
    expect(await failureOf('/trusted-types-whole')).toBe('a page with the price 12.99');
  });
});
