// Baseline child: the plainest fast crawler, an undici + cheerio loop with per-host FIFO queues and gates.
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { Agent, request } from 'undici';
import { LISTING_LINKS } from '../crawlers/bench-shop-spider';
import { emitResult, peakRssMb, readJob, startClocks } from '../crawlers/crawl-job';

interface Host {
  queue: Array<{ url: string; product: boolean }>;
  inFlight: number;
  /** Earliest time the next send may start (performance.now() ms). */
  nextSendAtMs: number;
}

const job = readJob();
const agent = new Agent({ connections: job.perHostConcurrency, keepAliveTimeout: 30_000 });
mkdirSync(job.storageDir, { recursive: true });
const out = createWriteStream(join(job.storageDir, 'undici-items.jsonl'));
const hosts = new Map<string, Host>();
const seen = new Set<string>();
let running = 0;
let pages = 0;
let items = 0;
let failed = 0;
let wakeTimer: NodeJS.Timeout | null = null;
let finish: () => void = () => undefined;
const done = new Promise<void>((resolve) => (finish = resolve));

function enqueue(url: string, product: boolean): void {
  if (seen.has(url)) return;
  seen.add(url);
  const key = new URL(url).host;
  let host = hosts.get(key);
  if (!host) hosts.set(key, (host = { queue: [], inFlight: 0, nextSendAtMs: 0 }));
  host.queue.push({ url, product });
}

/** Starts every request the global ceiling and the host gates allow now; sleeps until the next gate opens. */
function pump(): void {
  let earliest = Infinity;
  const now = performance.now();
  for (const host of hosts.values()) {
    while (running < job.concurrency && host.queue.length > 0 && host.inFlight < job.perHostConcurrency) {
      if (now < host.nextSendAtMs) {
        earliest = Math.min(earliest, host.nextSendAtMs);
        break;
      }
      const next = host.queue.shift()!;
      host.inFlight++;
      host.nextSendAtMs = now + job.minIntervalMs;
      running++;
      void fetchPage(host, next.url, next.product);
    }
  }
  if (running === 0 && earliest === Infinity) return finish();
  if (earliest !== Infinity && !wakeTimer) {
    wakeTimer = setTimeout(() => {
      wakeTimer = null;
      pump();
    }, Math.max(0, earliest - performance.now()));
  }
}

async function fetchPage(host: Host, url: string, product: boolean): Promise<void> {
  try {
    const res = await request(url, { dispatcher: agent });
    const html = await res.body.text();
    if (res.statusCode === 429 || res.statusCode === 503) {
      // Throttled: back to the head of its host queue, and the host waits out Retry-After (seconds).
      const retryAfterS = Number(res.headers['retry-after']);
      host.queue.unshift({ url, product });
      host.nextSendAtMs = Math.max(host.nextSendAtMs, performance.now() + (Number.isFinite(retryAfterS) ? retryAfterS * 1000 : 1000));
      return;
    }
    if (res.statusCode !== 200) {
      failed++;
      return;
    }
    pages++;
    // Same parser as pricecrawl's res.$ (htmlparser2 in HTML mode), so the ratio compares the crawlers, not parsers.
    const $ = cheerio.load(html, { xml: { xmlMode: false, decodeEntities: true } });
    if (product) {
      const item = {
        sku: $('[itemprop=sku]').first().text().trim(),
        name: $('h1[itemprop=name]').first().text().trim(),
        price: $('.price-now').first().text().trim(),
        currency: $('meta[itemprop=priceCurrency]').attr('content') ?? null,
        url,
      };
      out.write(`${JSON.stringify(item)}\n`);
      items++;
    } else {
      for (const link of $(LISTING_LINKS).toArray()) {
        const href = $(link).attr('href');
        if (href) enqueue(new URL(href, url).toString(), href.startsWith('/p/'));
      }
    }
  } catch {
    failed++;
  } finally {
    host.inFlight--;
    running--;
    pump();
  }
}

const clocks = startClocks();
for (const seed of job.seeds) enqueue(seed, false);
pump();
await done;
await new Promise<void>((resolve) => out.end(resolve));
const measured = clocks();
await agent.close();
emitResult({ crawler: 'undici-loop', pages, items, failed, ...measured, peakRssMb: peakRssMb() });
