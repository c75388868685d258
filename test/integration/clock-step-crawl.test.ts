// The wall clock steps back an hour mid-crawl (an NTP step, a restored VM): intervals run on the monotonic clock, the crawl goes on.
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogCrawler } from '../support/catalog-crawl-cli';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { childTracker, type CliRun } from '../support/run-cli';
import { tempStorageDir } from '../support/test-crawl';

const STEP_BACK = resolve(import.meta.dirname, '../support/clock-step-back.mjs');

/**
 * Before, every politeness time was Date.now: after the step each host's next slot lay an hour ahead,
 * so the run stopped at once as `frontier/max-idle-wait` (interrupted, exit 2, "in -3598.2 s") with most
 * of its requests pending; a step shorter than frontier.maxIdleWaitMs stalled it that long instead.
 */
describe.each([3, 12])('the wall clock steps back one hour after %i responses', (after) => {
  let site: CatalogSite;
  const storage = tempStorageDir('clock-step');
  const children = childTracker();
  let run: CliRun;

  beforeAll(async () => {
    site = await startCatalogSite({ hosts: 2, productsPerHost: 10, perPage: 5 });
    const crawl = catalogCrawler({ startUrls: () => site.startUrls, dir: storage.dir, intervalMs: 20, track: children.track });
    const env = { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${STEP_BACK}`, CLOCK_STEP_AFTER: String(after), CLOCK_STEP_BACK_MS: '3600000' };
    run = await crawl([], undefined, env);
  }, 60_000);
  afterAll(async () => {
    children.killAll();
    await site.close();
    storage.cleanup();
  });

  it('finishes the run with every request done', () => {
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/: finished in \d+\.\d s/);
    expect(run.stdout).toMatch(/accounting: planned 24 = succeeded 24 \+ failed 0 \+ pending 0/);
    expect(run.stdout).not.toMatch(/max-idle-wait/);
  });
});
