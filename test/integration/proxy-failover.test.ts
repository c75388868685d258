// A crawl whose proxies fail themselves (down, refusing our credentials): the work moves to a proxy still usable, costs the site nothing, and a session's cookies never change proxy.
import { afterEach, describe, expect, it } from 'vitest';
import type { FetchLogRow } from '../../src/ports/fetch-log';
import { failureKind } from '../../src/engine/failure-kind';
import { exitCodeFor } from '../../src/engine/run-summary';
import { runLosses } from '../../src/engine/run-losses';
import { SqliteFetchLog } from '../../storage/sqlite/sqlite-fetch-log';
import { FixtureServer } from '../support/fixture-server';
import { startFaultyProxy, type FaultyProxy, type ProxyFault } from '../support/faulty-proxy';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const SECRET = 's3cret/pass word';
const PAGES = 12;
const cleanups: Array<() => Promise<void> | void> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A shop that hands each new visitor a numbered sid cookie; `onPage` runs before each page is answered. */
async function shop(onPage: (served: number) => void = () => undefined): Promise<FixtureServer> {
  const server = await FixtureServer.start({ builtInRoutes: false });
  let visitors = 0;
  let served = 0;
  server.route('/p/:n', (req, res, ctx) => {
    onPage(++served);
    const headers: Record<string, string> = { 'content-type': 'text/html' };
    if (!/sid=/.test(req.headers.cookie ?? '')) headers['set-cookie'] = `sid=v${++visitors}; Path=/`;
    res.writeHead(200, headers);
    res.end(`<title>Product ${ctx.params.n}</title>`);
  });
  cleanups.push(() => server.close());
  return server;
}

async function proxy(): Promise<FaultyProxy> {
  const started = await startFaultyProxy({ username: 'crawler', password: SECRET });
  cleanups.push(() => started.close());
  return started;
}

async function crawl(server: FixtureServer, proxyUrls: string[], sessions: Record<string, unknown> = {}, settings: Record<string, unknown> = {}): Promise<{ result: TestCrawlResult; rows: FetchLogRow[] }> {
  const storage = tempStorageDir('proxy-failover');
  cleanups.push(() => storage.cleanup());
  const urls = Array.from({ length: PAGES }, (_, n) => server.url(`/p/${n}`));
  const result = await crawlInProcess(new UrlListSpider(urls), storage.dir, {
    politeness: { minIntervalMs: 1, jitterMs: 0 },
    retry: { backoffBaseMs: 1, backoffCapMs: 5 },
    pipeline: { batchSize: 5, batchMaxAgeMs: 20 },
    log: { statsIntervalMs: 0 },
    sessions: { proxyUrls, maxPoolSizePerHost: 2, persist: false, ...sessions },
    ...settings,
  });
  const log = SqliteFetchLog.open(storage.dir);
  const rows = await log.rows(result.summary.runId);
  await log.close();
  return { result, rows };
}

const idOf = (p: FaultyProxy) => `127.0.0.1:${p.port}`;

