// UK home & garden shop: category listings with query-only "next" links, schema.org microdata, a sitemap.
import { gzipSync } from 'node:zlib';
import { buildCatalog, currentPrice, type CatalogProduct } from '../catalog';
import { ukHomeGardenSpec as spec } from '../catalog-specs';
import { escapeHtml, fillerPrng, fillerReviews, paragraph, themeCss, type FillerReview } from '../html-kit';
import { formatGbp } from '../price-format';
import { plainPriceItems, type CatalogShopConfig, type ExpectedShopOutcome, type ShopReply, type ShopSite } from './shop-site';

const PAGE_SIZE = 12;
const HTML = 'text/html; charset=utf-8';

function reviewHtml(r: FillerReview): string {
  return `<div class="hf-review" itemprop="review" itemscope itemtype="https://schema.org/Review"><span itemprop="author">${escapeHtml(r.author)}</span>
<div itemprop="reviewRating" itemscope itemtype="https://schema.org/Rating"><meta itemprop="ratingValue" content="${r.stars}">${r.stars}/5</div>
<meta itemprop="datePublished" content="${r.date}"><h3>${escapeHtml(r.title)}</h3><p itemprop="reviewBody">${escapeHtml(r.body)}</p></div>`;
}

/** A related product with its own microdata offer, outside <main>. */
function relatedHtml(r: CatalogProduct): string {
  const offer = `<span itemprop="price" content="${currentPrice(r)}">${formatGbp(currentPrice(r))}</span><meta itemprop="priceCurrency" content="${r.currency}">`;
  return `<div class="hf-mini" itemscope itemtype="https://schema.org/Product"><a itemprop="url" href="/product/${r.slug}"><span itemprop="name">${escapeHtml(r.name)}</span></a>
<span itemprop="offers" itemscope itemtype="https://schema.org/Offer">${offer}</span></div>`;
}

function page(title: string, shopName: string, main: string, aside = '', small = ''): string {
  const nav = spec.departments.map((d) => `<li><a class="hf-nav__link" href="/c/${d.category}">${escapeHtml(d.label)}</a></li>`).join('');
  const help = ['Delivery', 'Returns', 'Click & Collect', 'Gift Cards', 'Store Finder', 'Contact Us', 'Careers', 'Sustainability', 'Trade Accounts', 'Price Match']
    .map((label, i) => `<li><a href="/help/${i}">${escapeHtml(label)}</a></li>`)
    .join('');
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(title)} – ${escapeHtml(shopName)}</title>
<style>${themeCss('hf')}</style></head>
<body class="hf">
<div class="hf-banner">Free delivery on orders over £50 · Order by 8pm for next-day delivery</div>
<header class="hf-header"><a class="hf-logo" href="/">${escapeHtml(shopName)}</a><nav class="hf-nav"><ul>${nav}</ul></nav>
<a class="hf-basket" href="/basket">Basket (0)</a></header>
<main class="hf-main">${main}</main>${aside}
<footer class="hf-footer"><ul class="hf-footer__help">${help}</ul><p class="hf-small">${small}</p>
<p>${escapeHtml(shopName)} Ltd, Registered in England &amp; Wales No. 01234567. VAT No. GB 123 4567 89. All prices include VAT.</p></footer>
</body></html>`;
}

export function microdataShop(config: CatalogShopConfig): ShopSite {
  const shopName = config.name ?? 'Harbour & Finch';
  const catalog = buildCatalog(spec, { seed: config.seed, count: config.productCount, priceShift: config.priceShift });
  const bySlug = new Map(catalog.map((p) => [p.slug, p]));
  const smallPrint = escapeHtml(paragraph(fillerPrng(config.seed, -1), spec.prose, 8));
  const byCategory = new Map(spec.departments.map((d) => [d.category, catalog.filter((p) => p.category === d.category)]));
  const pagesOf = (category: string) => Math.max(1, Math.ceil((byCategory.get(category)?.length ?? 0) / PAGE_SIZE));

  function categoryPage(category: string, pageNo: number): ShopReply {
    const products = (byCategory.get(category) ?? []).slice((pageNo - 1) * PAGE_SIZE, pageNo * PAGE_SIZE);
    const label = spec.departments.find((d) => d.category === category)?.label ?? category;
    const tiles = products.map(
      (p) => `<li class="hf-tile"><a class="hf-tile__link" href="/product/${p.slug}"><img src="/media/${p.sku}.webp" alt="${escapeHtml(p.name)}" loading="lazy"><span class="hf-tile__name">${escapeHtml(p.name)}</span></a><span class="hf-tile__price">${formatGbp(currentPrice(p))}</span>${p.salePrice ? '<span class="hf-tile__flag">Sale</span>' : ''}</li>`,
    );
    // A query-only href ("?page=2") resolves against the listing's own path: a classic urljoin test.
    const next = pageNo < pagesOf(category) ? `<a class="hf-pager__next" href="?page=${pageNo + 1}">Next page</a>` : '';
    const main = `<nav class="hf-crumbs"><a href="/">Home</a> › ${escapeHtml(label)}</nav><h1>${escapeHtml(label)}</h1>
