// Frontier + HostSlots on a manual clock: spacing per host holds and no slot idles while work is queued.
import { afterEach, expect, it } from 'vitest';
import { openFrontier, req, tempDir } from './frontier-fixture';

const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

it('spaces every host by its interval and finishes in max(pages × interval)', async () => {
  const tmp = tempDir();
  cleanups.push(tmp.cleanup);
  const { frontier, clock } = openFrontier(tmp.dir, { maxConcurrency: 1, minIntervalMs: 100 });
  cleanups.push(() => frontier.close());
  // One host holds 4× the pages of the others: it alone sets the crawl's length.
  const urls: string[] = [];
  for (let h = 0; h < 8; h++) for (let p = 0; p < (h === 0 ? 40 : 10); p++) urls.push(`http://h${h}.test/${p}`);
  await frontier.add(urls.map((u) => req(u)));
  const start = clock.nowMs();
  const sends = new Map<string, number[]>();
  for (;;) {
    const pick = frontier.next(clock.nowMs());
    if (pick.type === 'empty') break;
    if (pick.type === 'wait') {
      expect(pick.atMs).toBeGreaterThan(clock.nowMs());
      clock.set(pick.atMs);
      continue;
    }
    const times = sends.get(pick.lease.hostKey) ?? [];
    times.push(clock.nowMs());
    sends.set(pick.lease.hostKey, times);
    await frontier.markHandled(pick.lease.request, 200);
    pick.lease.releaseSlot();
  }
  expect([...sends.values()].reduce((n, t) => n + t.length, 0)).toBe(110);
  for (const times of sends.values()) {
    for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).toBe(100);
  }
  expect(Math.max(...[...sends.values()].flat()) - start).toBe(39 * 100);
  expect(await frontier.summary()).toMatchObject({ planned: 110, succeeded: 110, pending: 0 });
});
