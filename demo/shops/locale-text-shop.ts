// German shop in windows-1252 behind a <base href>: prices only as visible text, drift pages and a dead link.
import iconv from 'iconv-lite';
import { buildCatalog, currentPrice, type CatalogProduct } from '../catalog';
import { deGeneralStoreSpec as spec } from '../catalog-specs';
import { escapeHtml, fillerPrng, fillerReviews, paragraph, themeCss, type FillerReview } from '../html-kit';
import { formatEurGerman } from '../price-format';
import type { CatalogShopConfig, ExpectedShopOutcome, ShopReply, ShopSite } from './shop-site';

export interface LocaleShopConfig extends CatalogShopConfig {
  /** Product pages rendered by a "new template" without the price element (silent DOM drift). */
  driftCount?: number;
  /** Listing links to products that no longer exist (404). */
  brokenLinkCount?: number;
}

const PAGE_SIZE = 20;
const SHIPPING_ROWS = [
  ['Deutschland', 'Standardversand 4,95 €, ab 29 € versandkostenfrei, Lieferung in 1–3 Werktagen'],
  ['Österreich', 'Standardversand 7,95 €, Lieferung in 3–5 Werktagen'],
  ['Schweiz', 'Versand 14,95 € zzgl. Zollgebühren, Lieferung in 5–7 Werktagen'],
  ['Express', 'Bestellung bis 14 Uhr, Zustellung am nächsten Werktag, Aufpreis 9,95 €'],
  ['Rückgabe', '30 Tage kostenlose Rücksendung mit beiliegendem Retourenschein'],
  ['Zahlung', 'Rechnung, Lastschrift, Kreditkarte, PayPal, Sofortüberweisung, Ratenkauf'],
]
  .map(([k, v]) => `<tr><th>${k}</th><td>${v}</td></tr>`)
  .join('');
// No charset parameter: the <meta charset> inside the page is the only declaration, as on many old shops.
const CONTENT_TYPE = 'text/html';

/** Evenly spaced indices, so drift pages land on different listing pages. */
function spreadIndices(count: number, total: number): Set<number> {
  return new Set(Array.from({ length: Math.min(count, total) }, (_, k) => Math.floor(((k + 1) * total) / (count + 1))));
}

function reviewHtml(r: FillerReview): string {
  const germanDate = r.date.split('-').reverse().join('.');
  return `<div class="kl-bewertung"><b>${escapeHtml(r.author)}</b> schrieb am ${germanDate}: <span class="sterne">${r.stars} von 5 Sternen</span>
<h3>„${escapeHtml(r.title)}“</h3><p>${escapeHtml(r.body)}</p></div>`;
}

function encode(html: string): Buffer {
  return iconv.encode(html, 'windows-1252');
}

