// A storage dir that fills up mid-crawl (a real 1 MiB tmpfs): one clear refusal naming it, nothing re-fetched in a loop, and --resume finishes once there is space.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PricecrawlError } from '../../src/core/errors';
import type { CrawlResponse } from '../../src/core/response';
import type { SpiderOutput } from '../../src/core/spider';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { crawlInProcess, type TestCrawlResult } from '../support/test-crawl';

/** Listing-like pages, each linking one product page: 120 pages in all. */
const LISTINGS = 60;
const PAGES = 2 * LISTINGS;
/** Random (incompressible) bodies: 120 × 20 kB of blobs cannot fit in 1 MiB. */
const BODY_BYTES = 20_000;

/** Stores an item per page and follows its links, so the full disk also meets requests yielded by a callback. */
class FollowingSpider extends UrlListSpider {
  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    yield* super.parse(res);
    for (const link of res.$('a').toArray()) yield res.follow(res.$(link).attr('href') ?? '', 'parse');
  }
}

describe('a crawl whose storage fills up', () => {
  let servers: FixtureServer[];
  const dir = mkdtempSync(join(tmpdir(), 'pricecrawl-full-'));
  let refusal: unknown;
  let fetchedWhileFull: Map<string, number>;
  let resumed: TestCrawlResult;
  const settings = { log: { statsIntervalMs: 0 }, robots: { obey: false }, politeness: { minIntervalMs: 0, jitterMs: 0 }, pipeline: { batchMaxAgeMs: 20 } };

  beforeAll(async () => {
    // You are root in CI's container: a tmpfs gives a real ENOSPC / SQLITE_FULL, not a simulated one.
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir]);
    servers = await startFixtureServers(1, { builtInRoutes: false });
    const page = (link: string) => (_req: unknown, res: import('node:http').ServerResponse) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`${link}<p>${randomBytes(BODY_BYTES * 0.75).toString('base64')}</p>`);
    };
    servers[0].route('/p/:n', (req, res, ctx) => page(`<a href="/q/${ctx.params.n}">product</a>`)(req, res));
    servers[0].route('/q/:n', page(''));
    const urls = Array.from({ length: LISTINGS }, (_, n) => servers[0].url(`/p/${n}`));
    refusal = await crawlInProcess(new FollowingSpider(urls), dir, settings).then(() => null, (error: unknown) => error);
    fetchedWhileFull = new Map();
    for (const request of servers[0].requests) fetchedWhileFull.set(request.path, (fetchedWhileFull.get(request.path) ?? 0) + 1);
    // Space is back.
    execFileSync('mount', ['-o', 'remount,size=64m', dir]);
    resumed = await crawlInProcess(new FollowingSpider(urls), dir, settings, { resume: true });
  }, 60_000);
  afterAll(async () => {
    await closeFixtureServers(servers);
    execFileSync('umount', ['-l', dir]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('stops with one refusal that names the directory and the cause', () => {
    expect(refusal).toBeInstanceOf(PricecrawlError);
    expect((refusal as PricecrawlError).code).toBe('STORAGE_WRITE_FAILED');
    expect((refusal as Error).message).toMatch(new RegExp(`^cannot write to ${dir} \\((SQLITE_FULL|ENOSPC)\\): the crawl stopped`));
    expect((refusal as Error).message).toContain('--resume');
  });

  it('stopped part-way and fetched no page over and over', () => {
    expect(fetchedWhileFull.size).toBeLessThan(PAGES);
    expect([...fetchedWhileFull].filter(([, n]) => n > 1)).toEqual([]);
  });

  it('--resume continues the same run and stores every page', () => {
    expect(resumed.summary.status).toBe('finished');
    expect(resumed.summary.ledger).toMatchObject({ planned: PAGES, succeeded: PAGES, failed: 0, pending: 0 });
    expect(new Set(resumed.items.map((item) => item.sku)).size).toBe(PAGES);
  });
});
