// Scheduler daemon: two scheduler processes, a cron every second, a slow spider: runs never overlap; failing runs are recorded and retried.
// On SQLite both share one storage dir; on PostgreSQL each has its own, as two machines sharing the database would.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunRecord } from '../../src/ports/run-record-store';
import { peakConcurrency, startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { storeBackends, type StorePlace } from '../support/store-backends';
import { tempStorageDir } from '../support/test-crawl';

const { backends, start, stop } = storeBackends('scheduler');
const secondMachine = tempStorageDir('scheduler-b');
const SLOW = 'test/support/spiders/catalog-spider.ts';
const SLOW_NAME = 'catalog'; // runs are locked, recorded and logged under the spider's name, as a manual crawl claims it
const FAILING = 'test/support/spiders/url-list-spider.ts'; // without its `urls` argument it throws at start: every run fails (and, never constructed, it is known by its key)
let site: CatalogSite;
const started: ChildProcess[] = [];

/** A scheduler process; resolves `ended(n)` once n scheduled runs of `spider` ended in it (read from its JSON log). */
function startScheduler(config: string, dir: string): { child: ChildProcess; ended: Map<string, number>; onEnded: () => void; lines: string[] } {
  const child = spawn(process.execPath, ['bin/pricecrawl.js', 'schedule', '--config', config, '--storage', dir, '-s', 'schedule.discoveryEveryMs=0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  const state = { child, ended: new Map<string, number>(), onEnded: () => {}, lines: [] as string[] };
  for (const stream of [child.stdout!, child.stderr!]) {
    createInterface({ input: stream }).on('line', (line) => {
      state.lines.push(line);
      const entry = line.startsWith('{') ? (JSON.parse(line) as { msg?: string; spider?: string }) : null;
      if (entry?.msg === 'scheduled run ended' && entry.spider) {
        state.ended.set(entry.spider, (state.ended.get(entry.spider) ?? 0) + 1);
        state.onEnded();
      }
    });
  }
  return state;
}

beforeAll(async () => {
  await start();
  site = await startCatalogSite({ hosts: 1, productsPerHost: 1, latencyMs: 1500 });
});
afterAll(async () => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL'); // only after a failed wait
  await site.close();
  await stop();
  secondMachine.cleanup();
});

/** Two schedulers until each spider has ended twice, then SIGTERM; the run records as `pricecrawl runs --json` lists them. */
async function runSchedulers(storage: StorePlace): Promise<RunRecord[]> {
  const config = join(storage.dir, 'pricecrawl.config.json');
  writeFileSync(config, JSON.stringify({
    ...(storage.url ? { storage: { url: storage.url } } : {}),
    politeness: { minIntervalMs: 0, jitterMs: 0 },
    robots: { obey: false },
    log: { format: 'json', level: 'info' },
    schedule: { spiders: { [SLOW]: { cron: '* * * * * *', args: { startUrls: site.startUrls[0] } }, [FAILING]: { cron: '* * * * * *' } } },
  }));
  const schedulers = [startScheduler(config, storage.dir), startScheduler(config, storage.url ? secondMachine.dir : storage.dir)];
  const total = (spider: string) => schedulers.reduce((sum, s) => sum + (s.ended.get(spider) ?? 0), 0);
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (total(SLOW_NAME) >= 2 && total(FAILING) >= 2) resolve();
    };
    for (const s of schedulers) {
      s.onEnded = check;
      // A daemon that dies before it is told to stop is the failure itself: say why instead of waiting.
      s.child.once('exit', (code, signal) => reject(new Error(`a scheduler exited early (${signal ?? code}):\n${s.lines.slice(-20).join('\n')}`)));
    }
  });
  for (const s of schedulers) s.child.removeAllListeners('exit');
  for (const s of schedulers) s.child.kill('SIGTERM');
  const codes = await Promise.all(schedulers.map((s) => once(s.child, 'exit').then(([code]) => code as number)));
  expect(codes).toEqual([0, 0]);
  const out = execFileSync(process.execPath, ['bin/pricecrawl.js', 'runs', '--json', '--storage', storage.dir, ...(storage.url ? ['--store', storage.url] : [])]).toString('utf8');
  return out.trim().split('\n').map((line) => JSON.parse(line) as RunRecord);
}

describe.each(backends)('pricecrawl schedule on %s', (_name, place) => {
  let runs: RunRecord[];
  let storage: StorePlace;
  beforeAll(async () => {
    storage = await place();
    runs = await runSchedulers(storage);
  }, 300_000); // ~15 s on a quiet machine; child processes start slowly when the machine is loaded

  it('never runs two crawls of one spider at once, even with two scheduler processes', () => {
    const slow = runs.filter((r) => r.spider === SLOW_NAME).sort((a, b) => a.startedAtMs - b.startedAtMs);
    expect(slow.length).toBeGreaterThanOrEqual(2);
    for (const [i, run] of slow.entries()) {
      expect(run.trigger).toBe('schedule');
      expect(run.endedAtMs).not.toBeNull();
      if (i > 0) expect(run.startedAtMs).toBeGreaterThanOrEqual(slow[i - 1].endedAtMs!);
    }
    // Server side too: the slow product page was never being served to two runs at the same time.
    const productRequests = site.servers[0].requestsTo(new URL(site.products[0].url).pathname);
    expect(productRequests.length).toBeGreaterThanOrEqual(2);
    expect(peakConcurrency(productRequests)).toBe(1);
  });

  it('records each run with outcome, counts and the settings hash', () => {
    const finished = runs.filter((r) => r.spider === SLOW_NAME && r.outcome === 'finished');
    expect(finished.length).toBeGreaterThanOrEqual(2);
    for (const run of finished) {
      expect([run.mode, run.exitCode, run.planned, run.succeeded, run.failed, run.pending, run.items]).toEqual(['due', 0, 2, 2, 0, 0, 1]);
      expect(run.settingsHash).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(new Set(finished.map((r) => r.settingsHash)).size).toBe(1);
  });

  it('tells each run the time of its next tick, up to which the run plans what falls due', () => {
    const finished = runs.filter((r) => r.spider === SLOW_NAME && r.outcome === 'finished');
    for (const run of finished) {
      const log = [storage.dir, secondMachine.dir].map((dir) => join(dir, 'logs', `${run.runId}.log`)).find((file) => existsSync(file))!;
      const plan = readFileSync(log, 'utf8').split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as { msg: string; dueUntil?: string }).find((line) => line.msg === 'run plan');
      const dueUntilMs = Date.parse(plan?.dueUntil ?? '');
      // A cron of every second: the next tick is a whole second, after the tick that started the run.
      expect(dueUntilMs % 1000).toBe(0);
      expect(Math.abs(dueUntilMs - run.startedAtMs)).toBeLessThan(60_000);
    }
  });

  it('records a failing run and keeps starting the next ones', () => {
    // A run still starting when the schedulers got SIGTERM was stopped with them: recorded as such.
    const stoppedByUs = runs.filter((r) => r.spider === FAILING && r.error === 'killed by SIGTERM');
    for (const run of stoppedByUs) expect(run.outcome).toBe('failed');
    const failing = runs.filter((r) => r.spider === FAILING && r.error !== 'killed by SIGTERM');
    expect(failing.length).toBeGreaterThanOrEqual(2);
    // A spider that cannot start is refused like a usage error: exit 2.
    for (const run of failing) expect([run.outcome, run.exitCode, run.error]).toEqual(['failed', 2, expect.stringMatching(/^exit code 2 \(see logs\//)]);
  });
});
