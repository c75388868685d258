// A JS-rendered shop: the listing fills itself from a cursor API on scroll; prices appear only after a script fetches them.
import { buildCatalog, currentPrice, type CatalogProduct } from '../catalog';
import { usElectronicsSpec as spec } from '../catalog-specs';
import { escapeHtml } from '../html-kit';
import { plainPriceItems, type CatalogShopConfig, type ShopReply, type ShopSite } from './shop-site';
import { awayPage } from './away-page';

/** Products per API page (one listing screen; scrolling loads the next). */
export const JS_SHOP_PAGE_SIZE = 8;
const HTML = 'text/html; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';
// A 1×1 transparent PNG: the product images a browser must be told not to download.
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** Opaque cursors, as real APIs hand out: the offset, obscured. */
const cursorOf = (offset: number) => Buffer.from(`o:${offset}`).toString('base64url');
function offsetOf(cursor: string | null): number | null {
  if (!cursor) return 0;
  const match = /^o:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString());
  return match ? Number(match[1]) : null;
}

const LISTING_SCRIPT = `
const list = document.getElementById('products');
let next = new URLSearchParams(location.search).get('cursor') || '';
let loading = false;
async function loadMore() {
  if (loading || next === null) return;
  loading = true;
  const data = await (await fetch('/api/products?cursor=' + encodeURIComponent(next))).json();
  for (const p of data.items) {
    const li = document.createElement('li');
    li.innerHTML = '<a class="product" href="' + p.url + '">' + p.name + '</a>';
    list.appendChild(li);
  }
  next = data.nextCursor;
  document.body.dataset.nextCursor = next === null ? '' : next;
  loading = false;
}
window.addEventListener('scroll', () => {
  if (window.innerHeight + window.scrollY >= document.body.scrollHeight - 200) loadMore();
});
loadMore();
`;

const PRODUCT_SCRIPT = `
const el = document.querySelector('.price');
fetch('/api/price/' + el.dataset.sku).then((r) => r.json()).then((p) => {
  el.textContent = p.price;
  el.dataset.currency = p.currency;
  if (p.listPrice) document.querySelector('.was').textContent = p.listPrice;
  el.dataset.ready = '1';
});
`;

function shell(title: string, shopName: string, main: string, script: string): string {
  return `<!doctype html>
<html lang="en-US"><head><meta charset="utf-8"><title>${escapeHtml(title)} – ${escapeHtml(shopName)}</title>
<style>body{font-family:sans-serif} li{height:90px}</style></head>
<body><header><a href="/">${escapeHtml(shopName)}</a></header><main>${main}</main>
<script>${script}</script></body></html>`;
}

export function jsRenderedShop(config: CatalogShopConfig): ShopSite {
  const shopName = config.name ?? 'Voltline';
  const catalog = buildCatalog(spec, { seed: config.seed, count: config.productCount });
  const bySlug = new Map(catalog.map((p) => [p.slug, p]));
  const bySku = new Map(catalog.map((p) => [p.sku, p]));
  const json = (body: unknown): ShopReply => ({ status: 200, contentType: JSON_TYPE, body: JSON.stringify(body) });
  const notFound: ShopReply = { status: 404, contentType: HTML, body: shell('Not found', shopName, '<h1>Not found</h1>', '') };

  function productsApi(url: URL): ShopReply {
    const offset = offsetOf(url.searchParams.get('cursor'));
    if (offset === null) return { status: 400, contentType: JSON_TYPE, body: '{"error":"bad cursor"}' };
    const items = catalog.slice(offset, offset + JS_SHOP_PAGE_SIZE).map((p) => ({ sku: p.sku, name: p.name, url: `/p/${p.slug}` }));
    const end = offset + JS_SHOP_PAGE_SIZE;
    return json({ items, nextCursor: end < catalog.length ? cursorOf(end) : null });
  }

  function productPage(p: CatalogProduct): ShopReply {
    const main = `<article class="product" data-sku="${p.sku}"><h1>${escapeHtml(p.name)}</h1><p class="brand">${escapeHtml(p.brand)}</p>
<img src="/img/${p.slug}.png" alt="${escapeHtml(p.name)}" width="320" height="320">
<p>Price: <span class="price" data-sku="${p.sku}"></span> <s class="was"></s></p></article>`;
    return { status: 200, contentType: HTML, body: shell(p.name, shopName, main, PRODUCT_SCRIPT) };
  }

  return {
    kind: 'js-rendered',
    name: shopName,
    spider: 'demo-js',
    startPath: '/',
    route(url, origin) {
      const path = url.pathname;
      if (path === '/away') return awayPage(origin, catalog[0].slug);
      if (path === '/') return { status: 200, contentType: HTML, body: shell('All products', shopName, '<h1>All products</h1><ul id="products"></ul>', LISTING_SCRIPT) };
      if (path === '/api/products') return productsApi(url);
      const price = /^\/api\/price\/([^/]+)$/.exec(path);
      if (price) {
        const p = bySku.get(decodeURIComponent(price[1]));
        return p ? json({ sku: p.sku, price: currentPrice(p), listPrice: p.salePrice ? p.price : null, currency: p.currency }) : notFound;
      }
      if (path.startsWith('/img/')) return { status: 200, contentType: 'image/png', body: PIXEL };
      const product = /^\/p\/([^/]+)$/.exec(path);
      const p = product ? bySlug.get(product[1]) : undefined;
      return p ? productPage(p) : notFound;
    },
    expected(origin) {
      // One listing page: the spider scrolls it to the end instead of requesting a page per cursor.
      return { items: plainPriceItems(catalog, (p) => `${origin}/p/${p.slug}`), drift: [], notFound: [], pageCount: 1 + catalog.length, catalog };
    },
  };
}
