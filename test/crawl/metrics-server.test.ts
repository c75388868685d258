// The metrics endpoint on its own: breaker states as 0/1/2, per-host series and latency counted from events, spider/run labels, malformed requests, the final scrape, off at port 0.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { takeSnapshot } from '../../src/events/crawl-snapshot';
import { startMetricsServer, type MetricsServer } from '../../src/app/crawl/metrics-server';
import { Stats } from '../../src/engine/stats';
import { CrawlEventBus } from '../../src/events/crawl-events';
import type { BreakerState } from '../../src/politeness/host-breaker';
import type { HostSlotView } from '../../src/politeness/host-slots';
import { freePort } from '../support/free-port';
import { logSink } from '../support/test-crawl';

const HOSTS = ['a.test:80', 'b.test:80', 'c.test:80'];
const scrapeLines = async (url: string) => (await (await fetch(url)).text()).split('\n');
const slot = (hostKey: string): HostSlotView => ({ hostKey, inFlight: 0, maxConcurrency: 1, intervalMs: 0, intervalCause: 'configured', nextOpenAtMs: 0, pausedUntilMs: 0, pauseCause: null });
const labels = { spider: 'acme', run: 'r1' };
const L = 'spider="acme",run="r1"';

/** Sends `head` as raw bytes on a new TCP connection and resolves with everything the server writes before closing it. */
function rawRequest(url: string, head: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(head));
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });
}

