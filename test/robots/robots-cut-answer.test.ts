// A robots.txt whose Content-Length is short of the file, on a connection closed after it: never read as the file's first lines.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrawlRequest } from '../../src/core/request';
import { HttpFetcher } from '../../src/fetch/http-fetcher';
import { fetchRobots } from '../../src/robots/fetch-robots';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';
import { httpSettings } from '../fetch/fetch-test-helpers';

/**
 * A German shop's file, written by a handler that counts characters for its Content-Length: each umlaut and
 * dash of the comments is a byte or two the length leaves out, and the last rule (the account pages) falls
 * past it. Read as sent up to the length, the file ends at `Disallow: /kasse/` and /konto/ is fetched.
 */
const SHOP_FILE = [
  '# Robots für shop.example – Änderungen bitte über das Team „Suchmaschinen“ abstimmen',
  '# Größere Änderungen: Übersicht im Wiki – Bücher, Möbel, Gärten, Spielwaren, Kühlschränke',
  'User-agent: *',
  'Disallow: /warenkorb/',
  'Disallow: /*?*sortierung=',
  'Disallow: /kasse/',
  'Disallow: /konto/',
  '',
].join('\n');

/** The answer as such a server writes it, ending the connection after it (`Connection: close`). */
function cutAnswer(res: ServerResponse): void {
  res.socket!.end(`HTTP/1.1 200 OK\r\ncontent-type: text/plain; charset=utf-8\r\nconnection: close\r\ncontent-length: ${SHOP_FILE.length}\r\n\r\n${SHOP_FILE}`);
}

function page(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>page</body></html>');
}

describe('a robots.txt cut short by its Content-Length, the connection closed after it', () => {
  let servers: FixtureServer[];

  beforeAll(async () => {
    servers = await startFixtureServers(2, { builtInRoutes: false });
    const [cut, whole] = servers;
    cut.route('/robots.txt', (_req, res) => cutAnswer(res));
    // The same file with a length in bytes, served the same way: the file, read whole.
    whole.route('/robots.txt', (_req, res) => void res.socket!.end(`HTTP/1.1 200 OK\r\ncontent-type: text/plain; charset=utf-8\r\nconnection: close\r\ncontent-length: ${Buffer.byteLength(SHOP_FILE)}\r\n\r\n${SHOP_FILE}`));
    for (const server of servers) server.route('/:dir/:n', (_req, res) => page(res));
  });
  afterAll(() => closeFixtureServers(servers));

  it('is unreachable (fetch/protocol), not a file without its last rule; the same file whole is read whole', async () => {
    expect(SHOP_FILE.length).toBeLessThan(Buffer.byteLength(SHOP_FILE) - 'Disallow: /konto/\n'.length);
    const fetcher = new HttpFetcher(httpSettings());
    try {
      const fetchFrom = (server: FixtureServer) => fetchRobots({ fetcher, origin: server.origin, page: new CrawlRequest({ url: server.url('/p/1') }), attemptsBefore: 0, refetchAfterMs: 1000, nowMs: () => 0 });
      const [cut, whole] = servers;
      expect(await fetchFrom(cut)).toMatchObject({ kind: 'unreachable', status: 'FETCH_PROTOCOL', attempts: 1 });
      expect(await fetchFrom(whole)).toEqual({ kind: 'rules', text: SHOP_FILE, fetchedAtMs: 0 });
    } finally {
      await fetcher.close();
    }
  });

  it('in a crawl, fetches no page of that host and fails them as robots/unavailable; the host serving it whole is crawled by its rules', async () => {
    const storage = tempStorageDir('robots-cut-answer');
    try {
      const [cut, whole] = servers;
      const urls = [cut, whole].flatMap((server) => [server.url('/konto/1'), server.url('/produkt/1')]);
      const result = await crawlInProcess(new UrlListSpider(urls), storage.dir, {
        politeness: { minIntervalMs: 0, jitterMs: 0 },
        robots: { maxFetchAttempts: 2, refetchAfterMs: 20 },
        log: { statsIntervalMs: 0 },
      });
      const pages = (server: FixtureServer) => server.requests.map((r) => r.path).filter((path) => path !== '/robots.txt');
      expect(pages(cut)).toEqual([]);
      expect(pages(whole)).toEqual(['/produkt/1']);
      expect(result.summary.ledger.failedByReason).toEqual({ 'robots/unavailable': 2, 'robots/disallowed': 1 });
    } finally {
      storage.cleanup();
    }
  });
});
