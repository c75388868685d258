// Shop pages in legacy charsets, served as bytes, with the price each must give (or the refusal): the HTTP and browser crawls share them.
import { FixtureServer } from './fixture-server';
import { PriceTextSpider } from './spiders/price-text-spider';
import { crawlInProcess, tempStorageDir } from './test-crawl';

const bytes = (...parts: Array<string | number[]>): Buffer => Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))));
export const LEGACY_CHARSET_PAGES: Record<string, { contentType: string; body: Buffer }> = {
  // "🔥99元" in GB18030 under a GB2312 label: the emoji's four bytes hold the ASCII digits 9 and 7.
  '/gbk-emoji': { contentType: 'text/html; charset=gb2312', body: bytes('<p class="price" data-currency="CNY">', [0x94, 0x39, 0xe6, 0x37], '99', [0xd4, 0xaa], '</p></body></html>') },
  // An invalid byte in the middle of "1.299,00 €" (windows-1252 leaves 0x81 undefined): no amount can be read.
  '/undefined-byte-mid-price': { contentType: 'text/html; charset=windows-1252', body: bytes('<p class="price" data-currency="EUR">1\x81299,00 \x80</p></body></html>') },
  // Invalid UTF-8 in the middle of a price.
  '/invalid-utf8-mid-price': { contentType: 'text/html; charset=utf-8', body: bytes('<p class="price" data-currency="EUR">\xe2\x82\xac1', [0xff], '299.00</p></body></html>') },
  // latin1 is windows-1252 to browsers: 0x80 is "€".
  '/latin1-euro': { contentType: 'text/html; charset=latin1', body: bytes('<p class="price" data-currency="EUR">12,99 \x80</p></body></html>') },
  // The declaration after 20 KiB of inline style, as Chromium still reads it: "1 299 руб." in windows-1251.
  '/meta-after-style': {
    contentType: 'text/html',
    body: bytes(`<html><head><style>${'.a{b:c}'.repeat(3000)}</style><meta charset="windows-1251"></head><body><p class="price" data-currency="RUB">1 299 \xf0\xf3\xe1.</p></body></html>`),
  },
};

/** What a crawl of every page must store (sku: price and currency); the other two pages are dropped as price/ambiguous. */
export const LEGACY_CHARSET_PRICES = { '/gbk-emoji': '99.00 CNY', '/latin1-euro': '12.99 EUR', '/meta-after-style': '1299.00 RUB' };

/** What a crawl of every page stored (sku: "price currency") and dropped (reason: count). */
export interface LegacyCharsetCrawl {
  stored: Record<string, string>;
  dropped: Record<string, number>;
  failed: number;
}

/** Serves every page on a loopback server and crawls them all with the price-text spider, over HTTP or in Chromium. */
export async function crawlLegacyCharsetPages(fetchMode: 'http' | 'browser'): Promise<LegacyCharsetCrawl> {
  const server = await FixtureServer.start({ builtInRoutes: false });
  const storage = tempStorageDir(`legacy-charset-${fetchMode}`);
  try {
    for (const [path, page] of Object.entries(LEGACY_CHARSET_PAGES)) server.route(path, (_req, res) => void res.writeHead(200, { 'content-type': page.contentType }).end(page.body));
    const urls = Object.keys(LEGACY_CHARSET_PAGES).map((path) => server.url(path));
    const result = await crawlInProcess(new PriceTextSpider({ urls: urls.join(',') }), storage.dir, {
      politeness: { minIntervalMs: 0, jitterMs: 0, hosts: { [server.hostKey]: { fetchMode } } },
      browser: { timeoutMs: 20_000 },
      robots: { obey: false },
      pipeline: { batchMaxAgeMs: 20 },
    });
    const stored = Object.fromEntries(result.items.map((item) => [item.data.sku, `${String(item.data.price)} ${String(item.data.currency)}`]));
    return { stored, dropped: result.summary.items.dropped, failed: result.summary.ledger.failed };
  } finally {
    await server.close();
    storage.cleanup();
  }
}
