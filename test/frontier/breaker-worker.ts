// One Redis worker's circuit-breaker middleware over its own frontier's gate, driven by hand as each worker process drives it.
import pino from 'pino';
import { CircuitBreakerMiddleware } from '../../middlewares/circuit-breaker';
import { FetchError } from '../../src/core/errors';
import { CrawlResponse } from '../../src/core/response';
import type { MiddlewareContext } from '../../src/downloader/middleware';
import { Stats } from '../../src/engine/stats';
import { settingsSchema } from '../../src/settings/schema';
import type { RedisFrontier } from '../../storage/redis/redis-frontier';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import type { Lease } from '../../src/ports/frontier';
import { expectLease, openRedisWorker, req } from './frontier-fixture';

const defaults = settingsSchema.parse({});

/** A worker of the run taking two requests of a host at a time with no interval, its breaker as given. */
export function openBreakerWorker(url: string, runId: string, breaker: { threshold: number; cooldownMs: number; probeTimeoutMs: number }): Promise<RedisFrontier> {
  const { probeTimeoutMs, ...config } = breaker;
  return openRedisWorker(url, runId, {
    policy: { maxConcurrency: 2, minIntervalMs: 0, jitterMs: 0 }, leaseTtlMs: 60_000,
    breaker: { config: { ...defaults.breaker, ...config }, probeTimeoutMs },
  });
}

export function breakerWorker(frontier: RedisFrontier, host: string) {
  const stats = new Stats();
  const middleware = new CircuitBreakerMiddleware({ statuses: [429, 503], gate: frontier.gate });
  const ctx: MiddlewareContext = { spider: new UrlListSpider([]), settings: defaults, log: pino({ level: 'silent' }), stats, hostKey: host, nowMs: () => Date.now(), schedule: () => undefined };
  const leases = new Map<string, Lease>();
  /** The path's request, added to the run and leased by this worker (a probe's claim lives as long as its lease). */
  const lease = async (path: string): Promise<Lease> => {
    const url = `http://${host}${path}`;
    await frontier.add([req(url)]);
    let picked = expectLease(await frontier.next(0));
    while (picked.request.url !== url) picked = expectLease(await frontier.next(0));
    leases.set(path, picked);
    return picked;
  };
  /** The breaker's word on a request about to go; a parked one is handed back to the run, as the engine does. */
  const send = async (path: string) => {
    const leased = leases.get(path) ?? (await lease(path));
    const outcome = await middleware.processRequest!(leased.request, ctx);
    if (outcome.type === 'defer') {
      leased.cancelReservation();
      await frontier.defer(leased.request, Date.now() + 60_000, { countAttempt: false });
    }
    return outcome;
  };
  const answer = async (path: string, status: number) => {
    // A streak's answers need no lease (only a probe's claim lives by one): a bare request when it was never sent here.
    const request = leases.get(path)?.request ?? req(`http://${host}${path}`);
    const response = new CrawlResponse({ request, url: request.url, status, headers: {}, body: Buffer.from(''), text: '', encoding: 'utf-8', timings: { startedAtMs: 0, finishedAtMs: 1 } });
    return middleware.processResponse!(request, response, ctx);
  };
  /** The request's fetch failed at the transport (a reset connection): a probe's failure reopens the breaker. */
  const fail = async (path: string) => {
    const request = leases.get(path)?.request ?? req(`http://${host}${path}`);
    return middleware.processError!(request, new FetchError('FETCH_CONNECTION_RESET', 'read ECONNRESET'), ctx);
  };
  /** The worker's writes go in order on its connection (a batch on setImmediate): a call answered after them saw them land. */
  const settled = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    await frontier.status();
  };
  return { stats, lease, send, answer, fail, settled };
}
