// German shop without structured data whose product pages carry every price trap: struck prices each way, unit, instalment, tier, shipping, carousel.
import { centsToPlain } from '../price-format';
import { escapeHtml, fillerPrng, paragraph, themeCss } from '../html-kit';
import { deDrogerieSpec as spec } from '../catalog-specs';
import { buildTrapCatalog, FREE_SHIPPING_OVER_CENTS, SHIPPING_CENTS, type TrapProduct } from '../trap-catalog';
import type { CatalogShopConfig, ExpectedPriceItem, ExpectedShopOutcome, ShopReply, ShopSite } from './shop-site';

const PAGE_SIZE = 24;
const HTML = 'text/html; charset=utf-8';
/** How the euro sign is written: literal, named and numeric entities, the ISO code. */
const EURO_STYLES = ['&nbsp;€', '&nbsp;&euro;', '&#160;&#8364;', '&nbsp;EUR'];

/** 123456 cents → "1.234,56" plus the euro sign in one of the styles real themes use. */
function euro(cents: number, style = 0): string {
  const [whole, fraction] = centsToPlain(cents).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${fraction}${EURO_STYLES[style % EURO_STYLES.length]}`;
}

const STOCK_TEXT: Record<string, string> = { InStock: 'Auf Lager', OutOfStock: 'Derzeit nicht lieferbar', PreOrder: 'Jetzt vorbestellen', LimitedAvailability: 'Nur noch 3 auf Lager' };

/** The struck price in each shop convention. */
function struck(t: TrapProduct, was: string): string {
  switch (t.way) {
    case 'del': return `<del>${was}</del>`;
    case 's': return `<s>${was}</s>`;
    case 'strike': return `<strike>${was}</strike>`;
    case 'magento-old-price': return `<span class="old-price"><span class="price-container"><span class="price-wrapper"><span class="price">${was}</span></span></span></span>`;
    case 'shopify-compare-at': return `<span class="product__price--compare-at">${was}</span>`;
    case 'prestashop-regular-price': return `<span class="regular-price">${was}</span>`;
    case 'inline-line-through': return `<span style="color:#888;text-decoration: line-through">${was}</span>`;
    case 'style-rule': return `<span class="tp-alt">${was}</span>`;
    case 'aria-label': return `<span aria-label="Alter Preis">${was}</span>`;
    case 'title': return `<span title="UVP">${was}</span>`;
    case 'statt-label': return `<span class="tp-label">statt</span> <span>${was}</span>`;
    case 'woocommerce': return `<del aria-hidden="true"><span class="amount"><bdi>${was}</bdi></span></del> <span class="screen-reader-text">Ursprünglicher Preis war: ${was}.</span>`;
    case 'data-price-type': return `<span data-price-type="oldPrice" class="price-wrapper">${was}</span>`;
  }
}

function currentHtml(t: TrapProduct, now: string): string {
  return t.way === 'woocommerce'
    ? `<ins aria-hidden="true"><span class="amount"><bdi>${now}</bdi></span></ins><span class="screen-reader-text">Aktueller Preis ist: ${now}.</span>`
    : `<span class="tp-preis">${now}</span>`;
}

/** The unit price in the phrasings German shops use. */
function unitHtml(t: TrapProduct, style: number): string {
  const price = euro(t.unitCents, style);
  if (t.pack.per.unit === 'g') return `<span class="tp-grundpreis">(${price} / 100 g)</span>`;
  if (t.pack.per.unit === 'l') return t.product.index % 2 ? `<span class="tp-grundpreis">${price} pro Liter</span>` : `<span class="tp-grundpreis">(${price} / l)</span>`;
  return t.product.index % 2 ? `<span class="tp-grundpreis">Grundpreis: ${price}/kg</span>` : `<span class="tp-grundpreis">1 kg = ${price}</span>`;
}

/** Other products' cards with the same price markup as the main price: a carousel, a recommendation block, or only a heading. */
function relatedHtml(others: TrapProduct[], index: number): string {
  const cards = others.map((o) => `<li class="tp-card"><a href="/trap/p/${o.product.slug}">${escapeHtml(o.product.name)}</a> <span class="tp-preis">${euro(o.currentCents)}</span></li>`).join('');
  if (index % 3 === 0) return `<section class="tp-produkt-slider carousel"><h2>Das könnte Ihnen auch gefallen</h2><ul>${cards}</ul></section>`;
  if (index % 3 === 1) return `<div class="recommendations"><h2>Empfehlungen</h2><ul>${cards}</ul></div>`;
  return `<div class="tp-block"><h2>Kunden kauften auch</h2><ul>${cards}</ul></div>`;
}

export function trapShop(config: CatalogShopConfig): ShopSite {
  const shopName = config.name ?? 'Bergmann Genusswelt';
  const catalog = buildTrapCatalog(config.seed, config.productCount, config.priceShift);
  const bySlug = new Map(catalog.map((t) => [t.product.slug, t]));
  const pageCount = Math.max(1, Math.ceil(catalog.length / PAGE_SIZE));

  const page = (title: string, main: string) => `<!DOCTYPE html>
<html lang="de-DE"><head><meta charset="utf-8"><title>${escapeHtml(title)} – ${escapeHtml(shopName)}</title><meta property="og:title" content="${escapeHtml(title)}">
<style>${themeCss('tp')}\n.tp-preisbox .tp-alt{text-decoration:line-through;color:#999}</style></head>
<body><header><div class="tp-topbar">Kostenloser Versand ab ${euro(FREE_SHIPPING_OVER_CENTS)} · <a class="tp-cart" href="/trap/warenkorb">Warenkorb 0,00&nbsp;€</a></div><a href="/trap/">${escapeHtml(shopName)}</a></header>
<main>${main}</main>
<footer><p>Alle Preise inkl. MwSt., zzgl. Versand. Gutscheine ab 10,00&nbsp;€.</p></footer></body></html>`;

  function listing(pageNo: number): ShopReply {
    const cards = catalog.slice((pageNo - 1) * PAGE_SIZE, pageNo * PAGE_SIZE)
      .map((t) => `<li class="tp-card"><a href="/trap/p/${t.product.slug}">${escapeHtml(t.product.name)}</a> <span class="tp-card__preis">${euro(t.currentCents, t.product.index)}</span></li>`);
    const next = pageNo < pageCount ? `<a rel="next" href="/trap/?seite=${pageNo + 1}">Weiter</a>` : '';
    return { status: 200, contentType: HTML, body: page(`Alle Produkte – Seite ${pageNo}`, `<h1>Alle Produkte</h1><ul class="tp-liste">${cards.join('\n')}</ul>${next}`) };
  }

  function productPage(t: TrapProduct): ShopReply {
    const p = t.product;
    const style = p.index;
    const now = currentHtml(t, euro(t.currentCents, style));
    const was = t.wasCents === null ? '' : struck(t, euro(t.wasCents, style + 1));
    const others = Array.from({ length: 6 }, (_, i) => catalog[(p.index + 1 + i * 5) % catalog.length]);
    const prng = fillerPrng(config.seed, p.index);
    const box = `<div class="tp-preisbox"><p class="tp-preise">${t.struckAfter ? `${now} ${was}` : `${was} ${now}`}</p>
<p class="tp-inhalt">Inhalt: ${t.pack.label} ${unitHtml(t, style)}</p>
${t.wasCents === null ? '' : `<p class="tp-ersparnis">Sie sparen <span>${euro(t.wasCents - t.currentCents)}</span></p>`}
${t.depositCents === null ? '' : `<p class="tp-pfand">zzgl. <span>${euro(t.depositCents)}</span> Pfand</p>`}
${t.instalmentCents === null ? '' : `<p class="tp-raten">oder 4 x <span>${euro(t.instalmentCents)}</span> monatlich mit Klarna</p>`}
<table class="tp-staffel"><caption>Staffelpreise</caption><tr><td>ab 3 Stück</td><td>${euro(t.tierCents.from3)} / Stück</td></tr><tr><td>ab 10 Stück</td><td>${euro(t.tierCents.from10)} / Stück</td></tr></table>
${t.tierCents.twoFor === null ? '' : `<p class="tp-aktion">Aktion: 2 für <span>${euro(t.tierCents.twoFor)}</span></p>`}
<p class="tp-varianten">Weitere Größen ab <span class="tp-preis-klein">${euro(t.fromCents)}</span> <select><option>${t.pack.label} – ${euro(t.currentCents)}</option><option>Probiergröße – ${euro(t.fromCents)}</option></select></p>
<div class="tp-versand"><p>Versand: <span>${euro(SHIPPING_CENTS)}</span></p><p>Versandkostenfrei ab <span>${euro(FREE_SHIPPING_OVER_CENTS)}</span></p></div>
<p class="tp-stock">${STOCK_TEXT[p.availability]}</p></div>`;
    const main = `<article class="tp-produkt"><h1>${escapeHtml(p.name)}</h1><p class="tp-marke">${escapeHtml(p.brand)} · Art.-Nr. ${p.sku}</p>${box}
<div class="tp-beschreibung">${Array.from({ length: 4 }, () => `<p>${escapeHtml(paragraph(prng, spec.prose, 4))}</p>`).join('')}</div>
${relatedHtml(others, p.index)}
<aside id="recently-viewed"><h3>Zuletzt angesehen</h3><span class="tp-preis">${euro(others[0].currentCents)}</span></aside></article>`;
    return { status: 200, contentType: HTML, body: page(p.name, main) };
  }

  const notFound: ShopReply = { status: 404, contentType: HTML, body: page('Nicht gefunden', '<h1>Seite nicht gefunden</h1>') };
  return {
    kind: 'trap',
    name: shopName,
    spider: 'generic-structured',
    startPath: '/trap/',
    spiderArgs: (origin) => ({ urls: `${origin}/trap/` }),
    route(url) {
      if (url.pathname === '/trap/') {
        const pageNo = Number.parseInt(url.searchParams.get('seite') ?? '1', 10);
        return Number.isInteger(pageNo) && pageNo >= 1 && pageNo <= pageCount ? listing(pageNo) : notFound;
      }
      const trap = bySlug.get(/^\/trap\/p\/([a-z0-9-]+)$/.exec(url.pathname)?.[1] ?? '');
      return trap ? productPage(trap) : notFound;
    },
    expected(origin): ExpectedShopOutcome {
      return { items: catalog.map((t) => expectedItem(t, origin)), drift: [], notFound: [], pageCount: pageCount + catalog.length, catalog: catalog.map((t) => t.product) };
    },
  };
}

/** What the generic spider must store for a trap product: the page URL as sku, every price exact. */
function expectedItem(t: TrapProduct, origin: string): ExpectedPriceItem {
  const url = `${origin}/trap/p/${t.product.slug}`;
  const plain = (cents: number | null) => (cents === null ? null : centsToPlain(cents));
  const tiers = [
    ...(t.tierCents.twoFor === null ? [] : [{ minQuantity: 2, price: plain(t.tierCents.twoFor), forQuantity: 2, currency: 'EUR' }]),
    { minQuantity: 3, price: plain(t.tierCents.from3), forQuantity: 1, currency: 'EUR' },
    { minQuantity: 10, price: plain(t.tierCents.from10), forQuantity: 1, currency: 'EUR' },
  ];
  return {
    sku: url,
    name: t.product.name,
    url,
    price: centsToPlain(t.currentCents),
    priceText: euro(t.currentCents),
    listPrice: plain(t.wasCents),
    currency: 'EUR',
    extra: {
      source: 'visible',
      unitPrice: { amount: centsToPlain(t.unitCents), currency: 'EUR', quantity: t.pack.per.quantity, unit: t.pack.per.unit },
      tiers,
      shippingCost: plain(SHIPPING_CENTS),
      freeShippingOver: plain(FREE_SHIPPING_OVER_CENTS),
      availability: t.product.availability,
    },
  };
}
