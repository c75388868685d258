// The optional Prometheus endpoint of a crawl: `GET /metrics` on settings.metrics host:port while it runs.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { Settings } from '../settings/schema';
import { crawlMetrics, type CrawlMetricsSources } from './crawl-metrics';

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

/** Listens when settings.metrics.port > 0; null when metrics are off. */
export async function startMetricsServer(settings: Settings['metrics'], sources: CrawlMetricsSources, log: Logger): Promise<MetricsServer | null> {
  if (settings.port === 0) return null;
  const metrics = crawlMetrics(sources);
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://metrics').pathname;
    if (req.method !== 'GET' || path !== '/metrics') return void res.writeHead(404, { 'content-type': 'text/plain' }).end('only GET /metrics here\n');
    metrics.scrape().then(
      (text) => res.writeHead(200, { 'content-type': metrics.contentType }).end(text),
      (error: unknown) => {
        log.error({ err: error }, 'collecting metrics failed');
        res.writeHead(500, { 'content-type': 'text/plain' }).end('collecting metrics failed\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port, settings.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  const url = `http://${address.includes(':') ? `[${address}]` : address}:${port}/metrics`;
  log.info({ url }, 'metrics endpoint listening');
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // a scraper's keep-alive connection must not hold the crawl open
      }),
  };
}
