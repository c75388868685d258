// A project's extensions hear a crawl's events: requests planned and dropped, answers, failures, the breaker, snapshots; a throwing one changes nothing.
import { writeFileSync } from 'node:fs';
import { exitCodeFor } from '../../src/engine/run-summary';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrawlEventMap, CrawlEventName } from 'pricecrawl';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { TreeSpider } from '../support/spiders/tree-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const NAMES: CrawlEventName[] = [
  'spider.opened', 'spider.closed', 'item.scraped', 'item.dropped', 'item.stored', 'request.scheduled', 'request.dropped',
  'response.received', 'request.failed', 'breaker.opened', 'breaker.half-open', 'breaker.closed', 'alarm.fired', 'stats.snapshot',
];
/** The stormy host answers 429 this many times, then 200: the breaker opens at THRESHOLD, its first probe fails, the next closes it. */
const STORM = 4;
const THRESHOLD = 3;
const STORMY_PAGES = 4;
const RECORD_KEY = '__pricecrawlEventsTest';

type Recorded = { [E in CrawlEventName]: { name: E; payload: CrawlEventMap[E] } }[CrawlEventName];
const recorded = (): Recorded[] => (globalThis as Record<string, unknown>)[RECORD_KEY] as Recorded[];
const payloads = <E extends CrawlEventName>(name: E): Array<CrawlEventMap[E]> => recorded().filter((e) => e.name === name).map((e) => e.payload as CrawlEventMap[E]);

