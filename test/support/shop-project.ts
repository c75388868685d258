// A small priced shop on loopback and a team project whose `shop` spider crawls it: a listing linking its products.
import { FixtureServer } from './fixture-server';
import { teamProject, type TeamProject } from './team-project';

const html = (body: string) => (_req: unknown, res: { writeHead(status: number, headers: Record<string, string>): { end(body: string): void } }) =>
  void res.writeHead(200, { 'content-type': 'text/html' }).end(body);

/** `/list` links `/p/1` … `/p/<products>`; each product page shows `$19.99`. */
export async function startPricedShop(products: number): Promise<FixtureServer> {
  const server = await FixtureServer.start();
  const links = Array.from({ length: products }, (_, i) => `<a href="/p/${i + 1}">${i + 1}</a>`).join('');
  server.route('/list', html(links));
  server.route('/p/:n', html('<span class="price">$19.99</span>'));
  return server;
}

/**
 * A project with `config` (robots off and no politeness wait added, for loopback), `files` of its own, and the
 * `shop` spider: listing → products, one item each keyed by the product path, `productCallback` named for --due.
 */
export function shopProject(server: FixtureServer, config: Record<string, unknown>, files: Record<string, string> = {}): TeamProject {
  return teamProject({
    'package.json': JSON.stringify({ name: 'team', private: true, type: 'module' }),
    'pricecrawl.config.json': JSON.stringify({ robots: { obey: false }, politeness: { minIntervalMs: 0, jitterMs: 0 }, ...config }),
    'spiders/shop.mjs': `
import { Spider } from 'pricecrawl';
export class ShopSpider extends Spider {
  name = 'shop';
  allowedDomains = ['${server.hostKey}'];
  startUrls = ['${server.url('/list')}'];
  productCallback = 'parseProduct';
  async *parse(res) { yield* res.followAll('a', 'parseProduct'); }
  async *parseProduct(res) { yield { sku: new URL(res.url).pathname, price: res.$('.price').text(), currency: 'USD', url: res.url }; }
}
`,
    ...files,
  });
}