export function localeTextShop(config: LocaleShopConfig): ShopSite {
  const shopName = config.name ?? 'Kaufhaus Lindner';
  const catalog = buildCatalog(spec, { seed: config.seed, count: config.productCount, priceShift: config.priceShift });
  const bySku = new Map(catalog.map((p) => [p.sku.toLowerCase(), p]));
  const drift = spreadIndices(config.driftCount ?? 0, catalog.length);
  const pageCount = Math.max(1, Math.ceil(catalog.length / PAGE_SIZE));
  // Every page carries the shop's long legal footer, as German shops must.
  const legalText = escapeHtml(paragraph(fillerPrng(config.seed, -1), spec.prose, 10));
  const brokenSkus = Array.from({ length: config.brokenLinkCount ?? 0 }, (_, i) => `${spec.skuPrefix.toLowerCase()}-gone-${i + 1}`);

  function page(origin: string, title: string, main: string): Buffer {
    const nav = spec.departments.map((d) => `<li><a href="kategorie/${d.category}.html">${escapeHtml(d.label)}</a></li>`).join('');
    const service = ['Versandkosten', 'Widerrufsrecht', 'Zahlungsarten', 'Impressum', 'Datenschutz', 'AGB', 'Kontakt', 'Filialfinder', 'Gutscheine', 'Karriere']
      .map((label, i) => `<li><a href="service/${i}.html">${label}</a></li>`)
      .join('');
    return encode(`<!DOCTYPE html>
<html lang="de-DE"><head><meta charset="windows-1252">
<base href="${origin}/shop/">
<title>${escapeHtml(title)} – ${escapeHtml(shopName)}</title>
<style>${themeCss('kl')}</style></head>
<body><div class="kl-topbar">Kostenloser Versand ab 29&nbsp;€ · 30 Tage Rückgaberecht · Kauf auf Rechnung</div>
<header class="kl-kopf"><a class="kl-logo" href="./">${escapeHtml(shopName)}</a><ul class="kl-nav">${nav}</ul>
<form action="suche" class="kl-suche"><input name="begriff" placeholder="Wonach suchen Sie?"></form></header>
<main class="kl-inhalt">${main}</main>
<footer class="kl-fuss"><ul>${service}</ul><h4>Widerrufsbelehrung (Auszug)</h4><p class="kl-recht">${legalText}</p><p>Alle Preise inkl. gesetzl. MwSt. zzgl. Versandkosten. © 2026 ${escapeHtml(shopName)} GmbH &amp; Co. KG, Lindenstraße 12, 80331 München.</p></footer>
</body></html>`);
  }

  function listing(origin: string, pageNo: number): ShopReply {
    const products = catalog.slice((pageNo - 1) * PAGE_SIZE, pageNo * PAGE_SIZE);
    const rows = products.map(
      (p) => `<li class="kl-artikel"><a class="kl-artikel__link" href="artikel/${p.sku.toLowerCase()}.html">${escapeHtml(p.name)}</a> <span class="kl-artikel__preis">${drift.has(p.index) ? 'Preis im Warenkorb' : formatEurGerman(currentPrice(p))}</span></li>`,
    );
    // Dead links sit on the last listing page, where delisted products tend to linger.
    if (pageNo === pageCount) rows.push(...brokenSkus.map((sku) => `<li class="kl-artikel"><a class="kl-artikel__link" href="artikel/${sku}.html">Restposten ${sku}</a></li>`));
    const next = pageNo < pageCount ? `<a class="kl-blaettern__weiter" href="liste/alle?seite=${pageNo + 1}">Weiter »</a>` : '';
    const main = `<h1>Alle Artikel</h1><p>Seite ${pageNo} von ${pageCount}</p><ul class="kl-liste">${rows.join('\n')}</ul><div class="kl-blaettern">${next}</div>`;
    return { status: 200, contentType: CONTENT_TYPE, body: page(origin, `Alle Artikel – Seite ${pageNo}`, main) };
  }

  function productPage(origin: string, p: CatalogProduct): ShopReply {
    const prng = fillerPrng(config.seed, p.index);
    const reviews = fillerReviews(prng, spec, prng.int(14, 20));
    const alsoBought = Array.from({ length: 10 }, (_, i) => catalog[(p.index + 1 + i * 3) % catalog.length]);
    const uvp = p.salePrice ? `<span class="uvp-hinweis">statt</span> <del class="uvp">${formatEurGerman(p.price)}</del> ` : '';
    const priceBox = drift.has(p.index)
      ? '<div class="preisbox preisbox--v2"><span class="hinweis">Preis im Warenkorb sichtbar</span></div>'
      : `<div class="preisbox">${uvp}<span class="preis">${formatEurGerman(currentPrice(p))}</span><span class="mwst">inkl. 19&nbsp;% MwSt., zzgl. Versand</span></div>`;
    const main = `<p class="kl-pfad"><a href="./">Startseite</a> › <a href="kategorie/${p.category}.html">${escapeHtml(p.categoryLabel)}</a></p>
<article class="kl-produkt"><h1 class="kl-produkt__name">${escapeHtml(p.name)}</h1>
<p class="kl-produkt__daten">Marke: <span class="marke">${escapeHtml(p.brand)}</span> · <span class="artikelnummer">Art.-Nr.: ${p.sku}</span> · EAN ${p.gtin13}</p>
${priceBox}
<p class="lieferbar">${p.availability === 'InStock' ? 'Sofort lieferbar, Lieferzeit 1–3 Werktage' : 'Derzeit nicht lieferbar'}</p>
<div class="kl-beschreibung"><h2>Produktbeschreibung</h2>${Array.from({ length: prng.int(7, 10) }, () => `<p>${escapeHtml(paragraph(prng, spec.prose, prng.int(4, 7)))}</p>`).join('\n')}</div>
<table class="kl-technik">${['Breite', 'Höhe', 'Tiefe', 'Gewicht', 'Material', 'Farbe', 'Garantie', 'Herkunftsland'].map((k) => `<tr><th>${k}</th><td>${prng.int(1, 300)} ${prng.pick(spec.prose)}</td></tr>`).join('')}</table>
<section class="kl-bewertungen"><h2>Kundenbewertungen (${p.reviewCount})</h2>${reviews.map(reviewHtml).join('\n')}</section>
<section class="kl-versand"><h2>Versand &amp; Rückgabe</h2><table>${SHIPPING_ROWS}</table></section>
<section class="kl-auch"><h2>Kunden kauften auch</h2><ul>${alsoBought.map((r) => `<li><a href="artikel/${r.sku.toLowerCase()}.html">${escapeHtml(r.name)}</a></li>`).join('')}</ul></section>
</article>`;
    return { status: 200, contentType: CONTENT_TYPE, body: page(origin, p.name, main) };
  }

  const notFound = (origin: string): ShopReply => ({
    status: 404,
    contentType: CONTENT_TYPE,
    body: page(origin, 'Seite nicht gefunden', '<h1>Diesen Artikel gibt es leider nicht mehr.</h1><p><a href="liste/alle">Zur Übersicht</a></p>'),
  });

  return {
    kind: 'locale-text',
    name: shopName,
    spider: 'demo-locale',
    startPath: '/shop/liste/alle',
    route(url, origin) {
      if (url.pathname === '/' || url.pathname === '/shop/') {
        return { status: 200, contentType: CONTENT_TYPE, body: page(origin, 'Startseite', '<h1>Willkommen!</h1><a class="kl-alle" href="liste/alle">Alle Artikel anzeigen</a>') };
      }
      if (url.pathname === '/shop/liste/alle') {
        const pageNo = Number.parseInt(url.searchParams.get('seite') ?? '1', 10);
        return Number.isInteger(pageNo) && pageNo >= 1 && pageNo <= pageCount ? listing(origin, pageNo) : notFound(origin);
      }
      const sku = /^\/shop\/artikel\/([a-z0-9-]+)\.html$/.exec(url.pathname)?.[1];
      const product = sku ? bySku.get(sku) : undefined;
      return product ? productPage(origin, product) : notFound(origin);
    },
    expected(origin): ExpectedShopOutcome {
      const url = (p: CatalogProduct) => `${origin}/shop/artikel/${p.sku.toLowerCase()}.html`;
      return {
        items: catalog
          .filter((p) => !drift.has(p.index))
          .map((p) => ({
            sku: p.sku,
            name: p.name,
            url: url(p),
            price: currentPrice(p),
            priceText: formatEurGerman(currentPrice(p)).replace('\u00a0', ' '),
            listPrice: p.salePrice ? p.price : null,
            currency: p.currency,
          })),
        drift: catalog.filter((p) => drift.has(p.index)).map((p) => ({ sku: p.sku, url: url(p) })),
        notFound: brokenSkus.map((sku) => `${origin}/shop/artikel/${sku}.html`),
        pageCount: pageCount + catalog.length + brokenSkus.length,
        catalog,
      };
    },
  };
}
