// What a crawl says about a robots.txt it read only in part (past 500 KiB) or that held no directive (a soft 404 at 200).
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ROBOTS_BYTES } from '../../src/robots/robots-lines';
import { WILDCARD_PART_BUDGET } from '../../src/robots/rule-index';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

/** 5 MiB: a Disallow at its head, a long list of old rules, and one more Disallow far past 500 KiB. */
const HUGE = `User-agent: *\nDisallow: /head/\n${'Disallow: /archive/2009/discontinued-item-with-a-long-name\n'.repeat(Math.ceil((5 * 1024 * 1024) / 58))}Disallow: /tail/\n`;
/** A shop's catch-all "not found" page, answered at 200 for /robots.txt. */
const SOFT_404 = '<!doctype html><html><head><title>Page not found</title></head><body><h1>Sorry, this page does not exist</h1></body></html>';
const FILE = 'User-agent: *\nDisallow: /private/\n';
/**
 * 230 KiB of wildcard rules, some 36,000 searches per URL: past the budget (rule-index.ts) each
 * Disallow keeps out every path starting with `/`, so nothing of the shop is fetched, and the team is told.
 */
const WILDCARDS = `User-agent: *\nDisallow: /private/\n${Array.from({ length: 12_000 }, (_, i) => `Disallow: /*${i.toString(36).split('').join('*')}*q\n`).join('')}`;
/** No directive, as meant: comments and a Sitemap, which allow everything without a word of warning. */
const SITEMAP_ONLY = '# We welcome all crawlers\n\nSitemap: https://shop.example/sitemap.xml\n';

function answer(res: ServerResponse, type: string, body: string): void {
  res.writeHead(200, { 'content-type': type });
  res.end(body);
}

describe('a crawl of shops whose robots.txt is 5 MiB long, a soft 404, a plain file, comments and a Sitemap, or wildcards past the budget', () => {
  let servers: FixtureServer[];
  let result: TestCrawlResult;
  const storage = tempStorageDir('robots-notes');
  const lines: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    servers = await startFixtureServers(5, { builtInRoutes: false });
    const [huge, soft, plain, sitemapOnly, wildcards] = servers;
    huge.route('/robots.txt', (_req, res) => answer(res, 'text/plain', HUGE));
    soft.route('/robots.txt', (_req, res) => answer(res, 'text/html', SOFT_404));
    plain.route('/robots.txt', (_req, res) => answer(res, 'text/plain', FILE));
    sitemapOnly.route('/robots.txt', (_req, res) => answer(res, 'text/plain', SITEMAP_ONLY));
    wildcards.route('/robots.txt', (_req, res) => answer(res, 'text/plain', WILDCARDS));
    for (const server of servers) server.route('/:dir/:n', (_req, res) => answer(res, 'text/html', '<p class="price">9.99</p>'));
    const urls = servers.flatMap((server) => [server.url('/head/1'), server.url('/tail/1'), server.url('/private/1')]);
    result = await crawlInProcess(new UrlListSpider(urls), storage.dir, { politeness: { minIntervalMs: 0, jitterMs: 0 }, log: { statsIntervalMs: 0 } }, { logLines: lines });
  }, 60_000);
  afterAll(async () => {
    await closeFixtureServers(servers);
    storage.cleanup();
  });

  const pagesAt = (i: number) => servers[i].requests.filter((r) => r.path !== '/robots.txt').map((r) => r.path).sort();
  const loaded = (i: number) => lines.find((line) => line.url === servers[i].url('/robots.txt'));

  it('obeys the first 500 KiB of the long file (RFC 9309 §2.5), reads the soft 404 as no rules, and the file as its rules', () => {
    expect(pagesAt(0)).toEqual(['/private/1', '/tail/1']);
    expect(pagesAt(1)).toEqual(['/head/1', '/private/1', '/tail/1']);
    expect(pagesAt(2)).toEqual(['/head/1', '/tail/1']);
    expect(pagesAt(3)).toEqual(['/head/1', '/private/1', '/tail/1']);
    expect(pagesAt(4)).toEqual([]);
  });

  it('says that rules past 500 KiB were not read, and that a file with no directive allowed everything', () => {
    expect(result.summary.handling).toMatchObject({ 'robots/cut': 1, 'robots/no-directives': 1 });
    expect(loaded(0)).toMatchObject({ level: 40, status: 200, readBytes: MAX_ROBOTS_BYTES });
    expect(loaded(1)).toMatchObject({ level: 40, status: 200, directives: 0 });
    expect(loaded(2)).toMatchObject({ level: 30, status: 200, rules: true });
    expect(loaded(2)).not.toHaveProperty('readBytes');
    expect(loaded(3)).toMatchObject({ level: 30, status: 200, rules: true });
  });

  it('says that the wildcard patterns past the budget were read to keep out more than they say', () => {
    expect(result.summary.handling).toMatchObject({ 'robots/patterns-cut': 1 });
    expect(loaded(4)).toMatchObject({ level: 40, status: 200, partBudget: WILDCARD_PART_BUDGET });
    expect(loaded(4)!.cutPatterns).toBeGreaterThan(10_000);
    expect(lines.filter((line) => line.url === servers[4].url('/robots.txt'))).toHaveLength(1);
  });
});
