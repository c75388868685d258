// What an errback and the spider's idle() yield passes the spider middlewares as a callback's outputs and the seeds do: a filter sees every request the spider makes.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrawlRequest, Spider, type CrawlResponse, type RequestFailure, type SpiderOutput } from 'pricecrawl';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

/** What the project's middleware was told, hook by hook (it lives in a module the crawl loads by path). */
const SEEN_KEY = '__pricecrawlErrbackIdleSeen';
type Seen = Array<{ hook: string; from: string }>;

class OutletSpider extends Spider {
  readonly name = 'outlet';
  constructor(private readonly base: string) {
    super();
  }

  override async *start(): AsyncGenerator<SpiderOutput> {
    yield new CrawlRequest({ url: `${this.base}/p/gone`, callback: 'parseProduct', errback: 'onGone' });
  }

  async *parseProduct(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    yield { sku: new URL(res.url).pathname, price: res.$('.price').text(), currency: 'USD', url: res.url };
  }

  async *onGone(failure: RequestFailure): AsyncGenerator<SpiderOutput> {
    // A second source, and an outlet page the team's middleware keeps out of every crawl.
    yield new CrawlRequest({ url: `${this.base}/p/from-errback`, callback: 'parseProduct' });
    yield new CrawlRequest({ url: `${this.base}/outlet/from-errback`, callback: 'parseProduct' });
    void failure;
  }

  override *idle(round: number): Iterable<SpiderOutput> {
    if (round > 1) return;
    yield new CrawlRequest({ url: `${this.base}/p/from-idle`, callback: 'parseProduct' });
    yield new CrawlRequest({ url: `${this.base}/outlet/from-idle`, callback: 'parseProduct' });
  }
}

const MIDDLEWARE = `
const seen = (globalThis.${SEEN_KEY} ??= []);
const kept = (output) => !(typeof output.url === 'string' && output.callback !== undefined && output.url.includes('/outlet/'));
export default {
  name: 'skip-outlet',
  async *processStart(start) {
    for await (const output of start) if (kept(output)) yield output;
  },
  async *processSpiderOutput(from, outputs) {
    seen.push({ hook: 'processSpiderOutput', from: 'reason' in from ? 'failure ' + from.reason : 'page ' + new URL(from.url).pathname });
    for await (const output of outputs) if (kept(output)) yield output;
  },
};
`;

/** The shop (a 404 for the errback, every other page priced) and one crawl of it with the middleware `source` as `name`. */
async function crawlWith(dir: string, name: string, source: string): Promise<{ server: FixtureServer; result: TestCrawlResult }> {
  const module = join(dir, `${name}.mjs`);
  writeFileSync(module, source);
  const [server] = await startFixtureServers(1, { builtInRoutes: false });
  server.route('/p/gone', (_req, res) => void res.writeHead(404, { 'content-type': 'text/html' }).end('not here'));
  for (const prefix of ['/p', '/outlet']) {
    server.route(`${prefix}/:name`, (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body><p class="price">4.00</p></body></html>'));
  }
  const result = await crawlInProcess(new OutletSpider(new URL(server.url('/')).origin), dir, {
    politeness: { minIntervalMs: 1, jitterMs: 0 },
    robots: { obey: false },
    spiderMiddlewares: { add: { [name]: { module } } },
  });
  return { server, result };
}

describe('an errback\'s and the idle hook\'s outputs, with a project\'s spider middleware', () => {
  let server: FixtureServer;
  let result: TestCrawlResult;
  const storage = tempStorageDir('errback-idle-outputs');

  beforeAll(async () => {
    (globalThis as Record<string, unknown>)[SEEN_KEY] = [];
    ({ server, result } = await crawlWith(storage.dir, 'skip-outlet', MIDDLEWARE));
  }, 30_000);
  afterAll(async () => {
    await closeFixtureServers([server]);
    storage.cleanup();
    delete (globalThis as Record<string, unknown>)[SEEN_KEY];
  });

  it('drops the outlet requests an errback and idle() yield, as it drops a callback\'s', () => {
    expect(server.requests.map((r) => r.path).sort()).toEqual(['/p/from-errback', '/p/from-idle', '/p/gone']);
    expect(result.summary.ledger).toMatchObject({ succeeded: 2, failed: 1, pending: 0 });
    // Before: the errback's outlet request was fetched, the middleware never told of it.
    expect(result.summary.handling['spider-middleware/skip-outlet/dropped']).toBe(1);
  });

  it('tells processSpiderOutput the failure for an errback\'s outputs, the page for a callback\'s', () => {
    const seen = (globalThis as Record<string, unknown>)[SEEN_KEY] as Seen;
    expect(seen.map((s) => s.from).sort()).toEqual(['failure http/404', 'page /p/from-errback', 'page /p/from-idle']);
  });
});

/** A middleware written for pages only: it reads the page's URL, which a failure has not. */
const PAGES_ONLY = `
export default {
  name: 'pages-only',
  async *processStart(start) {
    for await (const output of start) {
      if (output.url.includes('/outlet/')) throw new Error('no outlet seeds expected');
      yield output;
    }
  },
  async *processSpiderOutput(page, outputs) {
    new URL(page.url); // a page's URL: a failure has none
    for await (const output of outputs) yield output;
  },
};
`;

describe('a spider middleware that throws on an errback\'s or an idle round\'s outputs', () => {
  let server: FixtureServer;
  let result: TestCrawlResult;
  const storage = tempStorageDir('errback-idle-throws');

  beforeAll(async () => {
    ({ server, result } = await crawlWith(storage.dir, 'pages-only', PAGES_ONLY));
  }, 30_000);
  afterAll(async () => {
    await closeFixtureServers([server]);
    storage.cleanup();
  });

  it('is that middleware\'s code error, not the errback\'s or idle()\'s; the request keeps its own reason, what passed before is crawled', () => {
    expect(Object.keys(result.summary.codeErrors ?? {})).toEqual(['spider-middleware/pages-only']);
    expect(result.summary.codeErrors?.['spider-middleware/pages-only']).toMatchObject({ count: 2 });
    expect(result.summary.ledger.failedByReason).toEqual({ 'http/404': 1 });
    // idle() yielded /p/from-idle before the outlet seed the middleware threw on.
    expect(server.requests.map((r) => r.path).sort()).toEqual(['/p/from-idle', '/p/gone']);
  });
});
