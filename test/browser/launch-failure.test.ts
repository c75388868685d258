// A Chromium that cannot start (a shared library missing) or cannot open a page (no renderer starts): a few launches, then every browser page fails as browser/unavailable, the HTTP host is crawled, and the run does not end clean.
import { chmodSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSummary } from '../../src/cli/summary-text';
import { exitCodeFor } from '../../src/engine/run-summary';
import { lostHostHint } from '../../src/engine/lost-hosts';
import { signalProcessTree } from '../../src/browser/process-tree';
import { launchedChromiumPids } from '../../src/fetch/chromium-launch';
import { LAUNCH_FAILURES_IN_A_ROW_LIMIT } from '../../src/fetch/launch-breaker';
import { FixtureServer } from '../support/fixture-server';
import { PriceTextSpider } from '../support/spiders/price-text-spider';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

/** Binaries in place of Chromium that are there and executable (so the start-up check passes), but never serve a page. */
const BROKEN_BINARIES = {
  // What the dynamic loader prints when the package's libraries were removed by an upgrade.
  'missing library': '#!/bin/sh\necho "chromium: error while loading shared libraries: libnss3.so: cannot open shared object file" >&2\nexit 127\n',
  // Starts and answers, but no renderer can start (as with its zygote gone): every new page hangs until browser.openTimeoutMs.
  'no renderer starts': '#!/bin/sh\nexec /usr/bin/chromium "$@" --renderer-cmd-prefix=/bin/false\n',
};

const storage = tempStorageDir('launch-failure');
let browserShop: FixtureServer;
let httpShop: FixtureServer;

beforeAll(async () => {
  browserShop = await FixtureServer.start({ builtInRoutes: false });
  httpShop = await FixtureServer.start({ builtInRoutes: false });
  for (const shop of [browserShop, httpShop]) {
    shop.route('/robots.txt', (_req, res) => void res.writeHead(404).end());
    shop.route('/p/:n', (_req, res, { params }) => void res.writeHead(200, { 'content-type': 'text/html' }).end(`<p class="price">${params.n}.50</p>`));
  }
  // A Chromium that dies under every page it loads (a crash at first paint): the browser goes as each page is asked for.
  browserShop.route('/crash/:n', (_req, res) => {
    for (const pid of launchedChromiumPids()) signalProcessTree(pid, 'SIGKILL');
    res.socket?.once('close', () => res.destroy());
  });
});
afterAll(async () => {
  await browserShop.close();
  await httpShop.close();
  storage.cleanup();
});

describe('a browser that cannot start', () => {
  for (const [label, script] of Object.entries(BROKEN_BINARIES)) {
    it(`(${label}) is launched a bounded number of times; its pages fail as browser/unavailable, the run exits 4`, async () => {
      const executablePath = `${storage.dir}/${label.replace(/ /g, '-')}.sh`;
      writeFileSync(executablePath, script);
      chmodSync(executablePath, 0o755);
      const urls = [...[1, 2, 3, 4, 5, 6, 7, 8].map((n) => browserShop.url(`/p/${n}`)), ...[1, 2, 3].map((n) => httpShop.url(`/p/${n}`))];
      const { summary, items } = await crawlInProcess(new PriceTextSpider({ urls: urls.join(',') }), `${storage.dir}/${label.replace(/ /g, '-')}`, {
        politeness: { minIntervalMs: 0, jitterMs: 0, hosts: { [browserShop.hostKey]: { fetchMode: 'browser' } } },
        browser: { executablePath, openTimeoutMs: 5_000 },
        retry: { backoffBaseMs: 10, backoffCapMs: 50 },
        log: { statsIntervalMs: 0 },
      });

      // Before: every try of every page launched again (2 per try: 64 launches for these 8 pages), each ending retry/exhausted.
      expect(summary.browser.launched).toBeLessThanOrEqual(LAUNCH_FAILURES_IN_A_ROW_LIMIT + 1);
      expect(summary.browser['launch-gave-up']).toBe(1);
      expect(summary.ledger).toMatchObject({ planned: 11, succeeded: 3, failed: 8, pending: 0 });
      expect(summary.ledger.byHost[browserShop.hostKey]).toMatchObject({ succeeded: 0, failed: 8 });
      expect(Object.keys(summary.ledger.failedByReason)).toContain('browser/unavailable');
      expect(items.map((item) => item.price).sort()).toEqual(['1.50', '2.50', '3.50']);
      expect(exitCodeFor(summary)).toBe(4);
      const lost = summary.lostHosts[browserShop.hostKey];
      expect(lost).toBeDefined();
      expect(lostHostHint(lost!)).toMatch(/browser \(Chromium\) could not be started/);
      // Before, a browser that never opened a page had no line in the summary.
      expect(formatSummary(summary)).toMatch(/browser: 0 pages .*GAVE UP LAUNCHING/);
    }, 120_000);
  }
});

describe('a browser that dies under every page', () => {
  it('is relaunched a bounded number of times, not once per try of every page', async () => {
    const urls = [...[1, 2, 3, 4, 5, 6, 7, 8].map((n) => browserShop.url(`/crash/${n}`)), httpShop.url('/p/4')];
    const { summary, items } = await crawlInProcess(new PriceTextSpider({ urls: urls.join(',') }), `${storage.dir}/crash-every-page`, {
      politeness: { minIntervalMs: 0, jitterMs: 0, hosts: { [browserShop.hostKey]: { fetchMode: 'browser' } } },
      retry: { backoffBaseMs: 10, backoffCapMs: 50 },
      log: { statsIntervalMs: 0 },
    });
    // Before: each page opened in its browser reset the count, so every try of every page launched one (32 here).
    expect(summary.browser.launched).toBeLessThanOrEqual(LAUNCH_FAILURES_IN_A_ROW_LIMIT + 1);
    expect(summary.browser['launch-gave-up']).toBe(1);
    expect(summary.ledger).toMatchObject({ planned: 9, succeeded: 1, failed: 8, pending: 0 });
    expect(items.map((item) => item.price)).toEqual(['4.50']);
    expect(exitCodeFor(summary)).toBe(4);
  }, 120_000);
});
