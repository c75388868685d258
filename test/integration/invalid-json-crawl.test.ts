// An API answer that is not JSON fails its page for what it showed (cut, markup, another format), retried when a later try may differ; never as the spider's bug.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Spider, type SpiderOutput } from '../../src/core/spider';
import type { CrawlResponse } from '../../src/core/response';
import { exitCodeFor } from '../../src/engine/run-summary';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const PATHS = ['/api/ok', '/api/bom', '/api/html', '/api/cut', '/api/jsonp', '/api/xssi', '/api/bug'];

class ApiSpider extends Spider {
  readonly name = 'json-api';
  constructor(private readonly host: FixtureServer) {
    super();
  }

  override async *start(): AsyncIterable<SpiderOutput> {
    for (const path of PATHS) yield this.request(this.host.url(path), 'parse');
  }

  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    const data = res.json<{ price: string; offer?: { price: string } }>();
    // The spider's own bug: a field only some answers have, read without a check.
    const price = res.url.endsWith('/bug') ? data.offer!.price : data.price;
    yield { sku: new URL(res.url).pathname, price, currency: 'EUR', url: res.url };
  }
}

/** A whole answer by its framing (Content-Length right): only its content is wrong. */
const json = (body: string | Buffer) => (_req: unknown, res: ServerResponse) => void res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);

describe('a crawl of an API whose answers are not all JSON', () => {
  let servers: FixtureServer[];
  let result: TestCrawlResult;
  const storage = tempStorageDir('invalid-json');

  beforeAll(async () => {
    servers = await startFixtureServers(1, { builtInRoutes: false });
    const [host] = servers;
    host.route('/api/ok', json('{"price":"12.50"}'));
    host.route('/api/bom', json(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"price":"3.10"}')])));
    // A wall served as JSON, with an escape sequence and a token that must reach no log line.
    host.route('/api/html', json('<html><body>\x1b]0;pwned\x07<a href="/verify?token=s3cr3t-wall">Are you human?</a></body></html>'));
    host.route('/api/cut', json('{"price":"12.'));
    host.route('/api/jsonp', json('cb({"price":"1.00"})'));
    host.route('/api/xssi', json(')]}\',\n{"price":"2.00"}'));
    host.route('/api/bug', json('{"price":"4.00"}'));
    result = await crawlInProcess(new ApiSpider(host), storage.dir, {
      politeness: { minIntervalMs: 0, jitterMs: 0 },
      retry: { maxAttempts: 2 },
      robots: { obey: false },
      log: { statsIntervalMs: 0 },
    });
  }, 60_000);
  afterAll(async () => {
    await closeFixtureServers(servers);
    storage.cleanup();
  });

  it("records each page by what its answer showed; only the spider's own TypeError is callback/error", () => {
    // Before: every one of the five was callback/error, "a bug in the spider", tried once.
    expect(result.summary.ledger).toMatchObject({ planned: 7, succeeded: 2, failed: 5, pending: 0 });
    expect(result.summary.ledger.failedByReason).toEqual({ 'parse/json-html': 1, 'parse/json-cut': 1, 'parse/json-invalid': 2, 'callback/error': 1 });
    expect(result.summary.balanced).toBe(true);
  });

  it('reads a body behind a byte-order mark as the JSON it is', () => {
    const prices = Object.fromEntries(result.items.map((item) => [item.sku, String(item.price)]));
    expect(prices).toEqual({ '/api/ok': '12.50', '/api/bom': '3.10' });
  });

  it('tries the cut answer and the wall again, not the formats the site always serves', () => {
    const [host] = servers;
    expect(host.requestsTo('/api/html')).toHaveLength(2);
    expect(host.requestsTo('/api/cut')).toHaveLength(2);
    expect(host.requestsTo('/api/jsonp')).toHaveLength(1);
    expect(host.requestsTo('/api/xssi')).toHaveLength(1);
    expect(host.requestsTo('/api/bug')).toHaveLength(1);
  });

  it('counts the bug alone as a code error; the cut and the wall keep the run from ending clean (exit 4)', () => {
    expect(Object.keys(result.summary.codeErrors ?? {})).toHaveLength(1);
    expect(result.summary.transientFailures).toEqual({ 'parse/json-html': 1, 'parse/json-cut': 1 });
    expect(exitCodeFor(result.summary)).toBe(4);
  });

  it('logs status, content type and a short masked sample, never the body, never a control character', () => {
    const lines = result.logs.filter((line) => line.reason === 'parse/json-html' && line.sample !== undefined);
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).toMatchObject({ status: 200, contentType: 'application/json', url: servers[0].url('/api/html') });
      const text = JSON.stringify(line);
      expect(text).not.toContain('s3cr3t-wall');
      expect(text).not.toMatch(/\\u001b|\\u0007|pwned\\u0007/);
      expect(String(line.sample)).toContain('Are you human');
    }
    expect(JSON.stringify(result.logs)).not.toContain('s3cr3t-wall');
  });
});
