// Contract stubs for a generated spider: a sample listing and product page in the template's markup, with expectations.
import type { Fixture } from '../contracts/fixture-file';
import { apiStubs } from './api-template';
import { sitemapStub } from './sitemap-template';
import type { TemplateName, TemplateVars } from './spider-template';

const page = (title: string, body: string) =>
  `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>\n<body>\n${body}\n</body></html>\n`;

const LISTING = page(
  'Sample listing (replace me)',
  `<!-- A stand-in for a real listing page: record one with  pricecrawl fetch <listing url> --save SPIDER/listing -->
<ul>
  <li><a class="product-link" href="/product/example-1">Example one</a></li>
  <li><a class="product-link" href="/product/example-2">Example two</a></li>
</ul>
<a rel="next" href="/products?page=2">Next</a>`,
);

const PRODUCT = page(
  'Sample product (replace me)',
  `<!-- A stand-in for a real product page: record one with  pricecrawl fetch <product url> --save SPIDER/product --callback parseProduct -->
<main itemscope itemtype="https://schema.org/Product">
  <h1 itemprop="name">Example one</h1>
  <span itemprop="sku">EXAMPLE-1</span>
  <div itemprop="offers" itemscope itemtype="https://schema.org/Offer">
    <span class="price">1.234,50 €</span>
    <meta itemprop="price" content="1234.50"><meta itemprop="priceCurrency" content="EUR">
  </div>
</main>`,
);

/** One rate cell as a rate API might answer it: the total as an exact decimal string. */
const RATE = `${JSON.stringify({ hotel: 'hotel-a', total: '189.00', currency: 'EUR', available: true }, null, 2)}\n`;

function rateMatrixStubs(v: TemplateVars): Fixture[] {
  const key = { competitor: 'hotel-a', checkIn: '2030-01-15', los: 2, occupancy: 2 };
  const url = `${new URL(v.startUrl).origin}/rates?hotel=hotel-a&checkin=2030-01-15&los=2&occ=2`;
  return [{
    spider: v.name,
    name: 'rate',
    body: Buffer.from(RATE),
    spec: {
      status: 200, headers: { 'content-type': 'application/json' }, args: {}, fetchMode: 'http', captured: [], url, callback: 'parseRate', meta: key,
      expect: { items: 1, requests: 0, fields: ['sku', 'price', 'currency', 'checkIn', 'los', 'occupancy'], itemValues: [{ sku: 'hotel-a|2030-01-15|los2|occ2', price: '189.00', currency: 'EUR' }], dropped: {} },
    },
  }];
}

export function fixtureStubs(template: TemplateName, v: TemplateVars): Fixture[] {
  if (template === 'rate-matrix') return rateMatrixStubs(v);
  if (template === 'api') return apiStubs(v);
  if (template === 'sitemap') return [sitemapStub(v), productFixture(v, 'http')];
  const fetchMode = template === 'browser' ? 'browser' : 'http';
  const common = { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, args: {}, fetchMode, captured: [] } as const;
  const body = (html: string) => Buffer.from(html.replace('SPIDER', v.name));
  return [
    {
      spider: v.name,
      name: 'listing',
      body: body(LISTING),
      spec: { ...common, headers: { ...common.headers }, captured: [], url: v.startUrl, callback: 'parse', meta: { page: 1 }, expect: { items: 0, requests: 3, requestCallbacks: { parseProduct: 2, parse: 1 } } },
    },
    productFixture(v, fetchMode),
  ];
}

/** The sample product page and what its parseProduct must give: one exact price item. */
function productFixture(v: TemplateVars, fetchMode: 'http' | 'browser'): Fixture {
  return {
    spider: v.name,
    name: 'product',
    body: Buffer.from(PRODUCT.replace('SPIDER', v.name)),
    spec: {
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8' },
      args: {},
      fetchMode,
      captured: [],
      url: `${new URL(v.startUrl).origin}/product/example-1`,
      callback: 'parseProduct',
      meta: { listingPage: 1 },
      expect: { items: 1, requests: 0, fields: ['sku', 'name', 'price', 'currency', 'url'], itemValues: [{ sku: 'EXAMPLE-1', name: 'Example one', price: '1234.50', currency: 'EUR' }], dropped: {} },
    },
  };
}
