// What every platform page of these tests shares: the case shape, the page chrome around a product block, JSON-LD.

/** One product page: the body a platform renders, and what a careful reader says its price is. */
export interface PlatformPage {
  name: string;
  /** `<html lang>`: decides the decimal separator and the region's currency. */
  lang: string;
  /** Product block, placed in the page's <main>. */
  body: string;
  /** Extra <head> content (JSON-LD). */
  head?: string;
  /** The URL the page was fetched at (a variant's `?variant=`); https://shop.example/p/1 when unset. */
  url?: string;
  /** visiblePrice(): "19.99 EUR was 24.99", or the refusal reason. */
  visible: string;
  /** productItem(): "19.99 EUR visible" (amount, currency, source), or the refusal reason. */
  stored: string;
}

/** Header with a mini-cart total and a footer with a gift-card price: chrome every shop page has, never the price. */
const chrome = (body: string) => `<header class="site-header"><nav><a href="/">Home</a><a class="cart-link" href="/cart">Cart (0) $0.00</a></nav></header>
<nav class="breadcrumb"><a href="/">Home</a> / <a href="/c">Category</a></nav><main id="content">${body}</main>
<footer><p>Gift cards from $25</p><p>© 2024 Shop</p></footer>`;

export const pageHtml = (page: PlatformPage): string =>
  `<!doctype html><html lang="${page.lang}"><head><meta charset="utf-8"><title>${page.name}</title>${page.head ?? ''}</head><body>${chrome(page.body)}</body></html>`;

export const ld = (node: object): string => `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', ...node })}</script>`;
