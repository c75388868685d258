// Answers to a document that Chromium shows no page of the site's for (or an empty one), in real Chromium: each is what the HTTP fetcher makes of it, a status for the chain or a named refusal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FetchError } from '../../src/core/errors';
import { CrawlRequest } from '../../src/core/request';
import { reasonForError } from '../../src/downloader/downloader-chain';
import { BrowserFetcher } from '../../src/fetch/browser-fetcher';
import { settingsSchema } from '../../src/settings/schema';
import { RawAnswerServer } from '../support/raw-answer-server';

const PAGE = '<html><body><p class="price">12.99</p></body></html>';
const answer = (status: string, fields: string[], body = ''): string => `HTTP/1.1 ${status}\r\n${[...fields, `content-length: ${Buffer.byteLength(body)}`].join('\r\n')}\r\n\r\n${body}`;

let server: RawAnswerServer;
let fetcher: BrowserFetcher;

beforeAll(async () => {
  server = await RawAnswerServer.start({
    '/outage': (socket) => socket.write(answer('503 Service Unavailable', ['retry-after: 7'])),
    '/too-fast': (socket) => socket.write(answer('429 Too Many Requests', [])),
    '/gone': (socket) => socket.write(answer('404 Not Found', [])),
    '/redirected-to-gone': (socket) => socket.write(answer('301 Moved Permanently', ['location: /gone'])),
    // The first 30 bytes of the page, cut inside its price: Chromium showed `12.99` as `1`.
    '/part': (socket) => socket.write(answer('206 Partial Content', ['content-type: text/html', `content-range: bytes 0-29/${PAGE.length}`], PAGE.slice(0, 30))),
    '/loop': (socket) => socket.write(answer('302 Found', ['location: /loop'])),
    '/bad-location': (socket) => socket.write(answer('302 Found', ['location: http://[::1'])),
    '/page': (socket) => socket.write(answer('200 OK', ['content-type: text/html'], PAGE)),
    '/no-content': (socket) => socket.write('HTTP/1.1 204 No Content\r\n\r\n'),
    '/empty': (socket) => socket.write(answer('200 OK', ['content-type: text/html'])),
    '/blank': (socket) => socket.write(answer('200 OK', ['content-type: text/html'], '\r\n  \n')),
  });
  fetcher = new BrowserFetcher({ ...settingsSchema.parse({}).browser, timeoutMs: 15_000 });
});

afterAll(async () => {
  await fetcher.close();
  await server.close();
});

function load(path: string) {
  return fetcher.fetch(new CrawlRequest({ url: server.url(path), fetchMode: 'browser' }));
}

async function failureOf(path: string): Promise<string> {
  return load(path).then((res) => `status ${res.status}`, (error: FetchError) => reasonForError(error));
}

describe('an error status with an empty body (Chromium shows its own error page, and its load fails)', () => {
  it('is that status with its headers, for retry, breaker and throttle to judge: a 503 keeps its Retry-After', async () => {
    const res = await load('/outage');
    expect([res.status, res.headers['retry-after'], res.text]).toEqual([503, '7', '']);
  });

  it.each([['/too-fast', 429], ['/gone', 404]])('%s is a %i, as over HTTP (never fetch/failed, which nobody retries or counts as gone)', async (path, status) => {
    expect(await failureOf(path)).toBe(`status ${status}`);
  });

  it('reached by a redirect keeps the URL that answered and the hop before it', async () => {
    const res = await load('/redirected-to-gone');
    expect([res.status, res.url, res.redirectChain]).toEqual([404, server.url('/gone'), [server.url('/redirected-to-gone')]]);
  });
});

describe('a 200 whose body is empty or blank (Chromium renders it as an empty document)', () => {
  it('a 204 (Chromium stays where it was) is that status with an empty body, as over HTTP', async () => {
    const res = await load('/no-content');
    expect([res.status, res.body.length]).toEqual([204, 0]);
  });

  it.each(['/empty', '/blank'])('%s has an empty body, as over HTTP, for the empty-page rule (fetch/empty-body), not a page of empty markup', async (path) => {
    const res = await load(path);
    expect([res.status, res.body.length, res.text]).toEqual([200, 0, '']);
  });
});

describe('answers the HTTP fetcher refuses by name', () => {
  it.each([
    ['/part', 'fetch/protocol'],
    ['/loop', 'fetch/too-many-redirects'],
    ['/bad-location', 'fetch/bad-redirect'],
  ])('%s fails as %s, never a page', async (path, reason) => {
    expect(await failureOf(path)).toBe(reason);
  });

  it('a whole page still loads', async () => {
    const res = await load('/page');
    expect([res.status, res.$('.price').text()]).toEqual([200, '12.99']);
  });
});
