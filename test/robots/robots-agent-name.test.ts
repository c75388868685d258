// The name robots.txt groups are matched by is the one the crawl sends: a team's own User-Agent, not a default the site never saw.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlerNames } from '../../src/robots/crawler-names';
import { RobotsRules } from '../../src/robots/robots-rules';
import { resolveSettings } from '../../src/settings/load-settings';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';
import { CrawlRequest, type SpiderOutput } from 'pricecrawl';

/** Sends its own User-Agent on each request, as a spider may (the fetcher sends a request's headers over the settings'). */
class OwnAgentSpider extends UrlListSpider {
  constructor(urls: readonly string[], private readonly userAgent: string) {
    super(urls);
  }

  override async *start(): AsyncIterable<SpiderOutput> {
    for (const url of this.startUrls) yield new CrawlRequest({ url, callback: 'parse', headers: { 'User-Agent': this.userAgent } });
  }
}

const ROBOTS = [
  'User-agent: *',
  'Disallow: /star/',
  '',
  'User-agent: AcmePrices',
  'Disallow: /acme/',
  '',
  'User-agent: pricecrawl',
  'Disallow: /default/',
  '',
].join('\n');

function text(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'text/plain' });
  res.end(body);
}

async function crawlAs(server: FixtureServer, settings: Record<string, unknown>, requestAgent?: string): Promise<{ fetched: string[]; disallowed: number; userAgents: string[] }> {
  const storage = tempStorageDir('robots-agent-name');
  const before = server.requests.length;
  try {
    const urls = ['/star/1', '/acme/1', '/default/1', '/open/1'].map((path) => server.url(path));
    const spider = requestAgent === undefined ? new UrlListSpider(urls) : new OwnAgentSpider(urls, requestAgent);
    const result = await crawlInProcess(spider, storage.dir, {
      politeness: { minIntervalMs: 0, jitterMs: 0 },
      log: { statsIntervalMs: 0 },
      ...settings,
    });
    const requests = server.requests.slice(before);
    return {
      fetched: requests.map((r) => r.path).filter((path) => path !== '/robots.txt').sort(),
      disallowed: result.summary.ledger.failedByReason['robots/disallowed'] ?? 0,
      userAgents: [...new Set(requests.filter((r) => r.path !== '/robots.txt').map((r) => String(r.headers['user-agent'])))],
    };
  } finally {
    storage.cleanup();
  }
}

