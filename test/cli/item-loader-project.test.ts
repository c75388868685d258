// A team's spider fills its items with an item loader imported from 'pricecrawl': CSS per field, a nested price box,
// JSON paths; `pricecrawl parse` shows the items after the pipeline, the price read exactly, and the page whose
// selector reached two prices dropped as price/ambiguous.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixtureServer } from '../support/fixture-server';
import { cli } from '../support/run-cli';
import { teamProject, type TeamProject } from '../support/team-project';

const SPIDER = `
import { Spider, defineItemLoader, MapCompose, PriceOutput, TakeAll, cleanText, type CrawlResponse, type SpiderOutput } from 'pricecrawl';

const productLoader = defineItemLoader({
  defaultInput: MapCompose(cleanText),
  fields: { sku: {}, name: {}, price: { output: PriceOutput() }, colours: { output: TakeAll() } },
});

/** An interface, not a JSON type: the loader takes it as it is. */
interface Product { id: string; title: string; offer: { amount: string | number } }

export class ShopSpider extends Spider {
  readonly name = 'shop';
  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    const loader = productLoader.from(res).addCss('sku', '[data-sku]', { attr: 'data-sku' }).addCss('name', 'h1').addCss('colours', '.colour');
    if (res.url.endsWith('/careless')) loader.addCss('price', '.price');
    else loader.nestedCss('.buy').addCss('price', '.price');
    yield { ...loader.loadItem(), url: res.url };
  }
  async *parseApi(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    for (const product of (res.json() as { items: Product[] }).items) {
      const loader = productLoader.from({ json: product }).addJson('sku', 'id').addJson('name', 'title').addJson('price', 'offer.amount');
      yield { ...loader.loadItem(), currency: 'EUR', url: res.url, source: 'api' as const };
    }
  }
}
`;

const PRODUCT = `<html lang="de-DE"><body><h1>
  Wasserkocher
  1,7 l</h1><div data-sku="WK-17"></div><span class="colour"> weiß </span><span class="colour">schwarz</span>
  <div class="buy"><span class="price">1.234,50 €</span></div><div class="accessory"><span class="price">9,99 €</span></div></body></html>`;

describe('a team spider with an item loader', { timeout: 90_000 }, () => {
  let server: FixtureServer;
  let project: TeamProject;
  beforeAll(async () => {
    server = await FixtureServer.start();
    for (const path of ['/p/careful', '/p/careless']) server.route(path, (_req, res) => void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PRODUCT));
    server.route('/api', (_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end('{"items":[{"id":"T-1","title":" Tee ","offer":{"amount":"3.50"}},{"id":"T-2","title":"Kanne","offer":{"amount":0.30000000000000004}}]}'));
    project = teamProject({
      'package.json': JSON.stringify({ name: 'team', private: true, type: 'module' }),
      'pricecrawl.config.json': JSON.stringify({ robots: { obey: false } }),
      'spiders/shop.ts': SPIDER,
    });
  });
  afterAll(async () => {
    project.cleanup();
    await server.close();
  });

  it('reads the nested box price exactly; the careless selector is refused as price/ambiguous', async () => {
    const careful = await cli(['parse', server.url('/p/careful'), '--spider', 'shop'], { cwd: project.root });
    expect(careful.code, careful.stderr).toBe(0);
    expect(careful.stdout).toContain('{"sku":"WK-17","name":"Wasserkocher 1,7 l","price":"1234.50","colours":["weiß","schwarz"]');
    const careless = await cli(['parse', server.url('/p/careless'), '--spider', 'shop'], { cwd: project.root });
    expect(careless.code, careless.stderr).toBe(0);
    expect(careless.stdout).toMatch(/dropped by the pipeline \(1\):\n {2}price\/ambiguous: \{"sku":"WK-17"/);
  });

  it('reads JSON paths per product; a float the API computed is refused, not rounded', async () => {
    const run = await cli(['parse', server.url('/api'), '--spider', 'shop', '--callback', 'parseApi'], { cwd: project.root });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('{"sku":"T-1","name":"Tee","price":"3.50","currency":"EUR"');
    expect(run.stdout).toMatch(/price\/inexact-number: \{"sku":"T-2"/);
  });
});
