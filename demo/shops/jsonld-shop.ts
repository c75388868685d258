// US electronics shop: paginated listings with absolute links, schema.org JSON-LD products (plain, @graph, AggregateOffer).
import { buildCatalog, currentPrice, type CatalogProduct } from '../catalog';
import { usElectronicsSpec as spec } from '../catalog-specs';
import { escapeHtml, fillerPrng, fillerReviews, paragraph, themeCss, type FillerReview } from '../html-kit';
import { centsToPlain, formatUsd, plainToCents } from '../price-format';
import { plainPriceItems, type CatalogShopConfig, type ExpectedShopOutcome, type ShopReply, type ShopSite } from './shop-site';

const PAGE_SIZE = 24;
const HTML = 'text/html; charset=utf-8';

/** JSON inside <script> must not be able to close the script element. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

function productJsonLd(p: CatalogProduct, origin: string, shopName: string): string[] {
  const url = `${origin}/p/${p.slug}`;
  const availability = `https://schema.org/${p.availability}`;
  const base = {
    '@type': 'Product',
    name: p.name,
    sku: p.sku,
    gtin13: p.gtin13,
    brand: { '@type': 'Brand', name: p.brand },
    image: [`${origin}/img/${p.sku}-1.jpg`, `${origin}/img/${p.sku}-2.jpg`],
    category: p.categoryLabel,
    aggregateRating: { '@type': 'AggregateRating', ratingValue: p.ratingValue, reviewCount: String(p.reviewCount) },
  };
  const offer = {
    '@type': 'Offer',
    url,
    price: currentPrice(p),
    priceCurrency: p.currency,
    availability,
    itemCondition: 'https://schema.org/NewCondition',
    ...(p.salePrice
      ? { priceSpecification: [{ '@type': 'UnitPriceSpecification', priceType: 'https://schema.org/StrikethroughPrice', price: p.price, priceCurrency: p.currency }] }
      : {}),
  };
  const blocks: unknown[] = [];
  const variant = p.index % 3;
  if (variant === 0) {
    blocks.push({ '@context': 'https://schema.org', ...base, offers: offer });
  } else if (variant === 1) {
    blocks.push({
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'Organization', '@id': `${origin}/#org`, name: shopName, url: `${origin}/` },
        {
          '@type': 'BreadcrumbList',
          itemListElement: [
            { '@type': 'ListItem', position: 1, name: 'Home', item: `${origin}/` },
            { '@type': 'ListItem', position: 2, name: p.categoryLabel, item: `${origin}/products?category=${p.category}` },
          ],
        },
        { ...base, '@id': `${url}#product`, offers: [offer] },
      ],
    });
  } else {
    // Marketplace listing: several sellers, the lowest offer is the price that competes.
    const lowCents = plainToCents(currentPrice(p));
    blocks.push({
      '@context': 'https://schema.org',
      ...base,
      offers: { '@type': 'AggregateOffer', lowPrice: currentPrice(p), highPrice: centsToPlain(lowCents + Math.floor(lowCents / 5) + 100), offerCount: 2 + (p.index % 4), priceCurrency: p.currency, availability },
    });
  }
  const scripts = blocks.map((block) => `<script type="application/ld+json">${jsonForScript(block)}</script>`);
  // Real themes ship broken JSON-LD next to the good one; a spider must skip it, not crash.
  if (p.index % 5 === 4) scripts.unshift('<script type="application/ld+json">{"@context":"https://schema.org","@type":"BreadcrumbList","itemListElement":[{"@type":"ListItem","position":1,}]</script>');
  return scripts;
}

function reviewHtml(r: FillerReview): string {
  const stars = `<span class="nw-stars" aria-label="${r.stars} out of 5">${'★'.repeat(r.stars)}${'☆'.repeat(5 - r.stars)}</span>`;
  return `<article class="nw-review"><header><strong>${escapeHtml(r.author)}</strong> ${stars} <time datetime="${r.date}">${r.date}</time></header>
<h3>${escapeHtml(r.title)}</h3><p>${escapeHtml(r.body)}</p><button class="nw-helpful">Helpful</button></article>`;
}

function header(title: string, shopName: string, extraHead: string[]): string {
  const nav = spec.departments
    .map((d) => `<li class="nw-nav__item"><a href="/products?category=${d.category}">${escapeHtml(d.label)}</a><ul>${spec.brands.map((b) => `<li><a href="/products?category=${d.category}&amp;brand=${encodeURIComponent(b)}">${escapeHtml(b)} ${escapeHtml(d.label)}</a></li>`).join('')}</ul></li>`)
    .join('\n');
  return `<!DOCTYPE html>
<html lang="en-US"><head><meta charset="utf-8"><title>${escapeHtml(title)} | ${escapeHtml(shopName)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>${themeCss('nw')}</style>
${extraHead.join('\n')}
</head><body>
<header class="nw-header"><a class="nw-logo" href="/">${escapeHtml(shopName)}</a>
<form class="nw-search" action="/search"><input name="q" placeholder="Search electronics"><button>Search</button></form>
<nav class="nw-nav"><ul>${nav}</ul></nav></header>`;
}

function footer(prose: string): string {
  const columns = ['Customer Service', 'About Us', 'Financing', 'Business', 'Deals'].map(
    (title, i) => `<div class="nw-footer__col"><h4>${title}</h4><ul>${Array.from({ length: 7 }, (_, j) => `<li><a href="/help/${i}-${j}">${title} topic ${j + 1}</a></li>`).join('')}</ul></div>`,
  );
  return `<footer class="nw-footer">${columns.join('\n')}<p class="nw-legal">${escapeHtml(prose)}</p><p>&copy; 2026 Northwind Electronics. Prices in US dollars.</p></footer>
<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());</script>
</body></html>`;
}

export interface JsonLdShopConfig extends CatalogShopConfig {
  /** Drift mode: listing pages from this one on use a new card template a spider's selector misses. */
  listingDriftFromPage?: number;
}

