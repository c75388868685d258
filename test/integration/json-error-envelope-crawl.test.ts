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
  // Stock answers whose only words are the reason phrase: an Express handler's, FastAPI's, AWS API Gateway's.
  '/api/express-gone': ['application/json', '{"message":"Not Found"}'],
  '/api/fastapi-gone': ['application/json', '{"detail":"Not Found"}'],
  '/api/gateway-refused': ['application/json', '{"message":"Forbidden"}'],
};

class ApiSpider extends Spider {
  readonly name = 'json-envelope';
  constructor(private readonly urls: string[]) {
    super();
  }

  override async *start(): AsyncIterable<SpiderOutput> {
    for (const url of this.urls) yield this.request(url, 'parse');
  }

  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    const data = res.json<{ price?: string }>();
    yield { sku: new URL(res.url).pathname, price: data.price ?? null, currency: 'EUR', url: res.url };
  }
}

const answer = (type: string, body: string) => (_req: unknown, res: ServerResponse) => void res.writeHead(200, { 'content-type': type, 'content-length': Buffer.byteLength(body) }).end(body);

/** A crawl of the paths `routes` sets up on one loopback host, `settings` over quick retries; run once before the describe's cases. */
function apiCrawl(name: string, routes: (host: FixtureServer) => string[], settings: (host: FixtureServer) => Record<string, unknown> = () => ({})) {
  const run: { host?: FixtureServer; result?: TestCrawlResult } = {};
  const storage = tempStorageDir(name);
  beforeAll(async () => {
    [run.host] = await startFixtureServers(1, { builtInRoutes: false });
    const host = run.host!;
    run.result = await crawlInProcess(new ApiSpider(routes(host).map((path) => host.url(path))), storage.dir, {
      politeness: { minIntervalMs: 0, jitterMs: 0 },
      retry: { maxAttempts: 2, backoffBaseMs: 0, backoffCapMs: 0, maxDeferrals: 2 },
      robots: { obey: false },
      log: { statsIntervalMs: 0 },
      ...settings(host),
    });
  }, 60_000);
  afterAll(async () => {
    await closeFixtureServers(run.host ? [run.host] : []);
    storage.cleanup();
  });
  return run as Required<typeof run>;
}

describe('a crawl of an API that reports its errors in a 200', () => {
  const run = apiCrawl('json-envelope', (host) => {
    for (const [path, [type, body]] of Object.entries(ANSWERS)) host.route(path, answer(type, body));
    return Object.keys(ANSWERS);
  });

  it('stores only the product; each report fails as the status it names, or as an error envelope', () => {
    expect(run.result.items.map((item) => item.sku)).toEqual(['/api/ok']);
    expect(run.result.summary.ledger.failedByReason).toEqual({ 'retry/exhausted': 4, 'http/404': 3, 'http/403': 1 });
  });

  it('asks a server error again, a gone product once', () => {
    for (const path of ['/api/google-503', '/api/spring-500', '/api/problem-502', '/api/graphql']) expect(run.host.requestsTo(path), path).toHaveLength(2);
    for (const path of ['/api/gone', '/api/express-gone', '/api/fastapi-gone', '/api/gateway-refused']) expect(run.host.requestsTo(path), path).toHaveLength(1);
  });
});

describe('a crawl of an API whose gateway answers 503 in a 200', () => {
  const run = apiCrawl(
    'json-envelope-breaker',
    (host) => {
      host.route('/api/:n', answer('application/json', ANSWERS['/api/google-503']![1]));
      return ['/api/1', '/api/2', '/api/3'];
    },
    (host) => ({ breaker: { threshold: 2, cooldownMs: 20, maxCooldownMs: 40 }, throttle: { adaptive: { hosts: [host.hostKey], maxIntervalMs: 40 } } }),
  );

  it('opens the host breaker and widens its interval on them as on 503s: a throttling answer, never an "ok"', () => {
    expect(run.result.summary.handling['throttle/increased']).toBeGreaterThanOrEqual(1);
    const opened = run.result.summary.timeline.events.filter((event) => event.kind === 'breaker/opened').map((event) => event.host);
    expect(opened).toContain(run.host.hostKey);
    expect(run.result.items).toHaveLength(0);
    expect(run.result.summary.ledger).toMatchObject({ planned: 3, succeeded: 0, failed: 3, pending: 0 });
  });
});
