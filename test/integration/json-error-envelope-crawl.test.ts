// An API's 200 whose JSON is an error report (a gateway's envelope, RFC 9457 problem details) is no answer to read: never an item.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Spider, type SpiderOutput } from '../../src/core/spider';
import type { CrawlResponse } from '../../src/core/response';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

/** Each path's body, served with a 200 and a right Content-Length. */
const ANSWERS: Record<string, [string, string]> = {
  '/api/ok': ['application/json', '{"sku":"A-1","price":"12.50","status":"active","message":"in stock"}'],
  '/api/google-503': ['application/json', '{"error":{"code":503,"message":"The service is currently unavailable.","status":"UNAVAILABLE"}}'],
  '/api/spring-500': ['application/json', '{"timestamp":"2026-12-07T12:00:00.000+00:00","status":500,"error":"Internal Server Error","path":"/api/spring-500"}'],
  '/api/problem-502': ['application/problem+json', '{"type":"about:blank","title":"Bad Gateway","status":502,"detail":"upstream timed out"}'],
  '/api/gone': ['application/json', '{"success":false,"code":404,"message":"Product not found"}'],
  '/api/graphql': ['application/json', '{"data":null,"errors":[{"message":"Internal server error","extensions":{"code":"INTERNAL_SERVER_ERROR"}}]}'],
};

class ApiSpider extends Spider {
  readonly name = 'json-envelope';
  constructor(private readonly host: FixtureServer) {
    super();
  }

  override async *start(): AsyncIterable<SpiderOutput> {
    for (const path of Object.keys(ANSWERS)) yield this.request(this.host.url(path), 'parse');
  }

  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    const data = res.json<{ price?: string }>();
    yield { sku: new URL(res.url).pathname, price: data.price ?? null, currency: 'EUR', url: res.url };
  }
}

const answer = (type: string, body: string) => (_req: unknown, res: ServerResponse) => void res.writeHead(200, { 'content-type': type, 'content-length': Buffer.byteLength(body) }).end(body);

describe('a crawl of an API that reports its errors in a 200', () => {
  let servers: FixtureServer[];
  let result: TestCrawlResult;
  const storage = tempStorageDir('json-envelope');

  beforeAll(async () => {
    servers = await startFixtureServers(1, { builtInRoutes: false });
    const [host] = servers;
    for (const [path, [type, body]] of Object.entries(ANSWERS)) host.route(path, answer(type, body));
    result = await crawlInProcess(new ApiSpider(host), storage.dir, {
      politeness: { minIntervalMs: 0, jitterMs: 0 },
      retry: { maxAttempts: 2, backoffBaseMs: 0, backoffCapMs: 0 },
      robots: { obey: false },
      log: { statsIntervalMs: 0 },
    });
  }, 60_000);
  afterAll(async () => {
    await closeFixtureServers(servers);
    storage.cleanup();
  });

  it('stores only the product; each report fails as the status it names, or as an error envelope', () => {
    expect(result.items.map((item) => item.sku)).toEqual(['/api/ok']);
    expect(result.summary.ledger.failedByReason).toEqual({ 'retry/exhausted': 4, 'http/404': 1 });
  });

  it('asks a server error again, a gone product once', () => {
    const [host] = servers;
    for (const path of ['/api/google-503', '/api/spring-500', '/api/problem-502', '/api/graphql']) expect(host.requestsTo(path), path).toHaveLength(2);
    expect(host.requestsTo('/api/gone')).toHaveLength(1);
  });
});
