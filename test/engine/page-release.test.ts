// Once a page's callback is done, the engine releases its DOM and decoded text: kept `$` throws, the response reads again.
import type { CheerioAPI } from 'cheerio';
import { afterEach, expect, it } from 'vitest';
import type { CrawlResponse } from '../../src/core/response';
import { Spider, type SpiderOutput } from '../../src/core/spider';
import { FixtureServer } from '../support/fixture-server';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

/** Keeps the first page's response and `$` past its callback, then reads both from the second page's. */
class KeepingSpider extends Spider {
  readonly name = 'keeping';
  private kept: { response: CrawlResponse; $: CheerioAPI; title: string } | null = null;

  constructor(first: string) {
    super();
    this.startUrls = [first];
  }

  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    this.kept = { response: res, $: res.$, title: res.$('h1').text() };
    yield res.follow('/second', 'parseSecond');
  }

  async *parseSecond(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    const kept = this.kept!;
    let keptDom: string;
    try {
      keptDom = `found ${kept.$('h1').text()}`;
    } catch (error) {
      keptDom = (error as { code?: string }).code ?? String(error);
    }
    yield {
      sku: 'first-read-again',
      name: kept.title,
      price: '1.00',
      currency: 'EUR',
      url: res.url,
      // Read again after release: decoded from the kept bytes with the page's charset, parsed anew.
      reparsed: kept.response.$('h1').text(),
      decoded: /<h1>([^<]*)<\/h1>/.exec(kept.response.text)?.[1] ?? null,
      keptDom,
    };
  }
}

it('a $ kept past its callback throws DOM_RELEASED; the response itself decodes and parses again with the same answers', async () => {
  const server = await FixtureServer.start({ builtInRoutes: false });
  const storage = tempStorageDir('page-release');
  cleanups.push(() => server.close(), storage.cleanup);
  // windows-1252 bytes: a decode after release must use the page's charset, not UTF-8.
  server.route('/first', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=windows-1252' }).end(Buffer.from('<html><body><h1>Caf\xe9 cr\xe8me</h1></body></html>', 'latin1'));
  });
  server.route('/second', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' }).end('<p>second</p>');
  });
  const result = await crawlInProcess(new KeepingSpider(server.url('/first')), storage.dir, {
    politeness: { minIntervalMs: 0, jitterMs: 0 },
    pipeline: { batchMaxAgeMs: 20 },
  });
  expect(result.summary.ledger.failed).toBe(0);
  expect(result.items.map((item) => item.data)).toEqual([
    { sku: 'first-read-again', name: 'Café crème', price: '1.00', currency: 'EUR', url: server.url('/second'), reparsed: 'Café crème', decoded: 'Café crème', keptDom: 'DOM_RELEASED' },
  ]);
});
