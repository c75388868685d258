// A spider's text() of a price whose cents (or footnote mark) stand in an element of their own runs them into the units: refused, never stored.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RawAnswerServer } from '../support/raw-answer-server';
import { PriceTextSpider } from '../support/spiders/price-text-spider';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

/** Each path's price element, as shops print it. */
const PRICES: Record<string, string> = {
  // Best Buy and Walmart raise the cents; text() gives "$1999", parsed as 1999.
  '/raised-cents': '<p class="price">$19<sup>99</sup></p>',
  // Home Depot sets them in a span of their own.
  '/cents-span': '<p class="price"><span class="currency">$</span><span>19</span><span class="cents">99</span></p>',
  '/raised-cents-grouped': '<p class="price">$1,299<sup>99</sup></p>',
  // A raised footnote after the cents: "12,991 €" read 12991.
  '/footnote': '<p class="price" data-currency="EUR">12,99<sup>1</sup> €</p>',
  // Whole prices and written decimals read as before.
  '/whole-units': '<p class="price">$1999</p>',
  '/decimals': '<p class="price">$19.99</p>',
  '/one-span': '<p class="price">$1<span>299</span></p>',
};

let server: RawAnswerServer;
const storage = tempStorageDir('flattened-cents');

beforeAll(async () => {
  const answers = Object.fromEntries(
    Object.entries(PRICES).map(([path, price]) => {
      const page = Buffer.from(`<!doctype html><html lang="en"><body><h1>Kettle</h1>${price}</body></html>`);
      const answer = (socket: import('node:net').Socket) => void socket.end(Buffer.concat([Buffer.from(`HTTP/1.1 200 OK\r\ncontent-type: text/html; charset=utf-8\r\ncontent-length: ${page.length}\r\nconnection: close\r\n\r\n`), page]));
      return [path, answer];
    }),
  );
  server = await RawAnswerServer.start(answers);
});

afterAll(async () => {
  await server.close();
  storage.cleanup();
});

it('a price whose digits are a page number and its split cents run together is refused as price/flattened-cents', async () => {
  const urls = Object.keys(PRICES).map((path) => server.url(path)).join(',');
  const result = await crawlInProcess(new PriceTextSpider({ urls }), storage.dir, { politeness: { minIntervalMs: 0, jitterMs: 0 }, pipeline: { batchMaxAgeMs: 20 } });
  const stored = Object.fromEntries(result.items.map((item) => [item.data.sku, `${String(item.data.price)} ${String(item.data.currency)}`]));
  expect(stored).toEqual({ '/whole-units': '1999.00 USD', '/decimals': '19.99 USD', '/one-span': '1299.00 USD' });
  expect(result.summary.items.dropped).toEqual({ 'price/flattened-cents': 4 });
});