describe('the metrics server', () => {
  const stats = new Stats();
  const logs = logSink();
  const bus = new CrawlEventBus(pino(logs.stream));
  const events = bus.forOwner('metrics');
  const answered = (host: string, status: number, durationMs = 5) => bus.emit('response.received', { url: `http://${host}/`, status, host, fetchMode: 'http', durationMs });
  const droppedDuplicate = () => bus.emit('item.dropped', { item: {}, url: 'http://a.test/', requestId: 'q', reason: 'duplicate', stage: 'dedupe' });
  const breakers: Record<string, BreakerState> = { 'a.test:80': 'closed', 'b.test:80': 'half-open', 'c.test:80': 'open' };
  const intervals: Record<string, Pick<HostSlotView, 'intervalMs' | 'intervalCause'>> = { 'b.test:80': { intervalMs: 2_000, intervalCause: 'crawl-delay' } };
  let server: MetricsServer | null;
  const snapshot = () => takeSnapshot({ stats, inFlight: () => 2, hosts: () => HOSTS.map((hostKey) => ({ ...slot(hostKey), ...intervals[hostKey], breaker: breakers[hostKey] ?? 'closed' })), nowMs: Date.now });

  beforeAll(async () => {
    server = await startMetricsServer({ port: await freePort(), host: '127.0.0.1', graceMs: 0 }, { snapshot, stats, events, labels }, pino(logs.stream));
  });
  afterAll(async () => server?.close());

  it('reports each host\'s breaker as 0 closed, 1 half-open, 2 open', async () => {
    expect(await scrapeLines(server!.url)).toEqual(
      expect.arrayContaining([`pricecrawl_breaker_state{host="a.test:80",${L}} 0`, `pricecrawl_breaker_state{host="b.test:80",${L}} 1`, `pricecrawl_breaker_state{host="c.test:80",${L}} 2`, `pricecrawl_queue_requests{state="in_flight",${L}} 2`]),
    );
  });

  it('reports the interval in force per host with its cause', async () => {
    expect(await scrapeLines(server!.url)).toEqual(
      expect.arrayContaining([`pricecrawl_host_interval_ms{host="a.test:80",cause="configured",${L}} 0`, `pricecrawl_host_interval_ms{host="b.test:80",cause="crawl-delay",${L}} 2000`]),
    );
  });

  it('counts what the events announce and reads the snapshot anew on every scrape', async () => {
    for (let i = 0; i < 3; i++) answered('a.test:80', 200);
    stats.inc('http/status/200', 3);
    droppedDuplicate();
    droppedDuplicate();
    expect(await scrapeLines(server!.url)).toEqual(expect.arrayContaining([`pricecrawl_responses_total{host="a.test:80",status="200",${L}} 3`, `pricecrawl_items_dropped_total{reason="duplicate",${L}} 2`]));
    answered('a.test:80', 200);
    stats.inc('http/status/200');
    breakers['c.test:80'] = 'closed';
    expect(await scrapeLines(server!.url)).toEqual(
      expect.arrayContaining([`pricecrawl_responses_total{host="a.test:80",status="200",${L}} 4`, `pricecrawl_pages_total{${L}} 4`, `pricecrawl_items_dropped_total{reason="duplicate",${L}} 2`, `pricecrawl_breaker_state{host="c.test:80",${L}} 0`]),
    );
  });

  it('exposes fetch latency per host as a Prometheus histogram in seconds', async () => {
    // c.test answered nothing before: its series holds these fetches only.
    for (const ms of [5, 10, 30, 400, 20_000]) answered('c.test:80', 200, ms);
    answered('b.test:80', 200, 60);
    const lines = await scrapeLines(server!.url);
    const bucket = (host: string, le: string) => lines.find((l) => l.startsWith(`pricecrawl_fetch_duration_seconds_bucket{host="${host}",le="${le}",`))?.split(' ')[1];
    expect([bucket('c.test:80', '0.01'), bucket('c.test:80', '0.05'), bucket('c.test:80', '0.5'), bucket('c.test:80', '10'), bucket('c.test:80', '+Inf')]).toEqual(['2', '3', '4', '4', '5']);
    expect(bucket('b.test:80', '0.05')).toBe('0');
    expect(bucket('b.test:80', '0.1')).toBe('1');
    expect(lines).toEqual(expect.arrayContaining([`pricecrawl_fetch_duration_seconds_count{host="c.test:80",${L}} 5`, `pricecrawl_fetch_duration_seconds_sum{host="c.test:80",${L}} 20.445`]));
    expect(lines).toContain('# TYPE pricecrawl_fetch_duration_seconds histogram');
  });

  it('answers 404 off /metrics and 405 to another method', async () => {
    expect((await fetch(server!.url.replace('/metrics', '/'))).status).toBe(404);
    const post = await fetch(server!.url, { method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('answers malformed requests from a raw socket with 400, logs them, and keeps serving', async () => {
    const before = logs.lines.length;
    for (const target of ['//', '//evil.test/metrics', '*', 'http://[bad/metrics']) {
      expect(await rawRequest(server!.url, `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`), target).toMatch(/^HTTP\/1\.1 400 /);
    }
    // Not a method token, and not HTTP at all: Node's parser refuses them before any handler runs.
    expect(await rawRequest(server!.url, 'G@T /metrics HTTP/1.1\r\nHost: x\r\n\r\n')).toMatch(/^HTTP\/1\.1 400 /);
    expect(await rawRequest(server!.url, '\x00\x01garbage\r\n\r\n')).toMatch(/^HTTP\/1\.1 400 /);
    const warnings = logs.lines.slice(before).filter((line) => line.level === 40).map((line) => line.msg);
    expect(warnings).toEqual([...Array(4).fill('metrics endpoint: malformed request target'), 'metrics endpoint: malformed request', 'metrics endpoint: malformed request']);
    expect((await fetch(server!.url)).status).toBe(200);
  });

  it('stays up after the run ends until the final scrape, then closes', async () => {
    const ending = await startMetricsServer({ port: await freePort(), host: '127.0.0.1', graceMs: 60_000 }, { snapshot, stats, events, labels }, pino({ level: 'silent' }));
    ending!.runEnded();
    let closed = false;
    const closing = ending!.closeAfterFinalScrape().then(() => (closed = true));
    expect(await scrapeLines(ending!.url)).toContain(`pricecrawl_run_ended{${L}} 1`);
    await closing; // well before the 60 s grace: the scrape ended it
    expect(closed).toBe(true);
    await expect(fetch(ending!.url)).rejects.toThrow();
  });

  it('closes after metrics.graceMs when nobody scrapes', async () => {
    const ending = await startMetricsServer({ port: await freePort(), host: '127.0.0.1', graceMs: 50 }, { snapshot, stats, events, labels }, pino({ level: 'silent' }));
    ending!.runEnded();
    await ending!.closeAfterFinalScrape();
    await expect(fetch(ending!.url)).rejects.toThrow();
  });

  it('does not listen at port 0 (the default)', async () => {
    expect(await startMetricsServer({ port: 0, host: '127.0.0.1', graceMs: 0 }, { snapshot: () => { throw new Error('not read'); }, stats, events, labels }, pino({ level: 'silent' }))).toBeNull();
  });
});
