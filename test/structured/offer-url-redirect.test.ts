// A shop redirecting a product's short URL to its slug (`/p/123` → `/p/123-executive-anvil`) and naming the short one in its
// offer: the URLs the request passed through are this page too. Fetched from a loopback shop through the HTTP fetcher.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpFetcher } from '../../src/fetch/http-fetcher';
import { productItem } from '../../src/items/product-item';
import { httpSettings, req } from '../fetch/fetch-test-helpers';
import { FixtureServer } from '../support/fixture-server';
import { ld, offer, page, priceLine } from '../support/offer-page';

let shop: FixtureServer;
let fetcher: HttpFetcher;

/** The anvil as the shop writes it: its offer at the short URL, the product's own url as given (the slug, or none). */
const anvilPage = (productUrl?: string) => {
  const anvil = { '@type': 'Product', name: 'Executive Anvil', sku: '0446310786', ...(productUrl ? { url: productUrl } : {}), offers: { ...offer('119.99', shop.url('/p/123')), priceValidUntil: '2030-11-20' } };
  return page(ld(anvil), '<h1>Executive Anvil</h1><p class="price">$119.99</p>');
};

beforeAll(async () => {
  shop = await FixtureServer.start({ builtInRoutes: false });
  shop.route('/p/123', (_req, res) => void res.writeHead(301, { location: '/p/123-executive-anvil' }).end());
  shop.route('/p/:slug', (_req, res, { params }) => void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(anvilPage(params.slug === '123-named' ? shop.url('/p/123-named') : undefined)));
  shop.route('/old/:id', (_req, res, { params }) => void res.writeHead(302, { location: `/p/${params.id}` }).end());
  fetcher = new HttpFetcher(httpSettings());
});

afterAll(async () => {
  await fetcher.close();
  await shop.close();
});

describe('an offer naming the URL the page was redirected from', () => {
  it('is the page\'s own: its price stands, and the product with its sku is the page\'s (it was another page\'s, no price)', async () => {
    const res = await fetcher.fetch(req(shop.url('/p/123')));
    expect(res.url).toBe(shop.url('/p/123-executive-anvil'));
    expect(priceLine(res)).toBe('119.99');
    expect(productItem(res)).toMatchObject({ sku: '0446310786', source: 'structured' });
  });

  it('through a chain of two redirects, and beside a product url naming the slug', async () => {
    const res = await fetcher.fetch(req(shop.url('/old/123')));
    expect(res.redirectChain).toEqual([shop.url('/old/123'), shop.url('/p/123')]);
    expect(priceLine(res)).toBe('119.99');
    const named = await fetcher.fetch(req(shop.url('/p/123-named')));
    // Fetched straight at the slug, the short URL is another page as far as the data says: read as before.
    expect(priceLine(named)).toMatch(/^price\/other-page: structured offers are for other pages \(url http:\/\/127\.0\.0\.1:\d+\/p\/123\), none for this one$/);
  });
});