describe('crawl events heard by extensions', () => {
  let servers: FixtureServer[];
  let result: TestCrawlResult;
  const storage = tempStorageDir('events');

  beforeAll(async () => {
    (globalThis as Record<string, unknown>)[RECORD_KEY] = [];
    // Extensions as a project writes them: modules named in settings. The thrower registers first, so
    // the recorder after it shows that a failing handler stops neither the crawl nor the next handler.
    const thrower = join(storage.dir, 'thrower.mjs');
    writeFileSync(thrower, `export default { register(events) { for (const name of ${JSON.stringify(NAMES)}) { events.on(name, () => { throw new Error('boom'); }); events.on(name, async () => { throw new Error('async boom'); }); } } };\n`);
    const recorder = join(storage.dir, 'recorder.mjs');
    // Its close() is recorded too (hooks in their order), and it counts through the run's counters as every component may.
    writeFileSync(recorder, `export default { register(events, context) { context.stats.inc('team/recorder-registered'); for (const name of ${JSON.stringify(NAMES)}) events.on(name, (payload) => globalThis.${RECORD_KEY}.push({ name, payload })); }, close() { globalThis.${RECORD_KEY}.push({ name: 'close' }); } };\n`);

    servers = await startFixtureServers(2, { builtInRoutes: false });
    const [shop, stormy] = servers;
    const page = (body: string) => `<html><body><p class="price">9.99</p>${body}</body></html>`;
    shop.route('/', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      // followAll skips the repeat of /p/1 and the tel: link on this page: each announced as dropped too.
      res.end(page('<a href="/p/1">1</a><a href="/p/2">2</a><a href="/missing">gone</a><a href="/p/1#reviews">again</a><a href="tel:+15550100">call</a>'));
    });
    shop.route('/p/:n', (_req, res, ctx) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      // /p/1 links back home: a duplicate of this run.
      res.end(page(ctx.params.n === '1' ? '<a href="/">home</a>' : ''));
    });
    shop.route('/missing', (_req, res) => {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('not here');
    });
    stormy.route('/s/:n', (_req, res, ctx) => {
      res.writeHead(ctx.record.seq < STORM ? 429 : 200, { 'content-type': 'text/html' });
      res.end(page(''));
    });
    const startUrls = [shop.url('/'), ...Array.from({ length: STORMY_PAGES }, (_, n) => stormy.url(`/s/${n}`))];
    result = await crawlInProcess(new TreeSpider({ startUrls: startUrls.join(',') }), storage.dir, {
      extensions: { thrower: { module: thrower }, recorder: { module: recorder } },
      politeness: { minIntervalMs: 5, jitterMs: 0 },
      retry: { maxAttempts: THRESHOLD, maxDeferrals: STORM, backoffBaseMs: 5, backoffCapMs: 10 },
      breaker: { threshold: THRESHOLD, cooldownMs: 30, cooldownMultiplier: 2, maxCooldownMs: 60 },
      pipeline: { batchSize: 10, batchMaxAgeMs: 20 },
      // The run lasts at least the breaker's two cooldowns (90 ms): several ticks of this interval.
      log: { statsIntervalMs: 10 },
      robots: { obey: false },
    });
  }, 20_000);
  afterAll(async () => {
    await closeFixtureServers(servers);
    storage.cleanup();
    delete (globalThis as Record<string, unknown>)[RECORD_KEY];
  });

  it('runs the crawl to its normal end although one extension throws on every event', () => {
    expect(result.summary.status).toBe('finished');
    expect(result.summary.ledger).toMatchObject({ planned: 8, succeeded: 7, failed: 1, pending: 0 });
    expect(result.items).toHaveLength(7);
    const failures = result.logs.filter((l) => l.msg === 'extension failed on an event; the crawl goes on');
    expect(failures.every((l) => l.extension === 'thrower')).toBe(true);
    // Each event the recorder heard made the thrower fail twice (a throw, a rejection), logged with its name.
    const heard = new Set(recorded().map((e) => e.name).filter((name) => (name as string) !== 'close'));
    expect(new Set(failures.map((l) => l.event))).toEqual(heard);
    expect(new Set(failures.map((l) => (l.err as { message: string }).message))).toEqual(new Set(['boom', 'async boom']));
    // Whatever it was there to do did not happen: counted under its name, and the run does not end clean.
    // The rejection on spider.closed too: the summary's failures are read after that event's settled rejections.
    expect(result.summary.codeErrors?.['extension/thrower']?.count).toBe(failures.length);
    expect(exitCodeFor(result.summary)).toBe(4);
  });

  it('opens and closes the spider once each, around everything else, and closes the extension after its last event', () => {
    const names: string[] = recorded().map((e) => e.name).filter((n) => n !== 'stats.snapshot');
    expect(names[0]).toBe('spider.opened');
    // Before: close() came before spider.closed, so an extension that ends its client there could not report the run.
    expect(names.slice(-2)).toEqual(['spider.closed', 'close']);
    expect(result.summary.handling['team/recorder-registered']).toBe(1);
    expect(payloads('spider.closed')).toEqual([expect.objectContaining({ planned: 8, succeeded: 7, failed: 1, pending: 0, runId: result.summary.runId })]);
    // With the crawl's final picture: every stored item counted.
    expect(payloads('spider.closed')[0].snapshot).toMatchObject({ items: 7, failed: 1, inFlight: 0 });
  });

  it('announces each planned request once, with its callback and depth, and the duplicate and skipped links as dropped', () => {
    const [shop, stormy] = servers;
    const scheduled = payloads('request.scheduled');
    expect(scheduled.map((r) => r.url).sort()).toEqual([shop.url('/'), shop.url('/missing'), shop.url('/p/1'), shop.url('/p/2'), ...Array.from({ length: STORMY_PAGES }, (_, n) => stormy.url(`/s/${n}`))].sort());
    expect(scheduled.find((r) => r.url === shop.url('/p/1'))).toEqual({ url: shop.url('/p/1'), callback: 'parse', depth: 1 });
    expect(scheduled.find((r) => r.url === shop.url('/'))).toMatchObject({ depth: 0 });
    const dropped = payloads('request.dropped');
    expect(dropped.filter((d) => d.reason === 'frontier/duplicate')).toEqual([{ url: shop.url('/'), reason: 'frontier/duplicate' }]);
    // TreeSpider follows a mailto: link on every page its callback ran on (the 7 that answered 200).
    expect(dropped.filter((d) => d.reason === 'follow/skipped/mailto')).toHaveLength(7);
    expect(dropped.filter((d) => d.reason === 'follow/skipped/duplicate')).toEqual([{ url: '/p/1#reviews', reason: 'follow/skipped/duplicate' }]);
    expect(dropped.filter((d) => d.reason === 'follow/skipped/tel')).toEqual([{ url: 'tel:+15550100', reason: 'follow/skipped/tel' }]);
    expect(dropped).toHaveLength(10);
  });

  it('hears every answer off the wire, the 429s and the 404 included, with host, status and fetch mode', () => {
    const [shop, stormy] = servers;
    const responses = payloads('response.received');
    expect(responses).toHaveLength(shop.requests.length + stormy.requests.length);
    expect(responses.filter((r) => r.status === 429)).toHaveLength(STORM);
    expect(responses.filter((r) => r.status === 429).every((r) => r.host === stormy.hostKey)).toBe(true);
    expect(responses.filter((r) => r.status === 404)).toEqual([expect.objectContaining({ url: shop.url('/missing'), host: shop.hostKey, fetchMode: 'http' })]);
    expect(responses.every((r) => Number.isFinite(r.durationMs) && r.durationMs >= 0)).toBe(true);
  });

  it("reports the one failed request with its reason and status, and its callback and meta, as a Scrapy errback's failure.request carries them (before: url, reason and status only)", () => {
    expect(payloads('request.failed')).toEqual([{ url: servers[0].url('/missing'), reason: 'http/404', status: 404, callback: 'parse', meta: {} }]);
  });

  it('hears the breaker open, re-open after the failed probe, and close, for the stormy host only', () => {
    const stormy = servers[1].hostKey;
    const opened = payloads('breaker.opened');
    expect(opened.map((o) => [o.host, o.reopened])).toEqual([[stormy, false], [stormy, true]]);
    expect(opened.every((o) => o.untilMs > 0 && o.cooldownMs > 0)).toBe(true);
    expect(payloads('breaker.closed')).toEqual([{ host: stormy }]);
    const breakerOrder = recorded().filter((e) => e.name.startsWith('breaker.')).map((e) => e.name);
    expect(breakerOrder).toEqual(['breaker.opened', 'breaker.half-open', 'breaker.opened', 'breaker.half-open', 'breaker.closed']);
  });

  it('marks the run timeline from the same events: every breaker transition, in order', () => {
    const marked = result.summary.timeline.events.filter((e) => e.kind.startsWith('breaker/'));
    expect(marked.map((e) => [e.kind, e.host])).toEqual(['breaker/opened', 'breaker/half-open', 'breaker/reopened', 'breaker/half-open', 'breaker/closed'].map((kind) => [kind, servers[1].hostKey]));
    // Every item counted priced as the spider yielded it.
    expect(Object.values(result.summary.timeline.series['items/priced']).reduce((a, b) => a + b, 0)).toBe(7);
  });

  it('counts items scraped and stored alike, none dropped', () => {
    expect(payloads('item.scraped')).toHaveLength(7);
    expect(payloads('item.stored')).toHaveLength(7);
    expect(payloads('item.dropped')).toHaveLength(0);
  });

  it('delivers the periodic snapshot the stats line logs: one line per snapshot, from the same picture', () => {
    const snapshots = payloads('stats.snapshot');
    expect(snapshots.length).toBeGreaterThan(0);
    const lines = result.logs.filter((l) => l.msg === 'crawl progress');
    expect(lines).toHaveLength(snapshots.length);
    expect(lines.map((l) => l.pages)).toEqual(snapshots.map((s) => s.snapshot.pages));
  });
});