describe('robots.txt groups and the User-Agent the crawl sends', () => {
  let server: FixtureServer;

  beforeAll(async () => {
    [server] = await startFixtureServers(1, { builtInRoutes: false });
    server.route('/robots.txt', (_req, res) => text(res, 200, ROBOTS));
    server.route('/:dir/:n', (_req, res) => text(res, 200, 'page'));
  });
  afterAll(async () => {
    await closeFixtureServers([server]);
  });

  it("obeys the group naming the product of http.userAgent, not the default token's", async () => {
    const got = await crawlAs(server, { http: { userAgent: 'AcmePrices/2.0 (+https://acme.example/bot)' } });
    expect(got.userAgents).toEqual(['AcmePrices/2.0 (+https://acme.example/bot)']);
    expect(got.fetched).toEqual(['/default/1', '/open/1', '/star/1']);
    expect(got.disallowed).toBe(1);
  });

  it('reads the User-Agent from http.headers when it is set there', async () => {
    const got = await crawlAs(server, { http: { headers: { 'User-Agent': 'acmeprices/3 (contact: prices@acme.example)' } } });
    expect(got.fetched).toEqual(['/default/1', '/open/1', '/star/1']);
  });

  it("obeys the group naming a request's own User-Agent, which the fetcher sends instead of the settings' one", async () => {
    const got = await crawlAs(server, {}, 'AcmePrices/2.0 (+https://acme.example/bot)');
    expect(got.userAgents).toEqual(['AcmePrices/2.0 (+https://acme.example/bot)']);
    expect(got.fetched).toEqual(['/default/1', '/open/1', '/star/1']);
  });

  it('with the default User-Agent obeys the pricecrawl group, as before', async () => {
    const got = await crawlAs(server, {});
    expect(got.fetched).toEqual(['/acme/1', '/open/1', '/star/1']);
  });

  it('with robots.userAgentToken set to another name than the User-Agent, obeys both: only what every name may fetch', async () => {
    const got = await crawlAs(server, { http: { userAgent: 'AcmePrices/2.0' }, robots: { userAgentToken: 'pricecrawl' } });
    expect(got.fetched).toEqual(['/open/1', '/star/1']);
    expect(got.disallowed).toBe(2);
  });

  it("obeys the group naming the product in a Mozilla/5.0 User-Agent's (compatible; …) comment, as Googlebot's is written", async () => {
    const got = await crawlAs(server, { http: { userAgent: 'Mozilla/5.0 (compatible; AcmePrices/2.0; +https://acme.example/bot)' } });
    expect(got.fetched).toEqual(['/default/1', '/open/1', '/star/1']);
  });

  // LinkedInBot's own is written so: `LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient …)`. Its comment's
  // product is no name of the crawler's: read as one, the site's group for AcmePrices was passed over for the * group.
  it("obeys the group naming the product a User-Agent leads with, whatever its (compatible; …) comment names", async () => {
    const got = await crawlAs(server, { http: { userAgent: 'AcmePrices/2.0 (compatible; Mozilla/5.0; +https://acme.example/bot)' } });
    expect(got.fetched).toEqual(['/default/1', '/open/1', '/star/1']);
    expect(got.disallowed).toBe(1);
  });

  it('a browser-like User-Agent names no group of ours: the * group applies', async () => {
    const got = await crawlAs(server, { http: { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36' } });
    expect(got.fetched).toEqual(['/acme/1', '/default/1', '/open/1']);
  });
});

describe("a request's own User-Agent whose group asks for a Crawl-delay", () => {
  it('spaces the host by it, measured at the server, though the settings name no such group', async () => {
    const [server] = await startFixtureServers(1, { builtInRoutes: false });
    const storage = tempStorageDir('robots-agent-delay');
    try {
      server.route('/robots.txt', (_req, res) => text(res, 200, 'User-agent: *\nDisallow: /star/\n\nUser-agent: AcmePrices\nCrawl-delay: 0.3\n'));
      server.route('/:dir/:n', (_req, res) => text(res, 200, 'page'));
      const urls = [0, 1, 2].map((n) => server.url(`/p/${n}`));
      const result = await crawlInProcess(new OwnAgentSpider(urls, 'AcmePrices/2.0'), storage.dir, { politeness: { minIntervalMs: 0, jitterMs: 0 }, log: { statsIntervalMs: 0 } });
      const pages = server.requests.filter((r) => r.path !== '/robots.txt').map((r) => r.arrivedAtPerfMs);
      expect(pages).toHaveLength(3);
      for (let i = 1; i < pages.length; i++) expect(pages[i] - pages[i - 1]).toBeGreaterThanOrEqual(300 - 2);
      expect(result.summary.ledger).toMatchObject({ planned: 3, succeeded: 3 });
    } finally {
      await closeFixtureServers([server]);
      storage.cleanup();
    }
  });
});

describe('a User-Agent no robots.txt group can name', () => {
  const refusal = (...layers: Array<Record<string, unknown>>) => {
    try {
      resolveSettings(layers.map((values, i) => ({ name: i === 0 ? 'config' : 'cli', origin: 'test', values })));
      return null;
    } catch (error) {
      return (error as Error).message;
    }
  };

  it('is refused at start-up while robots.txt is obeyed, unless robots.userAgentToken names the crawler', () => {
    expect(refusal({ http: { userAgent: '(+https://acme.example/bot) prices' } })).toContain('robots.userAgentToken: the User-Agent "(+https://acme.example/bot) prices" starts with no RFC 9309 product token');
    expect(refusal({ http: { headers: { 'user-agent': '2.0 AcmePrices' } } })).toContain('robots.userAgentToken');
    expect(refusal({ http: { userAgent: '*/1.0' } })).toContain('robots.userAgentToken');
    // Read as a file's User-agent value is: `AcmeBot-2.0` names `acmebot-` on both sides.
    expect(refusal({ http: { userAgent: 'AcmeBot-2.0' } })).toBeNull();
    // The User-Agent and the token may come from different layers: the merged settings are judged.
    expect(refusal({ http: { userAgent: '(+https://acme.example/bot)' } }, { robots: { userAgentToken: 'AcmePrices' } })).toBeNull();
    expect(refusal({ http: { userAgent: '(+https://acme.example/bot)' }, robots: { obey: false } })).toBeNull();
  });
});

describe('RobotsRules.forAgents', () => {
  const file = 'User-agent: *\nCrawl-delay: 9\nDisallow: /star/\n\nUser-agent: a\nCrawl-delay: 2\nDisallow: /a/\n\nUser-agent: b\nCrawl-delay: 5\nAllow: /\n\nUser-agent: c\nCrawl-delay: soon\n';

  it("fetches only what each name's groups allow, and holds the longest of their Crawl-delays", () => {
    const rules = RobotsRules.parse(file).forAgents(['a', 'b']);
    expect(['/a/1', '/star/1', '/x'].map((path) => rules.isAllowed(`https://e.com${path}`))).toEqual([false, true, true]);
    expect(rules.crawlDelayMs).toBe(5_000);
    expect(RobotsRules.parse(file).forAgents(['a', 'c']).unreadableCrawlDelay).toBe('soon');
  });

  it('reads a name no group names by the * groups, and no name at all the same way', () => {
    const unnamed = RobotsRules.parse(file).forAgents(['a', 'other']);
    expect(['/a/1', '/star/1'].map((path) => unnamed.isAllowed(`https://e.com${path}`))).toEqual([false, false]);
    expect(unnamed.crawlDelayMs).toBe(9_000);
    expect(RobotsRules.parse(file).forAgents([]).isAllowed('https://e.com/star/1')).toBe(false);
  });
});

describe('crawlerNames', () => {
  const names = (userAgent: string, userAgentToken?: string) => crawlerNames({ http: { userAgent, headers: {} }, robots: { userAgentToken } });

  it('reads the product a User-Agent leads with, or the one its compatible comment names, as crawlers write them', () => {
    const cases: Array<[string, string[]]> = [
      ['pricecrawl/0.1 (+price monitoring)', ['pricecrawl']],
      ['AcmePrices/2.0 (+https://acme.example/bot)', ['acmeprices']],
      ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', ['googlebot']],
      ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/120.0 Safari/537.36', ['googlebot']],
      ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36', ['mozilla']],
      ['AcmeBot-2.0', ['acmebot-2.0']],
      ['Mozilla/5.0 (compatible; MJ12bot/v1.4.8; http://mj12bot.com/)', ['mj12bot']],
      ['LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)', ['linkedinbot']],
      ['AcmePrices/2.0 (compatible; Linux x86_64; +https://acme.example/bot)', ['acmeprices']],
      ['mozilla/5.0 (compatible; AcmePrices/2.0)', ['acmeprices']],
      ['(+https://acme.example/bot)', []],
      ['*/1.0', []],
    ];
    for (const [userAgent, expected] of cases) expect(names(userAgent), userAgent).toEqual(expected);
    expect(names('AcmePrices/2.0', 'PriceCrawl/1.0')).toEqual(['acmeprices', 'pricecrawl']);
    expect(names('pricecrawl/0.1', 'pricecrawl')).toEqual(['pricecrawl']);
  });
});
