// A plain forward proxy on loopback that carries every host name's requests to one local server, so a crawl process can reach several names without DNS.
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

/** A request as it reached the proxy: its first hop, before the proxy's own forwarding adds any delay. */
export interface ProxyArrival {
  url: string;
  arrivedAtPerfMs: number;
}

export interface NameProxy {
  url: string;
  arrivals: ProxyArrival[];
  close(): Promise<void>;
}

/** Forwards each absolute-form request (`GET http://www.shop.test:8080/p/1`) to 127.0.0.1:`port`, the Host header as sent. */
export async function startNameProxy(port: number): Promise<NameProxy> {
  const arrivals: ProxyArrival[] = [];
  const server: Server = createServer((req, res) => {
    arrivals.push({ url: req.url ?? '', arrivedAtPerfMs: performance.now() });
    const target = new URL(req.url ?? '/');
    const upstream = httpRequest({ host: '127.0.0.1', port, method: req.method, path: `${target.pathname}${target.search}`, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrivals,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
