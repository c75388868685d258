// `crawl --due --due-until <time>`: a scheduled run plans what falls due before the scheduler's next tick, discovery
// included, so nothing waits a whole tick past its due time; without the option only what is due now.
import { expect, it } from 'vitest';
import { catalogCliFixture } from '../support/catalog-cli-fixture';
import { catalogCrawler } from '../support/catalog-crawl-cli';
import { runRecordsJson } from '../support/run-cli';

const { site: siteNow, storage, children } = catalogCliFixture('due-until', { hosts: 1, productsPerHost: 3, perPage: 10 });
const HOUR = 3_600_000;
// One tier of an hour, no jitter: as a crawl every hour would be configured; discovery every `discoveryMs`.
const hourly = (discoveryMs: number) => ['-s', `schedule.tiers=${JSON.stringify([{ name: 'hourly', minChangesPerDay: 0, everyMs: HOUR }])}`, '-s', 'schedule.jitterRatio=0', '-s', `schedule.discoveryEveryMs=${discoveryMs}`];

it('plans the SKUs and the discovery that fall due before --due-until, and only beside --due', async () => {
  const site = siteNow();
  const crawl = catalogCrawler({ startUrls: () => site.startUrls, dir: storage.dir, intervalMs: 0, track: children.track });
  expect((await crawl(hourly(HOUR))).code).toBe(0); // discovery: the catalog knows the three SKUs
  const productHits = () => site.products.map((p) => site.servers[0].requestsTo(new URL(p.url).pathname).length);
  const before = productHits();
  // The next tick an hour from now: every SKU, fetched moments ago, falls due before it (discovery, every 3 h, does not).
  const nextTick = () => new Date(Date.now() + HOUR + 60_000).toISOString();
  const scheduled = await crawl(['--due', '--due-until', nextTick(), ...hourly(3 * HOUR)]);
  expect(scheduled.code).toBe(0);
  expect(productHits()).toEqual(before.map((hits) => hits + 1));
  // Without it, nothing is due yet: the one line says so.
  const now = await crawl(['--due', ...hourly(HOUR)]);
  expect(now.code).toBe(0);
  expect(now.stderr + now.stdout).toMatch(/--due plans nothing for catalog: none of its known SKUs is due yet/);
  // Hourly discovery falls due before the next tick too: the listing page is crawled with the SKUs.
  expect((await crawl(['--due', '--due-until', nextTick(), ...hourly(HOUR)])).code).toBe(0);
  const runs = await runRecordsJson(['--storage', storage.dir]);
  expect(runs.map((run) => [run.mode, run.planned])).toEqual([['discover', 4], ['due', 3], ['due', 0], ['due', 4]]);
  // Refused before a run exists: beside a plain crawl it would widen nothing, and a time that does not parse is no horizon.
  for (const [args, line] of [[['--due-until', nextTick()], /--due-until: only with --due/], [['--due', '--due-until', 'next tuesday'], /"next tuesday" is no ISO date and time/]] as const) {
    const refused = await crawl([...args, ...hourly(HOUR)]);
    expect([refused.code, refused.stderr]).toEqual([2, expect.stringMatching(line)]);
  }
  expect(await runRecordsJson(['--storage', storage.dir])).toHaveLength(4);
}, 240_000);
