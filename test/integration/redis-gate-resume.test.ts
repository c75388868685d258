// Issue 15: a Retry-After pause and robots.txt's Crawl-delay hold across two workers on one Redis frontier and across their kill -9 and resume, measured at the server.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRunStatus } from '../../storage/redis/redis-status';
import { longestPossibleGapsMs } from '../support/arrival-gaps';
import type { RecordedRequest } from '../support/fixture-server';
import { productHtml } from '../support/listing-shop';
import { startWorkerRig, type WorkerRig } from '../support/redis-worker-pair';
import type { CliRun } from '../support/run-cli';
import type { ChildProcess } from 'node:child_process';

const CRAWL_DELAY_MS = 250;
const RETRY_AFTER_S = 4;
const PRODUCTS = 8;
/** The product that answers 429 with Retry-After the first time it is asked for. */
const THROTTLED = 2;
const RUN_ID = 'gate-two-workers-resume';
/** Four cold node processes (tsx, Crawlee) on a 2-core machine shared with other suites. */
const PROCESS_TEST_TIMEOUT_MS = 240_000;

describe('two Redis workers killed inside a Retry-After pause, then two resumed', () => {
  let rig: WorkerRig;
  let client: Redis;
  let killed: CliRun[];
  let resumed: CliRun[];

  beforeAll(async () => {
    rig = await startWorkerRig('redis-gate-resume', { runId: RUN_ID, products: PRODUCTS });
    client = new Redis(rig.redis.url);
    let throttled = false;
    rig.shop.route('/robots.txt', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end(`User-agent: *\nCrawl-delay: ${CRAWL_DELAY_MS / 1000}\n`));
    rig.shop.route('/p/:n', (_req, res, ctx) => {
      if (ctx.params.n === String(THROTTLED) && !throttled) {
        throttled = true;
        return void res.writeHead(429, { 'retry-after': String(RETRY_AFTER_S), 'content-type': 'text/plain' }).end('slow down');
      }
      productHtml(res, ctx.params.n);
    });
    const args = (command: 'crawl' | 'worker', extra: string[] = []) => rig.args(command, {
      'frontier.leaseTtlMs': 1000,
      // The configured interval is far below the Crawl-delay, so only the gate's floor can space the host.
      'politeness.minIntervalMs': 10, 'politeness.jitterMs': 0,
    }, { extra });
    const children: ChildProcess[] = [];
    const first = Promise.all([
      rig.run(args('worker'), { onStart: (child) => void children.push(child) }),
      rig.run(args('crawl'), { onStart: (child) => void children.push(child) }),
    ]);
    // Killed once the 429's pause is in the shared gate, well inside it.
    for (;;) {
      const status = await readRunStatus(client, RUN_ID).catch(() => null);
      if (status?.byHost[rig.shop.hostKey]?.pauseCause === 'retry-after') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    for (const child of children) child.kill('SIGKILL');
    killed = await first;
    resumed = await Promise.all([rig.run(args('worker')), rig.run(args('crawl', ['--resume']))]);
  }, PROCESS_TEST_TIMEOUT_MS);
  afterAll(async () => {
    client?.disconnect();
    await rig.close();
  });

  /** The 429's arrival and every arrival at the host after it. */
  function afterThrottle(): { throttledAtMs: number; later: RecordedRequest[] } {
    const index = rig.shop.requests.findIndex((r) => r.path === `/p/${THROTTLED}`);
    expect(index).toBeGreaterThanOrEqual(0);
    return { throttledAtMs: rig.shop.requests[index].arrivedAtEpochMs, later: rig.shop.requests.slice(index + 1) };
  }

  it('the first two were killed inside the pause; the resumed two finish the run with every page', () => {
    expect(killed.map((run) => run.signal)).toEqual(['SIGKILL', 'SIGKILL']);
    for (const run of resumed) expect(run.code, run.stderr).toBe(0);
    expect(resumed.some((run) => /accounting: planned 9 = succeeded 9 \+ failed 0 \+ pending 0 {2}✓/.test(run.stdout))).toBe(true);
  });

  it('nothing reaches the host before the Retry-After ends, from the killed workers or the resumed ones', () => {
    const { throttledAtMs, later } = afterThrottle();
    expect(later.length).toBeGreaterThan(0);
    expect(Math.min(...later.map((r) => r.arrivedAtEpochMs))).toBeGreaterThanOrEqual(throttledAtMs + RETRY_AFTER_S * 1000);
  });

  it('every arrival at the host comes a Crawl-delay after the one before, the run\'s first page after its robots.txt included, across both runs and all four workers', () => {
    // The first gap came 56 ms short once in CI: a pick already on its way to Redis when the file's Crawl-delay
    // was put in force came back with a slot reserved under the configured 10 ms, and the page, its robots now
    // known, went out in it. Such a slot now waits for the Crawl-delay its worker told the gate
    // (redis-crawl-delay-race.test.ts makes that race certain).
    const seen = JSON.stringify(rig.shop.requests.map((r) => [r.path, r.arrivedAtPerfMs.toFixed(1), r.stampSlackMs.toFixed(1)]));
    expect(rig.shop.requests[0].path, seen).toBe('/robots.txt');
    const gaps = longestPossibleGapsMs(rig.shop.requests);
    expect(gaps.length, seen).toBeGreaterThan(5);
    expect(Math.min(...gaps), seen).toBeGreaterThanOrEqual(CRAWL_DELAY_MS);
  });
});
