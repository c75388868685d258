// A real loopback HTTP server for tests and benchmarks: named routes, hostile built-ins, request records.
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { registerHostileRoutes } from './fixture-routes';
import { stampSlackMs, startLoopBeat } from './loop-beat';

export interface RecordedRequest {
  /** 0-based arrival order on this server. */
  seq: number;
  method: string;
  /** Path without the query. */
  path: string;
  /** Path with the query, as sent. */
  url: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
  /** Per-server connection number: distinct ids = distinct TCP connections (keep-alive proof). */
  socketId: number;
  /** performance.now() when the request head arrived; comparable across servers in one process. */
  arrivedAtPerfMs: number;
  arrivedAtEpochMs: number;
  /** How much earlier it may have reached the socket than stamped (the loop beat's bound). */
  stampSlackMs: number;
  /** performance.now() when the response finished or was cut off; null while open. */
  closedAtPerfMs: number | null;
  /** `aborted`: the socket closed before the response was fully written. */
  outcome: 'open' | 'finished' | 'aborted';
  /** Body bytes the handler managed to write (tracked by the streaming routes such as /big). */
  bodyBytesSent: number;
  /** Settles when the response finishes or is cut off (then `outcome` is final). */
  closed: Promise<void>;
}

export interface RouteContext {
  url: URL;
  /** Values of `:name` segments in the route pattern. */
  params: Record<string, string>;
  record: RecordedRequest;
  server: FixtureServer;
  /** A timer that is cancelled when the response closes or the server shuts down. */
  later(ms: number, fn: () => void): void;
}

export type RouteHandler = (req: IncomingMessage, res: ServerResponse, ctx: RouteContext) => void | Promise<void>;

export interface FixtureServerOptions {
  /** Bytes `/big` streams when the request has no `?bytes=`. */
  bigBytes?: number;
  /** Idle keep-alive sockets are closed after this long (Node's default is 5 s). */
  keepAliveTimeoutMs?: number;
  /** Leave out `/malformed`, `/hang`, … (a test that wants a bare server). */
  builtInRoutes?: boolean;
  /** false: keep no per-request records (benchmarks with millions of requests); counters still work. */
  record?: boolean;
  /** The loopback address to listen on (default 127.0.0.1): 127.0.0.2 is another "site" on the same machine. */
  address?: string;
}

interface Route {
  segments: string[];
  handler: RouteHandler;
}

export class FixtureServer {
  readonly requests: RecordedRequest[] = [];
  readonly port: number;
  /** `http://127.0.0.1:<port>` (or the `address` it listens on) */
  readonly origin: string;
  /** The politeness host key of this server: host including the port. */
  readonly hostKey: string;
  readonly bigBytes: number;
  private readonly keepRecords: boolean;
  private requestsSeen = 0;
  private readonly userRoutes: Route[] = [];
  private readonly builtIns: Route[] = [];
  private readonly sockets = new Map<Socket, number>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly waiters: Array<{ count: number; resolve: () => void }> = [];
  private socketsSeen = 0;
  private open = 0;
  private peak = 0;

  private constructor(
    private readonly server: Server,
    options: FixtureServerOptions,
  ) {
    this.port = (server.address() as AddressInfo).port;
    const address = options.address ?? '127.0.0.1';
    this.origin = `http://${address}:${this.port}`;
    this.hostKey = `${address}:${this.port}`;
    this.bigBytes = options.bigBytes ?? 16 * 1024 * 1024;
    this.keepRecords = options.record !== false;
    server.on('connection', (socket: Socket) => {
      this.sockets.set(socket, this.socketsSeen++);
      socket.on('close', () => this.sockets.delete(socket));
    });
    server.on('request', (req: IncomingMessage, res: ServerResponse) => void this.handle(req, res));
    if (options.builtInRoutes !== false) registerHostileRoutes(this, (pattern, handler) => this.builtIns.push(toRoute(pattern, handler)));
  }

  static async start(options: FixtureServerOptions = {}): Promise<FixtureServer> {
    // A test's crawl often runs on this loop too: its stalls stamp arrivals late, which the beat measures.
    startLoopBeat();
    const server = createServer({ keepAliveTimeout: options.keepAliveTimeoutMs ?? 5_000 });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, options.address ?? '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    return new FixtureServer(server, options);
  }

  /** Absolute URL on this server. */
  url(path = '/'): string {
    return new URL(path, this.origin).href;
  }

  /** Exact path, or a pattern with `:name` segments (`/product/:sku`); test routes win over built-ins. */
  route(pattern: string, handler: RouteHandler): this {
    this.userRoutes.push(toRoute(pattern, handler));
    return this;
  }

  get inFlight(): number {
    return this.open;
  }

