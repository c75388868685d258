// Shops in legacy charsets, crawled: each price decodes exactly as the browser reads it, or is refused with a reason.
import { expect, it } from 'vitest';
import { crawlLegacyCharsetPages, LEGACY_CHARSET_PRICES } from '../support/legacy-charset-pages';

it('stores each legacy-charset price exactly, and refuses one with an undecodable byte in it, never another number', async () => {
  const crawl = await crawlLegacyCharsetPages('http');
  expect(crawl.stored).toEqual(LEGACY_CHARSET_PRICES);
  expect(crawl.dropped).toEqual({ 'price/ambiguous': 2 });
  expect(crawl.failed).toBe(0);
});
