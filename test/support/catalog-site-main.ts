// Child-process entry: serves a catalog site so arrival times are measured outside the crawler's event loop.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startCatalogSite, type CatalogSiteOptions } from './catalog-site';
import { startLoopBeat } from './loop-beat';

const options = JSON.parse(process.argv[2] ?? '{}') as CatalogSiteOptions;
// Arrivals are stamped in this loop: the beat says how late each stamp may be (gap checks allow for it).
startLoopBeat();
const site = await startCatalogSite(options);

// Control endpoint: GET /records → every server's request log (times are this process's performance.now()).
const control = createServer((_req, res) => {
  const records = site.servers.map((server) => ({
    hostKey: server.hostKey,
    requests: server.requests.map((r) => ({ path: r.url, arrivedAtPerfMs: r.arrivedAtPerfMs, stampSlackMs: r.stampSlackMs, closedAtPerfMs: r.closedAtPerfMs })),
  }));
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(records));
});
await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));

process.stdout.write(
  `${JSON.stringify({ startUrls: site.startUrls, products: site.products, hostKeys: site.servers.map((s) => s.hostKey), control: `http://127.0.0.1:${(control.address() as AddressInfo).port}` })}\n`,
);

// The parent owns our lifetime: when its end of stdin closes, we stop.
process.stdin.resume();
process.stdin.on('end', async () => {
  control.close();
  await site.close();
  process.exit(0);
});
