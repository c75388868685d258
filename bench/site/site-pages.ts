// Renders one bench shop's pages (home, listings, 15–40 KB product pages, tiny pages) from the demo catalog.
import { buildCatalog, currentPrice, type CatalogProduct } from '../../demo/catalog';
import { deGeneralStoreSpec, ukHomeGardenSpec, usElectronicsSpec, type CatalogSpec } from '../../demo/catalog-specs';
import { escapeHtml, fillerPrng, fillerReviews, paragraph, themeCss } from '../../demo/html-kit';
import { formatEurGerman, formatGbp, formatUsd } from '../../demo/price-format';
import { Prng } from '../../demo/prng';

/** Product links per listing page, as a category grid on a real shop shows them. */
export const PRODUCTS_PER_LISTING = 48;
/** Product pages land between these sizes (bytes), drawn per product, like real pages with reviews. */
const MIN_PRODUCT_BYTES = 15 * 1024;
const MAX_PRODUCT_BYTES = 40 * 1024;

const SPECS: ReadonlyArray<{ spec: CatalogSpec; format: (plain: string) => string }> = [
  { spec: usElectronicsSpec, format: formatUsd },
  { spec: ukHomeGardenSpec, format: formatGbp },
  { spec: deGeneralStoreSpec, format: formatEurGerman },
];

export interface ShopPages {
  /** path → exact response bytes. */
  pages: Map<string, Buffer>;
  /** Pages a complete crawl fetches (home + listings + products). */
  crawlablePages: number;
  productBytes: { min: number; max: number; mean: number };
}

function layout(shopIndex: number, title: string, body: string): string {
  const prefix = `s${shopIndex}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>${themeCss(prefix)}</style></head>
<body class="${prefix}-main"><header class="${prefix}-header"><a href="/" class="logo">Bench Shop ${shopIndex}</a>
<nav class="${prefix}-nav"><a href="/list/1" class="category-link">All products</a> <a href="/help">Help</a> <a href="/cart">Cart</a></nav></header>
<main>${body}</main>
<footer class="${prefix}-footer"><p>© 2026 Bench Shop ${shopIndex}. Prices include VAT where applicable.</p></footer>
</body></html>`;
}

function listingPage(shopIndex: number, products: CatalogProduct[], page: number, lastPage: number, format: (plain: string) => string): string {
  const slice = products.slice((page - 1) * PRODUCTS_PER_LISTING, page * PRODUCTS_PER_LISTING);
  const cards = slice
    .map(
      (p) => `<li class="product-card"><a class="product-card__link" href="/p/${p.slug}">${escapeHtml(p.name)}</a>
<span class="product-card__brand">${escapeHtml(p.brand)}</span> <span class="product-card__price">${escapeHtml(format(currentPrice(p)))}</span>
<span class="product-card__rating">${p.ratingValue} (${p.reviewCount})</span></li>`,
    )
    .join('\n');
  const next = page < lastPage ? `<a rel="next" class="next" href="/list/${page + 1}">Next page</a>` : '';
  const prev = page > 1 ? `<a rel="prev" href="/list/${page - 1}">Previous page</a>` : '';
  return layout(shopIndex, `All products, page ${page}`, `<h1>All products</h1><ul class="product-grid">${cards}</ul><nav class="pager">${prev} ${next}</nav>`);
}

/** Review snippets shared by a shop's products: drawing fresh prose for every review made start-up slow. */
function reviewPool(spec: CatalogSpec, seed: number): string[] {
  return fillerReviews(new Prng(seed, 424_242), spec, 160).map(
    (review) =>
      `<article class="review"><h3>${escapeHtml(review.title)}</h3><p class="meta">${escapeHtml(review.author)} · ${'★'.repeat(review.stars)} · ${review.date}</p><p>${escapeHtml(review.body)}</p></article>\n`,
  );
}

