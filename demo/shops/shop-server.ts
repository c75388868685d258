// Hosts one demo shop on a loopback node:http server: robots.txt, keep-alive, optional latency, a hit log.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { ExpectedShopOutcome, ShopKind, ShopReply, ShopSite } from './shop-site';

/** One request the shop answered: what politeness tests measure intervals from. */
export interface ShopHit {
  method: string;
  /** Path and query as requested. */
  path: string;
  /** 0: the connection was reset without an answer. */
  status: number;
  /** `performance.now()` when the request arrived. */
  atMs: number;
  userAgent: string | null;
  /** Every request header as received (tests check what a project's middleware added). */
  headers: IncomingMessage['headers'];
  /** The hostile rule behind the answer, when one was (see ShopReply.rule). */
  rule?: string;
}

export interface ShopServerOptions {
  /** Bind address; loopback unless a test needs otherwise. */
  host?: string;
  /** 0 (default) lets the OS pick a free port. */
  port?: number;
  /** Server think time before each answer, for benchmarks that want realistic latency. */
  latencyMs?: number;
}

export interface RunningShop {
  kind: ShopKind;
  name: string;
  spider: string;
  origin: string;
  startUrl: string;
  /** Arguments the shop's spider is constructed with, `baseUrl` included. */
  spiderArgs: Record<string, string>;
  expected: ExpectedShopOutcome;
  /** Every request answered so far, in arrival order. */
  hits: ShopHit[];
  close(): Promise<void>;
}

/** Pieces a slow body is cut into. */
const SLOW_CHUNKS = 4;

function send(req: IncomingMessage, res: ServerResponse, reply: ShopReply): void {
  if (reply.delivery?.type === 'reset') {
    req.socket.destroy();
    return;
  }
  let body = typeof reply.body === 'string' ? Buffer.from(reply.body, 'utf8') : reply.body;
  const headers: Record<string, string> = { ...reply.headers };
  if (reply.delivery?.type === 'truncated-gzip') {
    // A cut-off transfer the transport cannot see: the length matches what is sent, the gzip stream ends early.
    const gzipped = gzipSync(body);
    body = gzipped.subarray(0, gzipped.length >> 1);
    headers['content-encoding'] = 'gzip';
  }
  res.writeHead(reply.status, {
    'content-type': reply.contentType,
    'content-length': String(body.length),
    'cache-control': 'no-cache',
    ...headers,
  });
  if (req.method === 'HEAD') res.end();
  else if (reply.delivery?.type === 'slow') sendSlowly(res, body, reply.delivery.overMs);
  else res.end(body);
}

/** The headers at once, then the body in pieces spread over `overMs` (a slow backend or a tarpit). */
function sendSlowly(res: ServerResponse, body: Buffer, overMs: number): void {
  const size = Math.ceil(body.length / SLOW_CHUNKS);
  let sent = 0;
  const timer = setInterval(() => {
    if (res.destroyed) return clearInterval(timer);
    const piece = body.subarray(sent, sent + size);
    sent += piece.length;
    if (sent < body.length) res.write(piece);
    else {
      clearInterval(timer);
      res.end(piece);
    }
  }, Math.ceil(overMs / SLOW_CHUNKS));
  res.flushHeaders();
}

function robots(site: ShopSite, origin: string): ShopReply {
  const lines = ['User-agent: *', 'Allow: /', ...(site.robotsLines?.(origin) ?? []), ''];
  return { status: 200, contentType: 'text/plain; charset=utf-8', body: lines.join('\n') };
}

export async function startShopServer(site: ShopSite, options: ShopServerOptions = {}): Promise<RunningShop> {
  const hits: ShopHit[] = [];
  let origin = '';
  const latencyMs = options.latencyMs ?? 0;
  // Crawlers reuse sockets; a short default idle timeout would make every polite (slow) crawl reconnect.
  const server = createServer({ keepAlive: true, keepAliveTimeout: 30_000 }, (req, res) => {
    const atMs = performance.now();
    const url = new URL(req.url ?? '/', origin);
    let reply: ShopReply;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      reply = { status: 405, contentType: 'text/plain; charset=utf-8', body: 'method not allowed\n' };
    } else if (url.pathname === '/robots.txt') {
      reply = site.robots?.(origin) ?? robots(site, origin);
    } else {
      try {
        reply = site.route(url, origin);
      } catch (error) {
        reply = { status: 500, contentType: 'text/plain; charset=utf-8', body: `demo shop error: ${String(error)}\n` };
      }
    }
    hits.push({ method: req.method ?? 'GET', path: `${url.pathname}${url.search}`, status: reply.status, atMs, userAgent: req.headers['user-agent'] ?? null, headers: req.headers, rule: reply.rule });
    if (latencyMs > 0) setTimeout(() => send(req, res, reply), latencyMs);
    else send(req, res, reply);
  });
  server.keepAliveTimeout = 30_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const hostPart = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  origin = `http://${hostPart}:${address.port}`;

  return {
    kind: site.kind,
    name: site.name,
    spider: site.spider,
    origin,
    startUrl: new URL(site.startPath, origin).toString(),
    spiderArgs: { baseUrl: origin, ...site.spiderArgs?.(origin) },
    expected: site.expected(origin),
    hits,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Idle keep-alive sockets would hold close() open for the whole keep-alive timeout.
        server.closeAllConnections();
      }),
  };
}
