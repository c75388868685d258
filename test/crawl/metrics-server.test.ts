// The metrics endpoint on its own: breaker states as 0/1/2, per-host series, 404 off /metrics, off at port 0.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { takeSnapshot } from '../../src/crawl/crawl-snapshot';
import { startMetricsServer, type MetricsServer } from '../../src/crawl/metrics-server';
import { Stats } from '../../src/engine/stats';
import type { BreakerState } from '../../src/politeness/host-breaker';
import type { HostSlotView } from '../../src/politeness/host-slots';
import { freePort } from '../support/free-port';

const HOSTS = ['a.test:80', 'b.test:80', 'c.test:80'];
const scrapeLines = async (url: string) => (await (await fetch(url)).text()).split('\n');
const slot = (hostKey: string): HostSlotView => ({ hostKey, inFlight: 0, maxConcurrency: 1, intervalMs: 0, intervalCause: 'configured', nextOpenAtMs: 0, pausedUntilMs: 0, pauseCause: null });

describe('the metrics server', () => {
  const stats = new Stats();
  const breakers: Record<string, BreakerState> = { 'a.test:80': 'closed', 'b.test:80': 'half-open', 'c.test:80': 'open' };
  const intervals: Record<string, Pick<HostSlotView, 'intervalMs' | 'intervalCause'>> = { 'b.test:80': { intervalMs: 2_000, intervalCause: 'crawl-delay' } };
  let server: MetricsServer | null;

  beforeAll(async () => {
    const snapshot = () => takeSnapshot({ stats, inFlight: () => 2, hosts: () => HOSTS.map((hostKey) => ({ ...slot(hostKey), ...intervals[hostKey], breaker: breakers[hostKey] ?? 'closed' })), nowMs: Date.now });
    server = await startMetricsServer({ port: await freePort(), host: '127.0.0.1' }, { snapshot, stats }, pino({ level: 'silent' }));
  });
  afterAll(async () => server?.close());

  it('reports each host\'s breaker as 0 closed, 1 half-open, 2 open', async () => {
    expect(await scrapeLines(server!.url)).toEqual(
      expect.arrayContaining(['pricecrawl_breaker_state{host="a.test:80"} 0', 'pricecrawl_breaker_state{host="b.test:80"} 1', 'pricecrawl_breaker_state{host="c.test:80"} 2', 'pricecrawl_queue_requests{state="in_flight"} 2']),
    );
  });

  it('reports the interval in force per host with its cause', async () => {
    expect(await scrapeLines(server!.url)).toEqual(
      expect.arrayContaining(['pricecrawl_host_interval_ms{host="a.test:80",cause="configured"} 0', 'pricecrawl_host_interval_ms{host="b.test:80",cause="crawl-delay"} 2000']),
    );
  });

  it('reads the counters anew on every scrape, without counting them itself', async () => {
    stats.inc('host/a.test:80/received/200', 3);
    stats.inc('http/status/200', 3);
    stats.inc('items/dropped/duplicate', 2);
    expect(await scrapeLines(server!.url)).toEqual(expect.arrayContaining(['pricecrawl_responses_total{host="a.test:80",status="200"} 3', 'pricecrawl_items_dropped_total{reason="duplicate"} 2']));
    stats.inc('host/a.test:80/received/200');
    stats.inc('http/status/200');
    breakers['c.test:80'] = 'closed';
    expect(await scrapeLines(server!.url)).toEqual(
      expect.arrayContaining(['pricecrawl_responses_total{host="a.test:80",status="200"} 4', 'pricecrawl_pages_total 4', 'pricecrawl_items_dropped_total{reason="duplicate"} 2', 'pricecrawl_breaker_state{host="c.test:80"} 0']),
    );
  });

  it('answers 404 off /metrics', async () => {
    const res = await fetch(server!.url.replace('/metrics', '/'));
    expect(res.status).toBe(404);
  });

  it('does not listen at port 0 (the default)', async () => {
    expect(await startMetricsServer({ port: 0, host: '127.0.0.1' }, { snapshot: () => { throw new Error('not read'); }, stats }, pino({ level: 'silent' }))).toBeNull();
  });
});