function productPage(shopIndex: number, spec: CatalogSpec, seed: number, product: CatalogProduct, related: CatalogProduct[], format: (plain: string) => string, reviews: string[]): string {
  const prng = fillerPrng(seed, product.index);
  const targetBytes = new Prng(seed, product.index + 7_000_001).int(MIN_PRODUCT_BYTES, MAX_PRODUCT_BYTES);
  const was = product.salePrice ? `<s class="price-was">${escapeHtml(format(product.price))}</s>` : '';
  const head = `<nav class="crumbs"><a href="/">Home</a> › <a href="/list/1">${escapeHtml(product.categoryLabel)}</a></nav>
<div itemscope itemtype="https://schema.org/Product" class="product">
<h1 itemprop="name" class="product-title">${escapeHtml(product.name)}</h1>
<p>SKU <span itemprop="sku" class="sku">${product.sku}</span> · GTIN <span itemprop="gtin13">${product.gtin13}</span></p>
<div itemprop="offers" itemscope itemtype="https://schema.org/Offer" class="offer">
<meta itemprop="priceCurrency" content="${product.currency}"><meta itemprop="price" content="${currentPrice(product)}">
<span class="price-now">${escapeHtml(format(currentPrice(product)))}</span> ${was}
<link itemprop="availability" href="https://schema.org/${product.availability}"></div>
<section class="description"><h2>Description</h2><p>${escapeHtml(paragraph(prng, spec.prose, 6))}</p><p>${escapeHtml(paragraph(prng, spec.prose, 5))}</p></section>
<section class="related"><h2>Customers also viewed</h2><ul>${related.map((r) => `<li><a class="related-link" href="/p/${r.slug}">${escapeHtml(r.name)}</a></li>`).join('')}</ul></section>`;
  // Reviews are added until the page reaches its drawn size, so sizes spread over the whole range.
  const shell = Buffer.byteLength(layout(shopIndex, product.name, `${head}<section class="reviews"><h2>Reviews</h2></section></div>`));
  let body = '';
  let bytes = shell;
  for (;;) {
    const review = prng.pick(reviews);
    const size = Buffer.byteLength(review);
    if (bytes + size > targetBytes) break;
    body += review;
    bytes += size;
  }
  return layout(shopIndex, product.name, `${head}<section class="reviews"><h2>Reviews</h2>${body}</section></div>`);
}

/** Every page of one shop, rendered once up front so serving costs the site process almost nothing. */
export function renderShop(shopIndex: number, productCount: number): ShopPages {
  const { spec, format } = SPECS[shopIndex % SPECS.length];
  const seed = 9_100 + shopIndex;
  const products = buildCatalog(spec, { seed, count: productCount });
  const reviews = reviewPool(spec, seed);
  const pages = new Map<string, Buffer>();
  const lastPage = Math.max(1, Math.ceil(productCount / PRODUCTS_PER_LISTING));
  pages.set('/', Buffer.from(layout(shopIndex, `Bench Shop ${shopIndex}`, `<h1>Welcome</h1><p><a class="category-link" href="/list/1">Browse all ${productCount} products</a></p>`)));
  for (let page = 1; page <= lastPage; page++) pages.set(`/list/${page}`, Buffer.from(listingPage(shopIndex, products, page, lastPage, format)));
  let min = Infinity;
  let max = 0;
  let total = 0;
  for (const product of products) {
    const related = [1, 2, 3, 5, 8, 13].map((step) => products[(product.index + step) % products.length]);
    const bytes = Buffer.from(productPage(shopIndex, spec, seed, product, related, format, reviews));
    pages.set(`/p/${product.slug}`, bytes);
    min = Math.min(min, bytes.length);
    max = Math.max(max, bytes.length);
    total += bytes.length;
  }
  const count = Math.max(1, products.length);
  return { pages, crawlablePages: 1 + lastPage + products.length, productBytes: { min: products.length ? min : 0, max, mean: Math.round(total / count) } };
}

/** The memory scenario's pages: tiny, so the crawler's own bookkeeping dominates its memory. */
export const TINY_PAGE = Buffer.from('<!doctype html><html><body><p>ok</p></body></html>');