export function jsonLdShop(config: JsonLdShopConfig): ShopSite {
  const shopName = config.name ?? 'Northwind Electronics';
  const catalog = buildCatalog(spec, { seed: config.seed, count: config.productCount, priceShift: config.priceShift });
  const bySlug = new Map(catalog.map((p) => [p.slug, p]));
  const pageCount = Math.max(1, Math.ceil(catalog.length / PAGE_SIZE));

  function listing(page: number, origin: string): ShopReply {
    const products = catalog.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
    // Listing drift: from this page on a new card template ships, and only two cards keep the old one.
    const drifted = config.listingDriftFromPage !== undefined && page >= config.listingDriftFromPage;
    const cards = products.map(
      (p, i) => `<li class="nw-card" data-sku="${p.sku}"><a class="${drifted && i >= 2 ? 'nw-tile__anchor' : 'nw-card__link'}" href="${origin}/p/${p.slug}"><img src="/img/${p.sku}-1.jpg" alt=""><h2 class="nw-card__title">${escapeHtml(p.name)}</h2></a><span class="nw-card__price">${formatUsd(currentPrice(p))}</span><span class="nw-card__rating">${p.ratingValue} (${p.reviewCount})</span></li>`,
    );
    const pages = Array.from({ length: pageCount }, (_, i) => `<a class="nw-pagination__page${i + 1 === page ? ' is-current' : ''}" href="/products?page=${i + 1}">${i + 1}</a>`).join(' ');
    const next = page < pageCount ? `<a class="nw-pagination__next" rel="next" href="/products?page=${page + 1}">Next &rsaquo;</a>` : '';
    const prev = page > 1 ? `<a class="nw-pagination__prev" rel="prev" href="/products?page=${page - 1}">&lsaquo; Previous</a>` : '';
    const body = `${header(`All products, page ${page}`, shopName, [`<link rel="canonical" href="${origin}/products?page=${page}">`])}
<main class="nw-main"><h1>All products</h1><p class="nw-count">${catalog.length} results</p>
<ul class="nw-grid">${cards.join('\n')}</ul>
<nav class="nw-pagination">${prev} ${pages} ${next}</nav></main>
${footer(paragraph(fillerPrng(config.seed, 0), spec.prose, 3))}`;
    return { status: 200, contentType: HTML, body };
  }

  function productPage(p: CatalogProduct, origin: string): ShopReply {
    const prng = fillerPrng(config.seed, p.index);
    const reviews = fillerReviews(prng, spec, prng.int(6, 14));
    const specs = ['Model', 'Color', 'Weight', 'Dimensions', 'Warranty', 'Connectivity', 'Power', 'In the box', 'Release year', 'Country of origin', 'UPC', 'Series']
      .map((label, i) => `<tr><th>${label}</th><td>${label === 'UPC' ? p.gtin13 : `${prng.pick(spec.prose)} ${prng.int(1, 999)}${i % 3 ? '' : ' mm'}`}</td></tr>`)
      .join('');
    const related = Array.from({ length: 8 }, (_, i) => catalog[(p.index + 1 + i * 5) % catalog.length])
      .map((r) => `<li><a href="${origin}/p/${r.slug}">${escapeHtml(r.name)}</a> <span>${formatUsd(currentPrice(r))}</span></li>`)
      .join('');
    const was = p.salePrice ? ` <s class="price__was">${formatUsd(p.price)}</s> <span class="nw-badge">Save ${formatUsd(centsToPlain(plainToCents(p.price) - plainToCents(p.salePrice)))}</span>` : '';
    const body = `${header(p.name, shopName, [`<link rel="canonical" href="${origin}/p/${p.slug}">`, `<meta property="og:title" content="${escapeHtml(p.name)}">`, `<meta property="og:type" content="product">`, ...productJsonLd(p, origin, shopName)])}
<main class="nw-main nw-product" data-sku="${p.sku}">
<ol class="nw-crumbs"><li><a href="/">Home</a></li><li><a href="/products?category=${p.category}">${escapeHtml(p.categoryLabel)}</a></li><li>${escapeHtml(p.name)}</li></ol>
<h1 class="nw-product__title">${escapeHtml(p.name)}</h1>
<p class="nw-product__meta">Brand: <a href="/brands/${encodeURIComponent(p.brand)}">${escapeHtml(p.brand)}</a> | Model: ${p.sku} | Rating ${p.ratingValue} of 5 (${p.reviewCount} reviews)</p>
<div class="price"><span class="price__current" data-testid="price">${formatUsd(currentPrice(p))}</span>${was}</div>
<p class="nw-stock nw-stock--${p.availability}">${p.availability === 'InStock' ? 'In stock, ships today' : p.availability === 'OutOfStock' ? 'Sold out' : p.availability === 'PreOrder' ? 'Pre-order' : 'Only a few left'}</p>
<form class="nw-cart" action="/cart/add" method="post"><input type="hidden" name="sku" value="${p.sku}"><button>Add to cart</button></form>
<section class="nw-description"><h2>About this item</h2>${Array.from({ length: prng.int(4, 7) }, () => `<p>${escapeHtml(paragraph(prng, spec.prose, prng.int(3, 6)))}</p>`).join('\n')}</section>
<section class="nw-specs"><h2>Specifications</h2><table>${specs}</table></section>
<section class="nw-reviews"><h2>Customer reviews</h2>${reviews.map(reviewHtml).join('\n')}</section>
<section class="nw-related"><h2>Customers also viewed</h2><ul>${related}</ul></section>
</main>
${footer(paragraph(prng, spec.prose, 4))}`;
    return { status: 200, contentType: HTML, body };
  }

  function notFound(): ShopReply {
    return { status: 404, contentType: HTML, body: `${header('Page not found', shopName, [])}<main><h1>Sorry, we couldn't find that page.</h1><a href="/products">Shop all products</a></main>${footer('')}` };
  }

  return {
    kind: 'json-ld',
    name: shopName,
    spider: 'demo-jsonld',
    startPath: '/products',
    route(url, origin) {
      if (url.pathname === '/' ) return { status: 200, contentType: HTML, body: `${header('Home', shopName, [])}<main><h1>Deals of the week</h1><a class="nw-cta" href="/products">Shop all products</a></main>${footer('')}` };
      if (url.pathname === '/products' && !url.searchParams.has('category')) {
        const page = Number.parseInt(url.searchParams.get('page') ?? '1', 10);
        return Number.isInteger(page) && page >= 1 && page <= pageCount ? listing(page, origin) : notFound();
      }
      const product = url.pathname.startsWith('/p/') ? bySlug.get(url.pathname.slice(3)) : undefined;
      return product ? productPage(product, origin) : notFound();
    },
    expected(origin): ExpectedShopOutcome {
      return {
        items: plainPriceItems(catalog, (p) => `${origin}/p/${p.slug}`),
        drift: [],
        notFound: [],
        pageCount: pageCount + catalog.length,
        catalog,
      };
    },
  };
}
