// A request fetched again after its callback failed (a timeout, a cut or markup JSON answer, a page fault) waits a backoff first, as any retry does.
import { pino } from 'pino';
import { afterEach, expect, it } from 'vitest';
import { retriedAfterCallback } from '../../src/engine/callback-retry';
import { Stats } from '../../src/engine/stats';
import { steadyNowMs } from '../../src/politeness/clock';
import { settingsSchema } from '../../src/settings/schema';
import { expectLease, openFrontier, req, tempDir } from '../frontier/frontier-fixture';

const tmp = tempDir();
afterEach(() => tmp.cleanup());

it.each(['parse/json-cut', 'parse/json-html', 'callback/timeout', 'page/shared-body', 'sitemap/cut'])('%s: not picked again before its backoff (the same answer the moment after is the likely one)', async (reason) => {
  const { frontier } = openFrontier(tmp.dir, { maxConcurrency: 1, minIntervalMs: 0 });
  try {
    await frontier.add([req(`http://shop.test/api/${encodeURIComponent(reason)}`)]);
    const lease = expectLease(await frontier.next(steadyNowMs()));
    // As in a crawl: the answer came, the host's slot is free while the callback runs.
    lease.markSent();
    lease.releaseSlot();
    const settings = settingsSchema.parse({ retry: { backoffBaseMs: 60_000, backoffCapMs: 60_000 } });
    const deps = { settings, frontier, stats: new Stats() };
    const beforeMs = steadyNowMs();
    // Half the full-jitter ceiling of the first attempt: 30 s.
    expect(await retriedAfterCallback(lease.request, reason, deps, pino({ level: 'silent' }), () => 0.5)).toBe(true);
    const pick = await frontier.next(steadyNowMs());
    // Before, it was due at once: leased again on the spot, to get the same cut answer a moment later.
    expect(pick.type).toBe('wait');
    const dueInMs = pick.type === 'wait' ? pick.atMs - beforeMs : 0;
    expect(dueInMs).toBeGreaterThanOrEqual(29_000);
    expect(dueInMs).toBeLessThan(31_000);
    expect(deps.stats.get(reason === 'sitemap/cut' ? 'retry/sitemap-cut' : reason === 'page/shared-body' ? 'retry/page-fault' : reason === 'callback/timeout' ? 'retry/callback-timeout' : `retry/${reason.slice('parse/'.length)}`)).toBe(1);
  } finally {
    frontier.close();
  }
});

it('a sitemap cut short is tried again; a page that is no sitemap is not (an HTML page at 200 stays one; a wall is retried as a block)', async () => {
  const { frontier } = openFrontier(tmp.dir, { maxConcurrency: 1, minIntervalMs: 0 });
  try {
    await frontier.add([req('http://shop.test/sitemap.xml')]);
    const lease = expectLease(await frontier.next(steadyNowMs()));
    const deps = { settings: settingsSchema.parse({}), frontier, stats: new Stats() };
    expect(await retriedAfterCallback(lease.request, 'sitemap/invalid', deps, pino({ level: 'silent' }))).toBe(false);
    expect(await retriedAfterCallback(lease.request, 'sitemap/cut', deps, pino({ level: 'silent' }))).toBe(true);
  } finally {
    frontier.close();
  }
});
