// A shop whose apex sends each /go/:n to www., which asks for a Crawl-delay: both hosts on one loopback server, the crawl's forward proxy (no DNS).
import type { ServerResponse } from 'node:http';
import { FixtureServer, type RecordedRequest } from './fixture-server';

const text = (res: ServerResponse, type: string, body: string) => void res.writeHead(200, { 'content-type': type }).end(body);

/** The shop, its pages an HTML price; crawl it with `sessions.proxyUrls: [server.origin]`. */
export async function startApexRedirectShop(crawlDelayMs: number): Promise<FixtureServer> {
  const server = await FixtureServer.start({ builtInRoutes: false });
  server.route('/robots.txt', (req, res) => text(res, 'text/plain', req.headers.host === 'www.shop.test' ? `User-agent: *\nCrawl-delay: ${crawlDelayMs / 1000}\n` : 'User-agent: *\n'));
  server.route('/go/:n', (_req, res, { params }) => void res.writeHead(301, { location: `http://www.shop.test/p/${params.n}` }).end());
  server.route('/p/:n', (_req, res) => text(res, 'text/html', '<html><body><p class="price">9.99</p></body></html>'));
  return server;
}

/** `count` pages of www. itself, numbered from 10 (the redirects' targets are /p/1 on). */
export function wwwPages(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `http://www.shop.test/p/${i + 10}`);
}

/** What www. got: its pages and the redirects' targets, robots.txt left out. */
export function pagesAtWww(server: FixtureServer): RecordedRequest[] {
  return server.requests.filter((r) => r.headers.host === 'www.shop.test' && r.path !== '/robots.txt');
}
