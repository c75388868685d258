// The report of a crawl of the hostile demo shop, opened in real Chromium: the ledger and the failures are what a reader sees first.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHostileShop, type ShopGroup } from '../../demo/demo-shops';
import { launchChromium } from '../../src/fetch/chromium-launch';
import { writeReport } from '../../src/app/report/write-report';
import { DemoHostileShopSpider } from '../../spiders/demo-hostile-shop';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const ARTIFACTS = resolve(import.meta.dirname, '../../test-artifacts');
const storage = tempStorageDir('hostile-report');
let group: ShopGroup;
let browser: Browser;
let result: TestCrawlResult;
let file: string;

beforeAll(async () => {
  group = await startHostileShop({ productCounts: { hostile: 20 } });
  const shop = group.shops[0];
  // Shorter breaker and retry waits than the demo's own: the same faults, a quicker test.
  const quick = { breaker: { cooldownMs: 100, maxCooldownMs: 400 }, retry: { backoffBaseMs: 20, backoffCapMs: 200 } };
  result = await crawlInProcess(new DemoHostileShopSpider({ baseUrl: shop.origin }), storage.dir, { ...quick, pipeline: { batchSize: 10, batchMaxAgeMs: 20 }, log: { statsIntervalMs: 0 } });
  file = await writeReport({ dir: storage.dir }, result.summary.runId, join(storage.dir, 'hostile-report.html'));
  browser = await launchChromium('/usr/bin/chromium');
  mkdirSync(ARTIFACTS, { recursive: true });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await group?.close();
  storage.cleanup();
});

describe('the report of the hostile demo run', () => {
  it('shows the balanced ledger and every failure reason with its URLs, without console errors', async () => {
    const { ledger } = result.summary;
    expect(ledger.failed).toBeGreaterThan(0);
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const errors: string[] = [];
    page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
    page.on('pageerror', (error) => void errors.push(error.message));
    try {
      await page.goto(pathToFileURL(file).href);
      await page.waitForFunction(`document.body.hasAttribute('data-charts-drawn')`);
      await page.screenshot({ path: join(ARTIFACTS, 'hostile-report.png'), fullPage: true });
      expect(errors).toEqual([]);
      // The ledger opens the page, in the first screenful.
      const ledgerBox = await page.locator('#ledger').boundingBox();
      expect(ledgerBox!.y).toBeLessThan(900);
      expect(await page.locator('#ledger').textContent()).toContain(`planned ${ledger.planned} = succeeded ${ledger.succeeded} + failed ${ledger.failed} + pending ${ledger.pending}`);
      expect(await page.locator('#ledger .ok').isVisible()).toBe(true);
      // Failures by reason, each with its count and its URLs, right under it.
      const reasons = await page.locator('#failures h3 code').allTextContents();
      expect(reasons.sort()).toEqual(Object.keys(ledger.failedByReason).sort());
      expect(await page.locator('#failures').isVisible()).toBe(true);
      const failedUrls = await page.locator('#failures li').allTextContents();
      expect(failedUrls).toHaveLength(ledger.failed);
      for (const url of failedUrls) expect(url).toMatch(new RegExp(`^${group.shops[0].origin}/`));
      // The per-host table shows the host's ledger and its statuses (the 403s among them).
      expect(await page.locator('table.hosts td').nth(3).textContent()).toBe(String(ledger.failed));
      expect(await page.locator('table.hosts td').nth(5).textContent()).toContain('403 ×');
    } finally {
      await page.close();
    }
  });
});
