// Sessions survive a restart: a crawl stopped part-way and resumed sends the same sessions' cookies through the same proxies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrawlEngine } from '../../src/engine/crawl-engine';
import type { FetchLogRow } from '../../src/ports/fetch-log';
import { FixtureServer } from '../support/fixture-server';
import { startRecordingProxy, type RecordingProxy } from '../support/recording-proxy';
import { fetchLogRows, sidHandingProducts } from '../support/session-visitors';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const PAGES = 12;
const STOP_AFTER = 5;

describe('sessions across a stop and --resume', () => {
  const storage = tempStorageDir('session-resume');
  let server: FixtureServer;
  let proxies: RecordingProxy[];
  let handedOut: string[]; // sids in the order the server gave them
  let first: TestCrawlResult;
  let second: TestCrawlResult;
  let before: FetchLogRow[];
  let after: FetchLogRow[];

  beforeAll(async () => {
    server = await FixtureServer.start({ builtInRoutes: false });
    let engine: CrawlEngine | null = null;
    handedOut = sidHandingProducts(server, (ctx) => {
      if (ctx.record.seq + 1 === STOP_AFTER) engine?.stop('test');
    });
    proxies = [await startRecordingProxy('p1', { username: 'u', password: 'secret-1' }), await startRecordingProxy('p2', { username: 'u', password: 'secret-2' })];
    const spider = () => new UrlListSpider(Array.from({ length: PAGES }, (_, n) => server.url(`/p/${n}`)));
    const settings = {
      politeness: { minIntervalMs: 5, jitterMs: 0 },
      pipeline: { batchSize: 5, batchMaxAgeMs: 20 },
      log: { statsIntervalMs: 0 },
      robots: { obey: false },
      sessions: { proxyUrls: proxies.map((p) => p.url), maxPoolSizePerHost: 2 },
    };
    first = await crawlInProcess(spider(), storage.dir, settings, { onEngine: (e) => (engine = e) });
    engine = null;
    before = await fetchLogRows(storage.dir, first.summary.runId);
    second = await crawlInProcess(spider(), storage.dir, settings, { resume: true });
    after = (await fetchLogRows(storage.dir, first.summary.runId)).slice(before.length);
  }, 30_000);
  afterAll(async () => {
    await Promise.all([server.close(), ...proxies.map((p) => p.close())]);
    storage.cleanup();
  });

  it('was stopped part-way, then the same run finished with every page stored', () => {
    expect(first.summary.status).toBe('interrupted');
    expect(first.summary.ledger.pending).toBeGreaterThan(0);
    expect(second.summary.runId).toBe(first.summary.runId);
    expect(second.summary.status).toBe('finished');
    expect(second.summary.ledger).toMatchObject({ planned: PAGES, succeeded: PAGES, failed: 0, pending: 0 });
  });

  it('resumes with the sessions of the first run: same ids, same proxies, same cookies, no new visitor', () => {
    expect(before).toHaveLength(STOP_AFTER);
    expect(after.length).toBe(PAGES - STOP_AFTER);
    const proxyOf = new Map(before.map((r) => [r.sessionId!, r.proxyId]));
    expect(proxyOf.size).toBe(2);
    for (const row of after) {
      expect(proxyOf.has(row.sessionId!)).toBe(true);
      expect(row.proxyId).toBe(proxyOf.get(row.sessionId!));
    }
    // Two sessions, two sids, all handed out before the stop; every request after it carried one of them.
    expect(handedOut).toEqual(['s1', 's2']);
    const resumed = server.requests.slice(STOP_AFTER);
    expect(resumed).toHaveLength(PAGES - STOP_AFTER);
    for (const record of resumed) expect(record.headers.cookie).toMatch(/^sid=s[12]$/);
  });

  it('each proxy keeps carrying the same session cookie after the restart', () => {
    for (const proxy of proxies) expect(new Set(proxy.requests.map((r) => r.cookie).filter(Boolean)).size).toBe(1);
  });
});