  get peakInFlight(): number {
    return this.peak;
  }

  /** Distinct TCP connections accepted since start (or the last reset). */
  get socketCount(): number {
    return new Set(this.requests.map((r) => r.socketId)).size;
  }

  get connectionsAccepted(): number {
    return this.socketsSeen;
  }

  get openSockets(): number {
    return this.sockets.size;
  }

  /** Requests received since start or the last reset, also when records are off. */
  get requestCount(): number {
    return this.requestsSeen;
  }

  requestsTo(path: string): RecordedRequest[] {
    return this.requests.filter((r) => r.path === path);
  }

  /** Resolves once `count` requests have arrived in total: await it instead of polling. */
  waitForRequests(count: number): Promise<void> {
    if (this.requestsSeen >= count) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ count, resolve }));
  }

  /** Forgets recorded requests and the in-flight peak (between phases of one test). */
  reset(): void {
    this.requests.length = 0;
    this.requestsSeen = 0;
    this.peak = this.open;
  }

  /** Stops listening and destroys every socket, including ones held by `/hang` and idle keep-alives. */
  async close(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    for (const socket of this.sockets.keys()) socket.destroy();
    await closed;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const arrivedAtPerfMs = performance.now();
    const arrivedAtEpochMs = Date.now();
    const slackMs = stampSlackMs(arrivedAtPerfMs);
    const url = new URL(req.url ?? '/', this.origin);
    let markClosed!: () => void;
    const record: RecordedRequest = {
      seq: this.requestsSeen++,
      method: req.method ?? 'GET',
      path: url.pathname,
      url: `${url.pathname}${url.search}`,
      query: url.searchParams,
      headers: req.headers,
      body: '',
      socketId: this.sockets.get(req.socket) ?? -1,
      arrivedAtPerfMs,
      arrivedAtEpochMs,
      stampSlackMs: slackMs,
      closedAtPerfMs: null,
      outcome: 'open',
      bodyBytesSent: 0,
      closed: new Promise<void>((resolve) => (markClosed = resolve)),
    };
    if (this.keepRecords) this.requests.push(record);
    this.open++;
    this.peak = Math.max(this.peak, this.open);
    const ownTimers = new Set<NodeJS.Timeout>();
    res.on('close', () => {
      this.open--;
      record.closedAtPerfMs = performance.now();
      record.outcome = res.writableFinished ? 'finished' : 'aborted';
      for (const timer of ownTimers) {
        clearTimeout(timer);
        this.timers.delete(timer);
      }
      markClosed();
    });
    this.notifyWaiters();

    const later = (ms: number, fn: () => void): void => {
      const timer = setTimeout(() => {
        ownTimers.delete(timer);
        this.timers.delete(timer);
        fn();
      }, ms);
      ownTimers.add(timer);
      this.timers.add(timer);
    };
    try {
      record.body = await readRequestBody(req);
      const match = this.match(url.pathname);
      if (!match) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end(`no route for ${url.pathname}`);
        return;
      }
      await match.route.handler(req, res, { url, params: match.params, record, server: this, later });
    } catch (error) {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
      else res.destroy();
    }
  }

  private match(path: string): { route: Route; params: Record<string, string> } | null {
    const segments = path.split('/');
    for (const route of [...this.userRoutes, ...this.builtIns]) {
      const params = matchSegments(route.segments, segments);
      if (params) return { route, params };
    }
    return null;
  }

  private notifyWaiters(): void {
    for (let i = this.waiters.length - 1; i >= 0; i--) {
      const waiter = this.waiters[i]!;
      if (this.requestsSeen >= waiter.count) {
        this.waiters.splice(i, 1);
        waiter.resolve();
      }
    }
  }
}

/** Several "hosts": one server per port, since the politeness host key includes the port. */
export async function startFixtureServers(count: number, options: FixtureServerOptions = {}): Promise<FixtureServer[]> {
  return Promise.all(Array.from({ length: count }, () => FixtureServer.start(options)));
}

export async function closeFixtureServers(servers: readonly FixtureServer[]): Promise<void> {
  await Promise.all(servers.map((server) => server.close()));
}

function toRoute(pattern: string, handler: RouteHandler): Route {
  return { segments: pattern.split('/'), handler };
}

function matchSegments(pattern: string[], path: string[]): Record<string, string> | null {
  if (pattern.length !== path.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const expected = pattern[i]!;
    const actual = path[i]!;
    if (expected.startsWith(':')) params[expected.slice(1)] = decodeURIComponent(actual);
    else if (expected !== actual) return null;
  }
  return params;
}

async function readRequestBody(req: IncomingMessage): Promise<string> {
  // Most requests are bodiless GETs; skipping the stream keeps the server cheap in benchmarks.
  if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) return '';
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}
