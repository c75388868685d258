// The scheduler and a manual crawl guard a spider under one identity, its name, even when schedule.spiders names
// the spider by the path of its file: a tick during a manual crawl is skipped, never recorded as a failed run.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRunRecords } from '../../storage/open-backends';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { routeHeldList, type HeldList } from '../support/held-list';
import { CatalogSpider } from '../support/spiders/catalog-spider';
import { storeBackends } from '../support/store-backends';
import { crawlInProcess } from '../support/test-crawl';

const { backends, start, stop } = storeBackends('scheduler-claim');
const SPIDER_FILE = 'test/support/spiders/catalog-spider.ts'; // the spider named `catalog`
const fast = { politeness: { minIntervalMs: 0, jitterMs: 0, maxConcurrencyPerHost: 4 }, pipeline: { batchMaxAgeMs: 20 }, robots: { obey: false } };
let site: CatalogSite;
const started: ChildProcess[] = [];

/** `/held-list`, held by each test while it needs a crawl mid-run. */
let holdList: () => HeldList;

beforeAll(async () => {
  await start();
  site = await startCatalogSite({ hosts: 1, productsPerHost: 1, perPage: 10 });
  holdList = routeHeldList(site.servers[0]);
});
afterAll(async () => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL'); // only after a failed wait
  await site?.close();
  await stop();
});

/** The scheduler's first word on its tick: skipped (and for whom), or a child started. */
function firstTickOutcome(child: ChildProcess): Promise<{ msg: string; holder?: string }> {
  return new Promise((resolve, reject) => {
    const lines: string[] = [];
    child.once('exit', (code, signal) => reject(new Error(`the scheduler exited early (${signal ?? code}):\n${lines.slice(-20).join('\n')}`)));
    for (const stream of [child.stdout!, child.stderr!]) {
      createInterface({ input: stream }).on('line', (line) => {
        lines.push(line);
        const entry = line.startsWith('{') ? (JSON.parse(line) as { msg?: string; holder?: string }) : null;
        if (entry?.msg === 'previous run still going: tick skipped' || entry?.msg === 'scheduled run started') resolve({ msg: entry.msg, holder: entry.holder });
      });
    }
  });
}

describe.each(backends)('a spider scheduled by the path of its file on %s', (_name, place) => {
  it('is not ticked while a manual crawl of it runs: the tick is skipped, no run is recorded failed', async () => {
    const storage = await place();
    const { arrival, release } = holdList();
    const manual = crawlInProcess(new CatalogSpider({ startUrls: site.servers[0].url('/held-list') }), storage.dir, fast, { storeUrl: storage.url });
    try {
      await arrival; // the manual crawl holds the spider and is sending
      const config = join(storage.dir, 'pricecrawl.config.json');
      writeFileSync(config, JSON.stringify({
        ...(storage.url ? { storage: { url: storage.url } } : {}),
        ...fast,
        log: { format: 'json', level: 'info' },
        schedule: { spiders: { [SPIDER_FILE]: { cron: '* * * * * *', args: { startUrls: site.startUrls[0] } } } },
      }));
      const scheduler = spawn(process.execPath, ['bin/pricecrawl.js', 'schedule', '--config', config, '--storage', storage.dir], { stdio: ['ignore', 'pipe', 'pipe'] });
      started.push(scheduler);
      const outcome = await firstTickOutcome(scheduler);
      scheduler.removeAllListeners('exit');
      scheduler.kill('SIGTERM');
      expect((await once(scheduler, 'exit'))[0]).toBe(0);
      expect(outcome).toEqual({ msg: 'previous run still going: tick skipped', holder: `pid ${process.pid}` });
    } finally {
      release();
    }
    expect((await manual).summary.status).toBe('finished');
    const records = await openRunRecords(storage);
    try {
      const runs = await records.list();
      expect(runs.map((run) => [run.spider, run.trigger, run.outcome])).toEqual([['catalog', 'manual', 'finished']]);
    } finally {
      await records.close();
    }
  }, 120_000);
});