describe('proxies that fail themselves', () => {
  it('a proxy that is down: every page arrives through the other one, no attempt is counted, the proxy is retired once', async () => {
    const server = await shop();
    const [down, good] = [await proxy(), await proxy()];
    await down.close();
    // One session per host: the first one, on the proxy that is down, is picked until that proxy is retired.
    const { result, rows } = await crawl(server, [down.url, good.url], { maxPoolSizePerHost: 1 });
    expect(result.summary.ledger).toMatchObject({ planned: PAGES, succeeded: PAGES, failed: 0, pending: 0 });
    expect(result.items).toHaveLength(PAGES);
    expect(rows.every((row) => row.attempt === 0)).toBe(true);
    expect(rows.filter((row) => row.status === 200).every((row) => row.proxyId === idOf(good))).toBe(true);
    expect(result.logs.filter((l) => l.msg?.toString().startsWith('proxy retired'))).toEqual([expect.objectContaining({ proxyId: idOf(down), failures: 3 })]);
    expect(result.logs.some((l) => l.msg === 'circuit breaker opened')).toBe(false);
  });

  it('a proxy whose credentials stop working mid-crawl: its session\'s cookie never goes through the other proxy, nothing is lost', async () => {
    let first!: FaultyProxy;
    let receivedAtFlip = 0;
    // The provider rotates the account's password after the third page.
    const server = await shop((served) => {
      if (served !== 3) return;
      first.fault = 'auth';
      receivedAtFlip = first.received.length;
    });
    first = await proxy();
    const second = await proxy();
    // One session per host, so the first one (on `first`) carries the pages until the refusal.
    const { result, rows } = await crawl(server, [first.url, second.url], { maxPoolSizePerHost: 1, proxyMaxFailures: 1 });
    expect(result.summary.ledger).toMatchObject({ planned: PAGES, succeeded: PAGES, failed: 0, pending: 0 });
    // The refused send is in the fetch log, and the page went again without an attempt counted.
    expect(rows.filter((row) => row.status === null).map((row) => row.proxyId)).toEqual([idOf(first)]);
    expect(rows.every((row) => row.attempt === 0)).toBe(true);
    expect(first.received.filter((r) => r.authorized).length).toBeGreaterThan(0);
    const cookiesVia = (p: FaultyProxy) => new Set(p.received.map((r) => r.cookie).filter(Boolean));
    for (const cookie of cookiesVia(first)) expect(cookiesVia(second).has(cookie)).toBe(false);
    // Its one refusal retired it (proxyMaxFailures 1): nothing more was sent its way.
    expect(first.received.length - receivedAtFlip).toBe(1);
    expect(result.logs.filter((l) => l.msg?.toString().startsWith('proxy retired'))).toEqual([expect.objectContaining({ proxyId: idOf(first) })]);
    expect(JSON.stringify(result.logs)).not.toContain(SECRET);
    expect(JSON.stringify(result.logs)).not.toContain(encodeURIComponent(SECRET));
  });

  it('the only proxy down: every page fails for a transient proxy reason (the run does not end clean), none as the site\'s robots.txt', async () => {
    const server = await shop();
    const down = await proxy();
    await down.close();
    const { result } = await crawl(server, [down.url]);
    expect(result.summary.ledger).toMatchObject({ planned: PAGES, succeeded: 0, failed: PAGES, pending: 0 });
    const reasons = Object.keys(result.summary.ledger.failedByReason);
    expect(reasons).toEqual(['proxy/unavailable']);
    expect(reasons.every((reason) => failureKind(reason) === 'transient')).toBe(true);
    expect(server.requests).toHaveLength(0);
  });
});

describe('proxies that fail in ways the site might have (their own 5xx, silence, a cut body)', () => {
  const faults: ProxyFault[] = ['bad-gateway', 'unavailable', 'gateway-timeout', 'silent', 'reset-mid-body', 'hang-up'];
  it.each(faults)('a proxy that does %s beside a good one: every page arrives, each retry and robots.txt\'s next fetch go through the good one', async (fault) => {
    const server = await shop();
    server.route('/robots.txt', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n'));
    const [bad, good] = [await proxy(), await proxy()];
    bad.fault = fault;
    // A silent proxy is found out by the answer deadline; kept short so the test does not wait 30 s a try.
    const { result, rows } = await crawl(server, [bad.url, good.url], {}, { http: { timeoutMs: 1_500 }, robots: { refetchAfterMs: 100 } });
    expect(result.summary.ledger).toMatchObject({ planned: PAGES, succeeded: PAGES, failed: 0, pending: 0 });
    expect(result.items).toHaveLength(PAGES);
    // Before: every retry picked a session at random, so a page could spend all its attempts on the bad
    // proxy (retry/exhausted), and robots.txt did (robots/unavailable: the whole host lost for a proxy's fault).
    expect(rows.filter((row) => row.attempt > 0).every((row) => row.proxyId === idOf(good))).toBe(true);
    expect(bad.received.filter((r) => r.target.endsWith('/robots.txt')).length).toBeLessThanOrEqual(1);
  }, 30_000);
});

describe('the only proxy failing in a way the site might have', () => {
  it.each(['unavailable', 'silent'] as ProxyFault[])('a proxy that does %s: the host is lost, the run exits 4, and the lost host\'s line names the proxy beside the site', async (fault) => {
    const server = await shop();
    const bad = await proxy();
    bad.fault = fault;
    const { result } = await crawl(server, [bad.url], {}, { http: { timeoutMs: 1_000 }, robots: { refetchAfterMs: 20 } });
    expect(result.summary.ledger).toMatchObject({ planned: PAGES, succeeded: 0, pending: 0 });
    expect(exitCodeFor(result.summary)).toBe(4);
    // Before: "robots.txt could not be read (down, or a bot wall in its place)": the site alone was blamed.
    const [lost] = runLosses(result.summary).lostHosts;
    expect(lost.hint).toContain(`or our proxy: every request went through ${idOf(bad)}`);
    expect(server.requests).toHaveLength(0);
  }, 30_000);
});
