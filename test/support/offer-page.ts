// Product pages written with JSON-LD offers, and their structured price read as one line, for the offer-url tests.
import type { CrawlResponse } from '../../src/core/response';
import { htmlResponse } from './html-response';

/** JSON-LD blocks, each with schema.org's context. */
export const ld = (...blocks: object[]): string => blocks.map((block) => `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', ...block })}</script>`).join('');

/** A USD Offer in stock, at `url` when given. */
export const offer = (price: string, url?: string): Record<string, unknown> => ({ '@type': 'Offer', price, priceCurrency: 'USD', availability: 'https://schema.org/InStock', ...(url ? { url } : {}) });

export const page = (head: string, body = '<h1>Product</h1>'): string => `<html><head>${head}</head><body>${body}</body></html>`;

/** "19.99 (10.00–19.99)" from the response's structured product, its refusal's reason and detail, or "none". */
export function priceLine(res: CrawlResponse): string {
  const product = res.structuredProduct();
  if (!product) return 'none';
  if (product.price === null) return `${product.priceRefusal?.reason}: ${product.priceRefusal?.detail}`;
  const range = product.priceRange ? ` (${product.priceRange.low.toFixed(2)}–${product.priceRange.high?.toFixed(2)})` : '';
  return `${product.price.toFixed(2)}${range}`;
}

/** priceLine of `html` fetched at `url`. */
export const read = (html: string, url: string): string => priceLine(htmlResponse(html, {}, url));
