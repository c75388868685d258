// The optional Prometheus endpoint of a crawl: `GET /metrics` on settings.metrics host:port while it runs, and briefly after.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Logger } from 'pino';
import type { Settings } from '../../settings/schema';
import type { CrawlMetrics, CrawlMetricsSources } from './crawl-metrics';

export interface MetricsServer {
  url: string;
  /** The run is over: scrapes from now on read its final numbers (`pricecrawl_run_ended 1`). */
  runEnded(): void;
  /** Waits for one scrape after `runEnded()` (a scraper collecting the final numbers), at most `graceMs`, then closes. */
  closeAfterFinalScrape(): Promise<void>;
  close(): Promise<void>;
}

/** Listens when settings.metrics.port > 0; null when metrics are off. */
export async function startMetricsServer(settings: Settings['metrics'], sources: Omit<CrawlMetricsSources, 'ended'>, log: Logger): Promise<MetricsServer | null> {
  if (settings.port === 0) return null;
  let ended = false;
  let finalScraped: () => void = () => undefined;
  const finalScrape = new Promise<void>((resolve) => (finalScraped = resolve));
  // prom-client loads only when the endpoint is on: no start-up cost for crawls without it.
  const { crawlMetrics } = await import('./crawl-metrics');
  const metrics = crawlMetrics({ ...sources, ended: () => ended });
  const server = createServer((req, res) => {
    // Nothing a client sends may crash the crawl this endpoint reports on: any error is its own 4xx/5xx.
    try {
      // Only a scrape that began after the end read final numbers: one already under way does not count.
      const afterEnd = ended;
      answer(req, res, metrics, log, () => afterEnd && finalScraped());
    } catch (error) {
      log.warn({ err: error, method: req.method, url: req.url }, 'metrics endpoint: bad request');
      if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain' });
      res.end('bad request\n');
    }
  });
  // Requests Node's parser rejects (an invalid method or request line) arrive here instead of the handler.
  server.on('clientError', (error: Error & { code?: string }, socket: Socket) => {
    log.warn({ err: error, code: error.code }, 'metrics endpoint: malformed request');
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\ncontent-type: text/plain\r\nconnection: close\r\n\r\nmalformed request\n');
    else socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port, settings.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (error) => log.error({ err: error }, 'metrics endpoint failed'));
  const { address, port } = server.address() as AddressInfo;
  const url = `http://${address.includes(':') ? `[${address}]` : address}:${port}/metrics`;
  log.info({ url }, 'metrics endpoint listening');
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections(); // a scraper's keep-alive connection must not hold the crawl open
    });
  return {
    url,
    runEnded: () => void (ended = true),
    closeAfterFinalScrape: async () => {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([finalScrape, new Promise<void>((resolve) => (timer = setTimeout(resolve, settings.graceMs)))]);
      clearTimeout(timer);
      await close();
    },
    close,
  };
}

/** `GET /metrics` (query ignored); 400 for a target that is not a plain path, 405 for another method, 404 for another path. */
function answer(req: IncomingMessage, res: ServerResponse, metrics: CrawlMetrics, log: Logger, onScraped: () => void): void {
  const path = pathOf(req.url ?? '');
  if (path === null) {
    log.warn({ method: req.method, url: req.url }, 'metrics endpoint: malformed request target');
    return void res.writeHead(400, { 'content-type': 'text/plain' }).end('malformed request target\n');
  }
  if (path !== '/metrics') return void res.writeHead(404, { 'content-type': 'text/plain' }).end('only GET /metrics here\n');
  if (req.method !== 'GET' && req.method !== 'HEAD') return void res.writeHead(405, { 'content-type': 'text/plain', allow: 'GET, HEAD' }).end('only GET /metrics here\n');
  metrics.scrape().then(
    (text) => {
      res.writeHead(200, { 'content-type': metrics.contentType }).end(req.method === 'HEAD' ? undefined : text);
      onScraped();
    },
    (error: unknown) => {
      log.error({ err: error }, 'collecting metrics failed');
      res.writeHead(500, { 'content-type': 'text/plain' }).end('collecting metrics failed\n');
    },
  );
}

/**
 * The path of an origin-form target (`/metrics?x`), or null: `*`, an absolute URL, or `//…` (which a URL
 * parser reads as another host, and which once crashed this endpoint) are not what a scraper sends.
 */
function pathOf(target: string): string | null {
  if (!target.startsWith('/') || target.startsWith('//')) return null;
  try {
    return new URL(target, 'http://metrics.invalid').pathname;
  } catch {
    return null;
  }
}
