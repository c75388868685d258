// A product page that states no SKU or GTIN gets its URL as its SKU (the structured item builder, the
// generated spiders): the same product reached under two URLs (a category path) is then two products
// with two price histories. The item is kept, as a URL is an identity the pipeline accepts, but the run
// summary names the spider and how many items had their identity guessed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { childTracker, cli } from '../support/run-cli';
import { teamProject, type TeamProject } from '../support/team-project';

const SPIDER = `
import { Spider, productItem } from 'pricecrawl';
export class ShopSpider extends Spider {
  name = 'shop';
  base = this.args.base ?? 'http://127.0.0.1:9';
  allowedDomains = [new URL(this.base).host];
  startUrls = ['/p/kettle', '/kitchen/kettle', '/p/toaster'].map((path) => this.base + path);
  async *parse(res) {
    yield productItem(res);
  }
}
`;

/** A shop's product page: JSON-LD with a name and an offer; the SKU only where the shop states one. */
const page = (name: string, price: string, sku: string | null) => {
  const product = { '@context': 'https://schema.org', '@type': 'Product', name, ...(sku ? { sku } : {}), offers: { '@type': 'Offer', price, priceCurrency: 'EUR' } };
  return `<html><head><script type="application/ld+json">${JSON.stringify(product)}</script></head><body><h1>${name}</h1><span class="price">${price.replace('.', ',')} €</span></body></html>`;
};

describe('items whose identity is their page URL', { timeout: 60_000 }, () => {
  let project: TeamProject;
  let site: FixtureServer;
  const children = childTracker();

  beforeAll(async () => {
    [site] = await startFixtureServers(1, { builtInRoutes: false });
    // One kettle, reached from the product list and from a category path: the shop states no SKU on it.
    for (const path of ['/p/kettle', '/kitchen/kettle']) site.route(path, (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(page('Kettle', '24.90', null)));
    site.route('/p/toaster', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(page('Toaster', '39.00', 'T-100')));
    project = teamProject({
      'package.json': JSON.stringify({ name: 'team', private: true, type: 'module' }),
      'pricecrawl.config.json': JSON.stringify({ politeness: { minIntervalMs: 0, jitterMs: 0 }, robots: { obey: false }, log: { format: 'json' } }),
      'spiders/shop.mjs': SPIDER,
    });
  });
  afterAll(async () => {
    children.killAll();
    await site.close();
    project.cleanup();
  });

  it('are kept, and the summary warns with the spider and the count', async () => {
    const run = await cli(['crawl', 'shop', '-a', `base=${site.origin}`], { cwd: project.root, onStart: children.track });
    expect(run.code, run.stderr.slice(-2000)).toBe(0);
    expect(run.stdout).toContain('items: scraped 3, written 3');
    // Before: nothing said that two of them were one kettle keyed by two URLs.
    expect(run.stdout).toContain(
      'WARNING: spider shop stored 2 items with the page URL as the SKU (the page states no SKU or GTIN): the same product under another URL (tracking parameters, a category path) starts another price history; give its items an identifier from the page',
    );
  });
});
