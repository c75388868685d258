// Benchmark: HTTP clients on loopback (undici request, global fetch, node:http, our HttpFetcher).
// Usage: node bin/run-ts.js bench/http-clients.ts [--pages 5000] [--concurrency 64] [--rounds 3] [--json]
// The fixture server runs in a child process (same script, --serve) so CPU per page is the client's alone.
import { spawn, type ChildProcess } from 'node:child_process';
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Pool } from 'undici';
import { CrawlRequest } from '../src/core/request';
import { HttpFetcher } from '../src/fetch/http-fetcher';
import { settingsSchema } from '../src/settings/schema';

const PAGE = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Product</title></head><body>${'<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit.</p>'.repeat(24)}<div class="product"><h1>Widget</h1><span class="price">€ 12,99</span></div></body></html>`;

interface ClientUnderTest {
  name: string;
  /** Fetches one URL and returns the body length (so nothing is optimised away). */
  get(url: string): Promise<number>;
  close(): Promise<void>;
}

interface Result {
  client: string;
  pagesPerSec: number;
  cpuMsPerPage: number;
}

async function serve(): Promise<void> {
  const { FixtureServer } = await import('../test/support/fixture-server');
  const server = await FixtureServer.start({ record: false, builtInRoutes: false });
  server.route('/page/:n', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE));
  process.stdout.write(`PORT ${server.port}\n`);
  process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
}

function startServerChild(): Promise<{ child: ChildProcess; origin: string }> {
  const runTs = fileURLToPath(new URL('../bin/run-ts.js', import.meta.url));
  const child = spawn(process.execPath, [runTs, fileURLToPath(import.meta.url), '--serve'], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /PORT (\d+)/.exec(out);
      if (match) resolve({ child, origin: `http://127.0.0.1:${match[1]}` });
    });
    child.once('exit', (code) => reject(new Error(`server child exited with ${code}`)));
  });
}

function clients(concurrency: number): ClientUnderTest[] {
  const pools = new Map<string, Pool>();
  const nodeAgent = new HttpAgent({ keepAlive: true, maxSockets: concurrency });
  const fetcher = new HttpFetcher(settingsSchema.parse({ http: { keepAliveConnectionsPerHost: concurrency } }).http);
  const fetcherDom = new HttpFetcher(settingsSchema.parse({ http: { keepAliveConnectionsPerHost: concurrency } }).http);
  return [
    {
      name: 'undici Pool.request()',
      async get(url) {
        const { origin, pathname } = new URL(url);
        let pool = pools.get(origin);
        if (!pool) pools.set(origin, (pool = new Pool(origin, { connections: concurrency })));
        const res = await pool.request({ path: pathname, method: 'GET' });
        return (await res.body.text()).length;
      },
      close: async () => void (await Promise.all([...pools.values()].map((p) => p.close()))),
    },
    {
      name: 'global fetch()',
      async get(url) {
        return (await (await fetch(url)).text()).length;
      },
      close: async () => undefined,
    },
    {
      name: 'node:http keep-alive',
      get(url) {
        return new Promise((resolve, reject) => {
          httpRequest(url, { agent: nodeAgent }, (res) => {
            let length = 0;
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (length += chunk.length));
            res.on('end', () => resolve(length));
            res.on('error', reject);
          })
            .on('error', reject)
            .end();
        });
      },
      close: async () => nodeAgent.destroy(),
    },
    {
      name: 'HttpFetcher (pricecrawl)',
      get: async (url) => (await fetcher.fetch(new CrawlRequest({ url }))).text.length,
      close: () => fetcher.close(),
    },
    {
      name: 'HttpFetcher + cheerio .price',
      get: async (url) => (await fetcherDom.fetch(new CrawlRequest({ url }))).$('.price').text().length,
      close: () => fetcherDom.close(),
    },
  ];
}

async function run(client: ClientUnderTest, origin: string, pages: number, concurrency: number): Promise<Result> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < pages) {
      const n = next++;
      const length = await client.get(`${origin}/page/${n}`);
      if (length === 0) throw new Error(`${client.name}: empty body`);
    }
  };
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsedMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  return { client: client.name, pagesPerSec: (pages / elapsedMs) * 1000, cpuMsPerPage: (cpu.user + cpu.system) / 1000 / pages };
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      serve: { type: 'boolean', default: false },
      pages: { type: 'string', default: '5000' },
      concurrency: { type: 'string', default: '64' },
      rounds: { type: 'string', default: '3' },
      json: { type: 'boolean', default: false },
    },
  });
  if (values.serve) return serve();
  const pages = Number(values.pages);
  const concurrency = Number(values.concurrency);
  const rounds = Number(values.rounds);
  const { child, origin } = await startServerChild();
  const all = clients(concurrency);
  const results = new Map<string, Result[]>();
  try {
    for (const client of all) await run(client, origin, 500, concurrency); // warm-up: JIT, sockets
    // Rounds interleave the clients so a noisy moment does not favour one of them.
    for (let round = 0; round < rounds; round++) {
      for (const client of all) {
        const result = await run(client, origin, pages, concurrency);
        results.set(client.name, [...(results.get(client.name) ?? []), result]);
      }
    }
  } finally {
    await Promise.all(all.map((c) => c.close()));
    child.kill('SIGTERM');
  }
  const summary = [...results.entries()].map(([client, list]) => ({
    client,
    pagesPerSec: Math.round(median(list.map((r) => r.pagesPerSec))),
    // On a shared machine the best round is the closest to the client's capacity.
    bestPagesPerSec: Math.round(Math.max(...list.map((r) => r.pagesPerSec))),
    cpuMsPerPage: Number(median(list.map((r) => r.cpuMsPerPage)).toFixed(3)),
    roundsPagesPerSec: list.map((r) => Math.round(r.pagesPerSec)),
  }));
  if (values.json) {
    process.stdout.write(`${JSON.stringify({ pages, concurrency, rounds, pageBytes: Buffer.byteLength(PAGE), loadAvg1m: loadavg()[0], results: summary })}\n`);
    return;
  }
  process.stdout.write(`${pages} pages of ${Buffer.byteLength(PAGE)} B, ${concurrency} concurrent, median of ${rounds} rounds (client CPU only; load average ${loadavg()[0]!.toFixed(2)})\n`);
  for (const row of summary) {
    process.stdout.write(
      `${row.client.padEnd(30)} ${String(row.pagesPerSec).padStart(6)} pages/s (best ${row.bestPagesPerSec})  ${row.cpuMsPerPage.toFixed(3)} CPU ms/page  rounds ${row.roundsPagesPerSec.join(' / ')}\n`,
    );
  }
}

await main();
