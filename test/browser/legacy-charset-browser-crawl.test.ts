// Shops in legacy charsets, crawled in Chromium: its decoding gives the same prices as ours, or the same refusals.
import { expect, it } from 'vitest';
import { crawlLegacyCharsetPages, LEGACY_CHARSET_PRICES } from '../support/legacy-charset-pages';

it('stores each legacy-charset price exactly, and refuses one with an undecodable byte in it (U+FFFD, or the C1 control Chromium decodes an undefined byte to)', async () => {
  const crawl = await crawlLegacyCharsetPages('browser');
  expect(crawl.stored).toEqual(LEGACY_CHARSET_PRICES);
  expect(crawl.dropped).toEqual({ 'price/ambiguous': 2 });
  expect(crawl.failed).toBe(0);
}, 120_000);
