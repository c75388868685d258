// Live progress: a refreshing block on a terminal (a real pseudo-terminal via util-linux `script`), a stats log line otherwise.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { onTerminal } from '../support/run-on-terminal';
import { tempStorageDir } from '../support/test-crawl';

const ESC_CLEAR_DOWN = '\x1b[0J';

describe.concurrent('live progress', { timeout: 180_000 }, () => {
  let site: CatalogSite;
  const storage = tempStorageDir('progress');
  const crawl = (dir: string, ...extra: string[]) => [
    'crawl', 'test/support/spiders/catalog-spider.ts', '-a', `startUrls=${site.startUrls[0]}`, '--storage', join(storage.dir, dir),
    // 10 requests 100 ms apart (server-enforced politeness): the crawl outlasts several 100 ms refreshes.
    '-s', 'politeness.minIntervalMs=100', '-s', 'politeness.jitterMs=0', '-s', 'pipeline.batchMaxAgeMs=20', ...extra,
  ];

  beforeAll(async () => {
    site = await startCatalogSite({ hosts: 1, productsPerHost: 8, perPage: 4 });
  });
  afterAll(async () => {
    await site.close();
    storage.cleanup();
  });

  it('draws a refreshing block with rates, queue and per-host state on a terminal', async () => {
    const run = await onTerminal(crawl('tty', '-s', 'progress.intervalMs=100', '-s', 'log.level=warn'));
    expect(run.code).toBe(0);
    const host = site.servers[0].hostKey;
    expect(run.screen).toContain(ESC_CLEAR_DOWN);
    expect(run.screen).toMatch(/catalog {2}elapsed \d+:\d\d {2}pages \d+ \(\d+\/min\) {2}items \d+ \(\d+\/min\) {2}queue \d+ {2}in flight \d+ {2}errors 0/);
    expect(run.screen).toMatch(/host +slots +interval +why +next +pages +deferred +429s +failed +breaker/);
    expect(run.screen).toMatch(new RegExp(`${host.replace(/\./g, '\\.')} +[01]/1 +100 ms +configured +\\S+( s)? +\\d+ +\\d+ +0 +0 +closed`));
    // The final block stays on screen with every page counted, then the summary.
    expect(run.screen).toMatch(/pages 10 \(\d+\/min\) {2}items 8 /);
    expect(run.screen).toContain('accounting: planned 10 = succeeded 10 + failed 0 + pending 0');
  });

  it('prints no block in JSON-log mode, only the periodic stats line', async () => {
    const run = await onTerminal(crawl('json', '-s', 'log.format=json', '-s', 'log.statsIntervalMs=100'));
    expect(run.code).toBe(0);
    expect(run.screen).not.toContain(ESC_CLEAR_DOWN);
    expect(run.screen).not.toContain('elapsed');
    const progress = run.screen.split(/\r?\n/).filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>).filter((l) => l.msg === 'crawl progress');
    expect(progress.length).toBeGreaterThan(0);
    expect(progress[0]).toMatchObject({ hosts: { [site.servers[0].hostKey]: { slots: expect.stringMatching(/^[01]\/1$/), intervalMs: 100, why: 'configured', breaker: 'closed' } } });
  });
});
