// HTTP callbacks run under a time limit of their own time: a hung one ends as callback/timeout (tried again, exit 4), slow ones and ones the pipeline holds finish.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Spider, type SpiderOutput } from '../../src/core/spider';
import type { CrawlResponse } from '../../src/core/response';
import { exitCodeFor } from '../../src/engine/run-summary';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

/** The spider's own limit; the hung callback ends by it, the others take far less of their own time. */
const SPIDER_LIMIT_MS = 1_000;
const GATE_KEY = '__pricecrawlCallbackTimeoutGate';

interface Gate {
  opened: Promise<void>;
  open(): void;
}

const page = (body: string) => `<html><body>${body}</body></html>`;

/**
 * A spider with the bugs and habits of real ones: an API call of its own to a server that never answers
 * (no timeout of its own, as `fetch` has none worth the name), and a slow API it waits for.
 */
class ApiSpider extends Spider {
  readonly name = 'api-spider';
  override settings = { http: { callbackTimeoutMs: SPIDER_LIMIT_MS } };
  constructor(
    private readonly shop: FixtureServer,
    private readonly slowHost: FixtureServer,
  ) {
    super();
  }

  override async *start(): AsyncIterable<SpiderOutput> {
    yield this.request(this.shop.url('/list'), 'parse');
  }

  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    yield res.follow('/p/hung', 'hangs');
    yield res.follow('/p/slow', 'slow');
    yield this.request(this.slowHost.url('/p/slower'), 'slow');
    // Held by the project's stage until the hung page has failed: longer than the limit, but the
    // pipeline's time, not this callback's.
    yield { sku: 'listed-1', price: '5.00', currency: 'USD', url: res.url };
    yield { sku: 'listed-2', price: '6.00', currency: 'USD', url: res.url };
  }

  async *hangs(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    yield { sku: 'hung-1', price: '7.00', currency: 'USD', url: res.url };
    await fetch(this.shop.url('/hang'));
    yield { sku: 'hung-2', price: '8.00', currency: 'USD', url: res.url };
  }

  async *slow(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    const api = (await (await fetch(new URL(`/api${new URL(res.url).pathname}`, res.url))).json()) as { price: string };
    yield { sku: new URL(res.url).pathname, price: api.price, currency: 'USD', url: res.url };
  }
}

describe('a crawl whose HTTP callbacks hang, dawdle or wait on the pipeline', () => {
  let servers: FixtureServer[];
  let result: TestCrawlResult;
  const storage = tempStorageDir('callback-timeout');

  beforeAll(async () => {
    let open = () => undefined as void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    (globalThis as Record<string, unknown>)[GATE_KEY] = { opened, open } satisfies Gate;
    // The project's own stage (a slow store, as a project writes one) and an extension that lets it go once the hung page failed.
    const stage = join(storage.dir, 'held-stage.mjs');
    writeFileSync(stage, `export default { name: 'held', async process(item) { if (item.sku === 'listed-1') await globalThis.${GATE_KEY}.opened; return item; } };\n`);
    const release = join(storage.dir, 'release.mjs');
    writeFileSync(release, `export default { register(events) { events.on('request.failed', (p) => { if (p.reason === 'callback/timeout') globalThis.${GATE_KEY}.open(); }); } };\n`);

    servers = await startFixtureServers(2);
    const [shop, slowHost] = servers;
    shop.route('/list', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(page('<h1>list</h1>')));
    for (const server of servers) {
      server.route('/p/:name', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(page('<h1>product</h1>')));
    }
    // Answers well within the spider's limit.
    shop.route('/api/p/slow', (_req, res, ctx) => ctx.later(SPIDER_LIMIT_MS / 10, () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"price":"9.00"}')));
    // Answers after more than the spider's limit: fine only because this host's own limit is longer.
    slowHost.route('/api/p/slower', (_req, res, ctx) => ctx.later(SPIDER_LIMIT_MS * 1.5, () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"price":"11.00"}')));

    result = await crawlInProcess(new ApiSpider(shop, slowHost), storage.dir, {
      politeness: { minIntervalMs: 0, jitterMs: 0, hosts: { [slowHost.hostKey]: { callbackTimeoutMs: 30_000 } } },
      retry: { maxAttempts: 2 },
      frontier: { addBatchSize: 1 },
      pipeline: { add: { held: { module: stage } } },
      extensions: { release: { module: release } },
      robots: { obey: false },
    });
  }, 30_000);
  afterAll(async () => {
    await closeFixtureServers(servers);
    storage.cleanup();
    delete (globalThis as Record<string, unknown>)[GATE_KEY];
  });

  it('ends: the hung page is tried again, then recorded as callback/timeout; the ledger balances', () => {
    expect(result.summary.ledger).toMatchObject({ planned: 4, succeeded: 3, failed: 1, pending: 0 });
    expect(result.summary.ledger.failedByReason).toEqual({ 'callback/timeout': 1 });
    expect(result.summary.balanced).toBe(true);
    expect(servers[0].requestsTo('/p/hung')).toHaveLength(2);
    expect(result.summary.handling['retry/callback-timeout']).toBe(1);
  });

  it('does not end looking clean: the page was fetched but its price never read (exit 4)', () => {
    expect(result.summary.status).toBe('finished');
    expect(result.summary.transientFailures).toEqual({ 'callback/timeout': 1 });
    expect(exitCodeFor(result.summary)).toBe(4);
  });

  it('keeps what the hung callback yielded before it hung (once, over both tries), never what a late step yields', () => {
    const skus = result.items.map((item) => item.sku).sort();
    expect(skus).toEqual(['/p/slow', '/p/slower', 'hung-1', 'listed-1', 'listed-2']);
  });

  it('lets the callback the pipeline held past the limit, and the slow ones under theirs, finish with their items', () => {
    const prices = Object.fromEntries(result.items.map((item) => [item.sku, String(item.price)]));
    expect(prices).toMatchObject({ 'listed-1': '5.00', 'listed-2': '6.00', '/p/slow': '9.00', '/p/slower': '11.00' });
  });

  it('logs each abandoned callback with its spider, callback name, URL and limit', () => {
    const lines = result.logs.filter((line) => line.msg === 'spider callback ran past its time limit and was abandoned');
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line).toMatchObject({ spider: 'api-spider', callback: 'hangs', url: servers[0].url('/p/hung'), limitMs: SPIDER_LIMIT_MS });
    expect(result.summary.ledger.failedByReason['callback/error']).toBeUndefined();
  });
});
