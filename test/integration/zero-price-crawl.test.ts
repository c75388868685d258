// Real crawls of a product that shows a placeholder zero one night: no drop to zero in `changes`, the refusal counted as `price/zero`.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GenericStructuredSpider } from '../../spiders/generic-structured';
import { Spider, type CrawlResponse, type SpiderOutput } from '../../src/index';
import { Decimal } from '../../src/core/money';
import type { RunSummary } from '../../src/engine/run-summary';
import { FixtureServer } from '../support/fixture-server';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

/** What the product page shows, night by night: priced, a placeholder while out of stock, priced again. */
const NIGHTS = ['19,99 €', '0,00 €', '19,99 €'];

/** A hand-written spider that reads the amount itself and yields it as a Decimal, as spiders over JSON APIs do. */
class DecimalSpider extends Spider {
  readonly name = 'zero-decimal';

  constructor(private readonly url: string) {
    super({});
    this.startUrls = [url];
  }

  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    const shown = res.$('.price').first().attr('data-price') ?? '';
    yield { sku: 'kettle-1', price: new Decimal(shown), currency: 'EUR', url: res.url };
  }
}

let server: FixtureServer;
let shown = NIGHTS[0];
const SETTINGS = { politeness: { minIntervalMs: 0, jitterMs: 0 }, robots: { obey: false }, pipeline: { batchMaxAgeMs: 20 } };

/** Three nightly runs of one spider into one store; the placeholder night's summary and the `changes` lines after all three. */
async function threeNights(makeSpider: () => Spider): Promise<{ written: number[]; placeholderNight: RunSummary; changes: unknown[]; table: string }> {
  const storage = tempStorageDir('zero-price');
  try {
    const summaries: RunSummary[] = [];
    for (const night of NIGHTS) {
      shown = night;
      summaries.push((await crawlInProcess(makeSpider(), storage.dir, SETTINGS)).summary);
    }
    const changes = (...args: string[]) => execFileSync(process.execPath, ['bin/pricecrawl.js', 'changes', '--storage', storage.dir, ...args]).toString('utf8');
    const lines = changes('--json').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as unknown);
    return { written: summaries.map((summary) => summary.items.written), placeholderNight: summaries[1], changes: lines, table: changes() };
  } finally {
    storage.cleanup();
  }
}

beforeAll(async () => {
  server = await FixtureServer.start({ builtInRoutes: false });
  server.route('/p/kettle', (_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    const amount = shown.replace(/[^\d,]/g, '').replace(',', '.');
    res.end(`<!doctype html><html lang="de-DE"><head><title>Wasserkocher</title></head><body><main><h1>Wasserkocher</h1><div class="product-price"><span class="price" data-price="${amount}">${shown}</span></div></main></body></html>`);
  });
});
afterAll(() => server.close());

describe('a placeholder zero between two priced nights', () => {
  it('the page reader: refused as price/zero that night, and `changes` shows no drop to zero nor a rise from it', async () => {
    const url = server.url('/p/kettle');
    const { written, placeholderNight, changes, table } = await threeNights(() => new GenericStructuredSpider({ urls: url, currency: 'EUR' }));
    expect(written).toEqual([1, 0, 1]);
    // Before, the page read as "no price shown": the spider yielded nothing and the night's loss was counted nowhere.
    expect(placeholderNight.items).toMatchObject({ scraped: 1, written: 0, dropped: { 'price/zero': 1 } });
    expect(changes).toEqual([]);
    expect(table).toBe('no price changes\n');
  });

  it('a spider yielding Decimal(0): refused as price/zero with the first detail, and no change recorded', async () => {
    const url = server.url('/p/kettle');
    const { written, placeholderNight, changes } = await threeNights(() => new DecimalSpider(url));
    expect(written).toEqual([1, 0, 1]);
    expect(placeholderNight.items).toMatchObject({ scraped: 1, written: 0, dropped: { 'price/zero': 1 } });
    expect(placeholderNight.items.firstDrops).toEqual({ 'price/zero': '0 · a zero the page does not call free is a placeholder, not a price' });
    expect(changes).toEqual([]);
  });
});
