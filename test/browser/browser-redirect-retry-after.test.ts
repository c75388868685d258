// Real Chromium: a page's own 3xx that comes with a Retry-After (RFC 9110 §10.2.3) is not followed before that time, as over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchWait } from '../../src/core/errors';
import { CrawlRequest } from '../../src/core/request';
import { BrowserFetcher } from '../../src/fetch/browser-fetcher';
import { settingsSchema } from '../../src/settings/schema';
import { FixtureServer } from '../support/fixture-server';

let site: FixtureServer;
let fetcher: BrowserFetcher;

beforeAll(async () => {
  site = await FixtureServer.start({ builtInRoutes: false });
  site.route('/start', (_req, res) => void res.writeHead(302, { location: '/page', 'retry-after': '120' }).end());
  site.route('/now', (_req, res) => void res.writeHead(302, { location: '/page', 'retry-after': '0' }).end());
  site.route('/page', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<p class="price">9.99</p>'));
  fetcher = new BrowserFetcher({ ...settingsSchema.parse({}).browser, timeoutMs: 15_000 });
});
afterAll(async () => {
  await fetcher.close();
  await site.close();
});

describe("a browser page whose own redirect asks for a wait", () => {
  it('refuses the hop with the wait (redirect/retry-after): the target is never requested', async () => {
    const fetched = fetcher.fetch(new CrawlRequest({ url: site.url('/start') }), { checkRedirect: () => undefined, beforeHop: async () => undefined });
    const error = await fetched.then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(FetchWait);
    expect((error as FetchWait).code).toBe('REDIRECT_RETRY_AFTER');
    // Until when: the two minutes asked for, not now.
    expect((error as FetchWait).untilMs - Date.now()).toBeGreaterThan(60_000);
    expect(site.requests.map((r) => r.path)).toEqual(['/start']);
  });

  it('follows one whose Retry-After is already over', async () => {
    const res = await fetcher.fetch(new CrawlRequest({ url: site.url('/now') }), { checkRedirect: () => undefined, beforeHop: async () => undefined });
    expect(res.url).toBe(site.url('/page'));
  });
});
