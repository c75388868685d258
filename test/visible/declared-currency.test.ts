// A page that states its offers' currency in markup holding no price (microdata or RDFa `priceCurrency`, Open Graph
// `product:price:currency`) beside a visible "$19.99", "299 kr" or "¥1,299": the sign stayed open on an English or Chinese
// page, or took the language region's currency, so the item was dropped as price/currency-unknown or stored in USD.
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../src/core/money';
import { productItem } from '../../src/items/product-item';
import { toCurrencyScale } from '../../src/prices/iso-currencies';
import { htmlResponse } from '../support/html-response';

const page = (lang: string, head: string, body: string) =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>Kettle</title>${head}</head><body><main><h1>Kettle</h1>${body}</main></body></html>`;
/** A microdata offer whose amount is only printed, its currency only declared. */
const offer = (currency: string, shown: string) => `<div itemscope itemtype="https://schema.org/Offer"><meta itemprop="priceCurrency" content="${currency}"><span class="price">${shown}</span></div>`;

function stored(html: string): string {
  const item = productItem(htmlResponse(html));
  if (item === null || item.price === null) return String(item?.priceRefusal);
  return `${toCurrencyScale(item.price as Decimal, item.currency as string | null)} ${item.currency} ${item.source}`;
}

describe('the currency a page declares for its offers in markup without a price', () => {
  it('says which currency a shared sign or a bare number is in', () => {
    expect(stored(page('en', '', offer('AUD', '$19.99')))).toBe('19.99 AUD visible');
    expect(stored(page('en-US', '', offer('AUD', '$19.99')))).toBe('19.99 AUD visible');
    expect(stored(page('en', '', offer('AUD', '19.99')))).toBe('19.99 AUD visible');
    expect(stored(page('en', '<meta property="product:price:currency" content="CAD">', '<span class="price">$19.99</span>'))).toBe('19.99 CAD visible');
    expect(stored(page('en', '', '<div vocab="https://schema.org/" typeof="Offer"><meta property="priceCurrency" content="SEK"><span class="price">299 kr</span></div>'))).toBe('299.00 SEK visible');
    expect(stored(page('zh', '', '<div itemscope itemtype="https://schema.org/Offer"><span itemprop="priceCurrency">JPY</span><span class="price">¥1,299</span></div>'))).toBe('1299 JPY visible');
  });

  it('never over the text\'s own currency, and not when the declarations disagree', () => {
    expect(stored(page('en', '', offer('AUD', '19,99 €')))).toBe('19.99 EUR visible');
    const disagree = productItem(htmlResponse(page('en', '<meta property="product:price:currency" content="CAD">', `${offer('USD', '')}<span class="price">$19.99</span>`)));
    expect([disagree?.currency ?? null, (disagree?.currencyCandidates ?? []).includes('CAD')]).toEqual([null, true]);
  });
});
