// The bench site as a child process: one loopback port per host, a control port, server-side timing.
// Usage: node bin/run-ts.js bench/site/site-server.ts '{"productsPerHost":[300,300,...],"answer429":true}'
// Prints one JSON line {"site":{...}} once every port listens; exits when stdin closes or on POST /shutdown.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { renderShop, TINY_PAGE, type ShopPages } from './site-pages';
import { nowEpochMs, SiteStats } from './site-stats';

export interface SiteConfig {
  /** One entry per host: how many products that host sells. */
  productsPerHost: number[];
  /** Answer 429 (Retry-After: 1) to a request that arrives sooner than the host's minimum interval. */
  answer429: boolean;
  /** Think time before answering, drawn per path in [min, max] ms, so in-flight counts at the server mean something. */
  latencyMs?: [number, number];
  /** Storm scenario: host `hostIndex` answers 429 (Retry-After: 1) to arrivals beyond `maxPerSecond` in the last second. */
  rateLimit?: { hostIndex: number; maxPerSecond: number };
}

export interface SiteManifest {
  controlPort: number;
  hosts: Array<{ port: number; pages: number; productBytes: ShopPages['productBytes'] }>;
}

const config = JSON.parse(process.argv[2] ?? '{}') as SiteConfig;
if (!Array.isArray(config.productsPerHost) || config.productsPerHost.length === 0) {
  process.stderr.write('site-server: argv[2] must be JSON with productsPerHost: number[]\n');
  process.exit(2);
}

const shops = config.productsPerHost.map((count, i) => renderShop(i, count));
const servers: Server[] = [];
let stats: SiteStats;

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

function serveShop(shop: ShopPages, port: number, req: IncomingMessage, res: ServerResponse): void {
  const arrivedMs = nowEpochMs();
  const path = (req.url ?? '/').split('?')[0];
  const tooSoon = stats.arrived(port, arrivedMs, path);
  let status = 200;
  let body: Buffer | undefined;
  if ((tooSoon && config.answer429) || overRateLimit(port, arrivedMs)) {
    status = 429;
    res.setHeader('retry-after', '1');
    body = Buffer.from('<html><body>Too many requests</body></html>');
  } else if (path.startsWith('/t/')) {
    body = TINY_PAGE;
  } else {
    body = shop.pages.get(path);
    if (!body) {
      status = 404;
      body = Buffer.from('<html><body>Not found</body></html>');
    }
  }
  res.statusCode = status;
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.setHeader('content-length', body.length);
  const answer = (): void => void res.end(body, () => stats.answered(port, path, status, nowEpochMs()));
  const delay = thinkTimeMs(path);
  if (delay > 0) setTimeout(answer, delay);
  else answer();
}

const rateLimitedArrivals: number[] = [];

/** Sliding one-second window on the rate-limited host; refused arrivals count too, as at a real edge. */
function overRateLimit(port: number, atMs: number): boolean {
  if (!config.rateLimit || port !== ports[config.rateLimit.hostIndex]) return false;
  rateLimitedArrivals.push(atMs);
  while (rateLimitedArrivals[0] <= atMs - 1000) rateLimitedArrivals.shift();
  return rateLimitedArrivals.length > config.rateLimit.maxPerSecond;
}

/** Same path, same delay on every run (FNV-1a of the path picks a point in the range). */
function thinkTimeMs(path: string): number {
  if (!config.latencyMs) return 0;
  const [min, max] = config.latencyMs;
  let hash = 0x811c9dc5;
  for (let i = 0; i < path.length; i++) hash = Math.imul(hash ^ path.charCodeAt(i), 0x01000193) >>> 0;
  return min + (hash % (max - min + 1));
}

const ports: number[] = [];

async function main(): Promise<void> {
  for (const shop of shops) {
    let port = 0;
    const server = createServer({ keepAliveTimeout: 30_000 }, (req, res) => serveShop(shop, port, req, res));
    server.on('connection', (socket) => {
      stats?.socketOpened(port);
      socket.once('close', () => stats?.socketClosed(port));
    });
    port = await listen(server);
    ports.push(port);
    servers.push(server);
  }
  stats = new SiteStats(ports);
  const manifest: Omit<SiteManifest, 'controlPort'> = {
    hosts: shops.map((shop, i) => ({ port: ports[i], pages: shop.crawlablePages, productBytes: shop.productBytes })),
  };
  const control = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://control');
    res.setHeader('content-type', 'application/json');
    if (req.method === 'POST' && url.pathname === '/reset') {
      stats.reset(Number(url.searchParams.get('minIntervalMs') ?? 0));
      res.end('{"ok":true}');
    } else if (url.pathname === '/report') {
      res.end(JSON.stringify(stats.report()));
    } else if (req.method === 'POST' && url.pathname === '/shutdown') {
      res.end('{"ok":true}', () => shutdown());
    } else {
      res.statusCode = 404;
      res.end('{"error":"unknown control path"}');
    }
  });
  const controlPort = await listen(control);
  servers.push(control);
  process.stdout.write(`${JSON.stringify({ site: { ...manifest, controlPort } satisfies SiteManifest })}\n`);
}

function shutdown(): void {
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
  process.exit(0);
}

// The parent holds our stdin: when it exits (or crashes), stdin ends and the site goes with it.
process.stdin.on('end', shutdown);
process.stdin.resume();
await main();