<ul class="hf-tiles">${tiles.join('\n')}</ul><div class="hf-pager">Page ${pageNo} of ${pagesOf(category)} ${next}</div>`;
    return { status: 200, contentType: HTML, body: page(label, shopName, main) };
  }

  function productPage(p: CatalogProduct): ShopReply {
    const prng = fillerPrng(config.seed, p.index);
    const reviews = fillerReviews(prng, spec, prng.int(10, 16));
    const related = Array.from({ length: 6 }, (_, i) => catalog[(p.index + 3 + i * 7) % catalog.length]);
    const was = p.salePrice ? `<p class="hf-was">Was <s class="hf-was__price">${formatGbp(p.price)}</s></p>` : '';
    const main = `<nav class="hf-crumbs"><a href="/">Home</a> › <a href="/c/${p.category}">${escapeHtml(p.categoryLabel)}</a> › ${escapeHtml(p.name)}</nav>
<div class="hf-product" itemscope itemtype="https://schema.org/Product">
<h1 itemprop="name">${escapeHtml(p.name)}</h1>
<meta itemprop="sku" content="${p.sku}"><meta itemprop="gtin13" content="${p.gtin13}">
<p class="hf-brand">by <span itemprop="brand" itemscope itemtype="https://schema.org/Brand"><span itemprop="name">${escapeHtml(p.brand)}</span></span></p>
<div class="hf-buybox" itemprop="offers" itemscope itemtype="https://schema.org/Offer">
<span class="hf-price" itemprop="price" content="${currentPrice(p)}">${formatGbp(currentPrice(p))}</span>
<meta itemprop="priceCurrency" content="${p.currency}">${was}
<link itemprop="availability" href="https://schema.org/${p.availability}"><p class="hf-stock">${p.availability === 'InStock' ? 'In stock' : 'Currently unavailable'}</p>
<button class="hf-add">Add to basket</button></div>
<div class="hf-rating" itemprop="aggregateRating" itemscope itemtype="https://schema.org/AggregateRating"><meta itemprop="ratingValue" content="${p.ratingValue}"><meta itemprop="reviewCount" content="${p.reviewCount}">Rated ${p.ratingValue} out of 5</div>
<div class="hf-description" itemprop="description">${Array.from({ length: prng.int(4, 7) }, () => `<p>${escapeHtml(paragraph(prng, spec.prose, prng.int(3, 6)))}</p>`).join('\n')}</div>
<h2>Details &amp; care</h2><dl class="hf-details">${['Material', 'Finish', 'Width', 'Depth', 'Height', 'Care', 'Guarantee', 'Assembly'].map((k) => `<dt>${k}</dt><dd>${escapeHtml(paragraph(prng, spec.prose, 1))}</dd>`).join('')}</dl>
<section class="hf-reviews"><h2>Reviews</h2>${reviews.map(reviewHtml).join('\n')}</section>
</div>`;
    // Related products carry their own microdata prices: a spider must read the main product's, not these.
    const aside = `<aside class="hf-related"><h2>You may also like</h2>${related.map(relatedHtml).join('\n')}</aside>`;
    return { status: 200, contentType: HTML, body: page(p.name, shopName, main, aside, smallPrint) };
  }

  /** A urlset, as /sitemap.xml (everything) and in parts under /sitemap_index.xml (products gzip-compressed). */
  function urlset(urls: string[], gzip = false): ShopReply {
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.map((u) => `<url><loc>${u}</loc><changefreq>daily</changefreq></url>`).join('\n')}\n</urlset>\n`;
    return gzip ? { status: 200, contentType: 'application/gzip', body: gzipSync(body) } : { status: 200, contentType: 'application/xml; charset=utf-8', body };
  }
  const categoryUrls = (origin: string) => spec.departments.map((d) => `${origin}/c/${d.category}`);
  const productUrls = (origin: string) => catalog.map((p) => `${origin}/product/${p.slug}`);

  function sitemapIndex(origin: string): ShopReply {
    const parts = ['sitemap-categories.xml', 'sitemap-products.xml.gz'].map((name) => `<sitemap><loc>${origin}/${name}</loc></sitemap>`);
    return { status: 200, contentType: 'application/xml; charset=utf-8', body: `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${parts.join('')}</sitemapindex>\n` };
  }

  const notFound = (): ShopReply => ({ status: 404, contentType: HTML, body: page('Page not found', shopName, '<h1>Sorry, that page has moved</h1><p><a href="/">Back to the homepage</a></p>') });

  return {
    kind: 'microdata',
    name: shopName,
    spider: 'demo-microdata',
    startPath: '/',
    robotsLines: (origin) => [`Sitemap: ${origin}/sitemap.xml`, `Sitemap: ${origin}/sitemap_index.xml`],
    route(url, origin) {
      if (url.pathname === '/') {
        const main = `<h1>Make your house a home</h1><ul class="hf-departments">${spec.departments.map((d) => `<li><a class="hf-department" href="/c/${d.category}">Shop ${escapeHtml(d.label)}</a></li>`).join('')}</ul>`;
        return { status: 200, contentType: HTML, body: page('Home', shopName, main) };
      }
      if (url.pathname === '/sitemap.xml') return urlset([...categoryUrls(origin), ...productUrls(origin)]);
      if (url.pathname === '/sitemap_index.xml') return sitemapIndex(origin);
      if (url.pathname === '/sitemap-categories.xml') return urlset(categoryUrls(origin));
      if (url.pathname === '/sitemap-products.xml.gz') return urlset(productUrls(origin), true);
      const category = /^\/c\/([a-z-]+)$/.exec(url.pathname)?.[1];
      if (category && byCategory.has(category)) {
        const pageNo = Number.parseInt(url.searchParams.get('page') ?? '1', 10);
        return Number.isInteger(pageNo) && pageNo >= 1 && pageNo <= pagesOf(category) ? categoryPage(category, pageNo) : notFound();
      }
      const product = url.pathname.startsWith('/product/') ? bySlug.get(url.pathname.slice('/product/'.length)) : undefined;
      return product ? productPage(product) : notFound();
    },
    expected(origin): ExpectedShopOutcome {
      const listingPages = spec.departments.reduce((sum, d) => sum + pagesOf(d.category), 0);
      return {
        items: plainPriceItems(catalog, (p) => `${origin}/product/${p.slug}`),
        drift: [],
        notFound: [],
        pageCount: 1 + listingPages + catalog.length,
        catalog,
      };
    },
  };
}
