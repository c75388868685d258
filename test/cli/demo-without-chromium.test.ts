// `pricecrawl demo` on a machine without Chromium (a browser.executablePath that does not exist): every other shop crawled, one line about the skipped one, exit 0; on a terminal the live block instead of start-up arrays.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { cli } from '../support/run-cli';
import { onTerminal } from '../support/run-on-terminal';
import { tempStorageDir } from '../support/test-crawl';

const NO_CHROMIUM = ['-s', 'browser.executablePath=/nonexistent/chromium', '-s', 'politeness.minIntervalMs=0', '-s', 'politeness.jitterMs=0'];
const SPIDERS = ['demo-hostile', 'demo-hotel-rates', 'demo-jsonld', 'demo-locale', 'demo-microdata'];
const SKIPPED = /^skipped the JS-rendered shop: no Chromium at \/nonexistent\/chromium; to crawl it: apt-get install chromium \(or -s browser\.executablePath=<your chromium>\)$/;

function runRecords(dir: string): Array<{ spider: string; outcome: string }> {
  const db = new Database(join(dir, 'frontier.sqlite'), { readonly: true });
  try {
    return db.prepare('SELECT spider, outcome FROM run_records ORDER BY spider').all() as Array<{ spider: string; outcome: string }>;
  } finally {
    db.close();
  }
}

describe.concurrent('the demo without Chromium', { timeout: 180_000 }, () => {
  const storage = tempStorageDir('demo-no-chromium');
  afterAll(() => storage.cleanup());

  it('crawls every other shop to the end, says once how to enable the JS shop, exits 0, records only real runs', async () => {
    const dir = join(storage.dir, 'piped');
    const run = await cli(['demo', '--storage', dir, ...NO_CHROMIUM]);
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n').filter((line) => line.includes('JS-rendered'))).toEqual([expect.stringMatching(SKIPPED)]);
    for (const spider of SPIDERS) expect(run.stdout).toMatch(new RegExp(`of spider ${spider}: finished`));
    expect(run.stdout).not.toContain('demo-js:');
    expect(runRecords(dir)).toEqual(SPIDERS.map((spider) => ({ spider, outcome: 'finished' })));
    // The shops stay up until every crawl has ended: no request fails because its shop went away.
    const logs = run.stderr.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logs.filter((line) => String(line.reason ?? '').startsWith('fetch/connection'))).toEqual([]);
    // Piped, the JSON log keeps the start-up detail at info, once per run.
    expect(logs.filter((line) => line.msg === 'enabled downloader middlewares' && line.level === 30)).toHaveLength(SPIDERS.length);
  });

  it('on a terminal shows the live block for all shops, and no start-up arrays', async () => {
    const run = await onTerminal(['demo', '--storage', join(storage.dir, 'tty'), ...NO_CHROMIUM, '-s', 'progress.intervalMs=200']);
    expect(run.code).toBe(0);
    expect(run.screen).toContain('\x1b[0J');
    for (const spider of SPIDERS) expect(run.screen).toMatch(new RegExp(`${spider} {2}elapsed \\d+:\\d\\d {2}pages \\d+`));
    expect(run.screen).toMatch(/host +slots +interval +next +pages +deferred +429s +failed +breaker/);
    for (const detail of ['overridden settings', 'enabled downloader middlewares', 'enabled item pipeline stages', 'run plan', 'sessions enabled']) {
      expect(run.screen).not.toContain(detail);
    }
    expect(run.screen.split(/\r?\n/).filter((line) => SKIPPED.test(line))).toHaveLength(1);
  });
});
