// The shared frontier for many workers: per-host queues, host gates and leases in Redis, changed only by Lua scripts.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { CrawlRequest, type SerializedRequest } from '../../src/core/request';
import { breakerOptionsFromSettings, type BreakerOptions } from '../../src/politeness/breaker-board';
import type { PolicyFor } from '../../src/politeness/host-policy';
import { settingsSchema, type Settings } from '../../src/settings/schema';
import { frontierScripts, runIndexKey, runPrefix, type FrontierScripts } from './redis-scripts';
import { latestRunningRun } from './redis-runs';
import { RedisHostGate } from './redis-host-gate';
import type { AddResult, DeferOptions, Frontier, Lease, LedgerSummary, Pick } from '../../src/ports/frontier';
import { newRunId } from '../../src/core/run-id';
import { connectRedis } from './redis-connect';
import { priorityScore } from '../../src/frontier/priority-score';

export interface RedisFrontierOptions {
  url: string;
  spider: string;
  /** Create or resume this run id, `new`, or (joining) `latest`: the spider's latest running run. */
  runId: string;
  /** Join a run another process started (wait for it up to `joinTimeoutMs`) instead of creating it. */
  join: boolean;
  /** This process seeds the run: workers do not finish while the seeder is at it (or until its marker lapses). */
  seeding: boolean;
  hostKeyOf: (url: string) => string;
  policyFor: PolicyFor;
  /** The host breakers' policy; the settings' defaults when absent (frontier tests). */
  breaker?: BreakerOptions;
  /** politeness.intervalMarginMs: added to every non-zero interval. */
  intervalMarginMs?: number;
  settings: Settings['frontier'];
  log: Logger;
  joinTimeoutMs?: number;
  /** Uniform in [0, 1) for the jitter; injected so tests can pin it. */
  random?: () => number;
}

type PickReply = ['empty'] | ['wait', number] | ['lease', string, string, string, string, number, number, number, number];

export class RedisFrontier implements Frontier {
  readonly workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  /** Requests this worker gave up because their lease had expired and another worker took them over. */
  lostLeases = 0;
  private readonly prefix: string;
  private readonly leases = new Set<string>();
  /** The run's shared host gate. */
  readonly gate: RedisHostGate;
  private readonly heartbeat: NodeJS.Timeout;
  private closed = false;

  private constructor(
    private readonly redis: Redis,
    private readonly scripts: FrontierScripts,
    readonly runId: string,
    readonly resumed: boolean,
    private seeding: boolean,
    private readonly options: RedisFrontierOptions,
  ) {
    this.prefix = runPrefix(runId);
    this.gate = new RedisHostGate({
      scripts, prefix: this.prefix, workerId: this.workerId, policyFor: options.policyFor, viewTtlMs: options.settings.leaseTtlMs,
      breaker: options.breaker ?? breakerOptionsFromSettings(settingsSchema.parse({})),
      fire: (call) => this.fire(call),
    });
    // Renewed three times per TTL: one missed beat on a busy machine does not lose the leases.
    this.heartbeat = setInterval(() => {
      this.fire(this.renew());
      this.gate.heartbeat();
    }, Math.max(50, Math.floor(options.settings.leaseTtlMs / 3)));
    this.heartbeat.unref();
  }

  static async open(options: RedisFrontierOptions): Promise<RedisFrontier> {
    const redis = await connectRedis(options.url, { onError: quietly(options.log) });
    try {
      const scripts = frontierScripts(redis);
      const runId = options.join ? await waitForRun(redis, options) : options.runId === 'new' ? newRunId(Date.now()) : options.runId;
      const seedingTtl = options.seeding ? options.settings.leaseTtlMs : 0;
      const mode = options.join ? 'join' : 'create';
      const [existed] = (await scripts.openRun(runPrefix(runId), runIndexKey(options.spider), runId, options.spider, mode, seedingTtl)) as number[];
      if (existed === -2) throw new Error(`run ${runId} of ${options.spider} has finished already: nothing to join`);
      const frontier = new RedisFrontier(redis, scripts, runId, existed === 1, options.seeding, options);
      await frontier.gate.load();
      await frontier.renew();
      return frontier;
    } catch (error) {
      redis.disconnect();
      throw error;
    }
  }

  async add(requests: CrawlRequest[]): Promise<AddResult> {
    if (requests.length === 0) return { added: 0, duplicates: 0 };
    const nowMs = Date.now();
    const argv: Array<string | number> = [this.options.settings.seenTtlMs, this.options.intervalMarginMs ?? 0, 'set'];
    for (const request of requests) {
      const host = this.options.hostKeyOf(request.url);
      const policy = this.options.policyFor(host);
      // dontFilter requests must never collide, so each gets a fingerprint of its own.
      const fingerprint = request.dontFilter ? `${request.fingerprint}#${randomUUID()}` : request.fingerprint;
      const score = priorityScore(request, this.options.settings.priority, nowMs);
      argv.push(fingerprint, host, score, JSON.stringify(request), policy.maxConcurrency, policy.minIntervalMs, policy.jitterMs);
    }
    const ids = (await this.scripts.add(this.prefix, ...argv)) as string[];
    let added = 0;
    ids.forEach((id, i) => {
      if (id === '') return;
      requests[i].id = id;
      added++;
    });
    return { added, duplicates: requests.length - added };
  }

  /** One round trip; the gate check and reservation happen in one script on Redis' clock (`nowMs` is not used). */
  async next(_nowMs: number): Promise<Pick> {
    const { leaseTtlMs, pollMs } = this.options.settings;
    const random = this.options.random ?? Math.random;
    const reply = (await this.scripts.pick(this.prefix, this.workerId, leaseTtlMs, random(), pollMs)) as PickReply;
    if (reply[0] === 'empty') return { type: 'empty' };
    if (reply[0] === 'wait') return { type: 'wait', atMs: Date.now() + Number(reply[1]) };
    const [, id, json, hostKey, attempt, serial, reservedAtMs, nextOpenAtMs, previousNextOpenAtMs] = reply;
    this.leases.add(id);
    const request = CrawlRequest.fromJSON(JSON.parse(json) as SerializedRequest, id);
    request.attempt = Number(attempt);
    const fire = this.fire.bind(this);
    const { scripts, prefix } = this;
    const lease: Lease = {
      request,
      hostKey,
      // Sent in order on one connection: a release always reaches Redis after its markSent.
      markSent: () => fire(scripts.markSent(prefix, id, reservedAtMs, nextOpenAtMs)),
      cancelReservation: () => fire(scripts.cancel(prefix, id, serial, nextOpenAtMs, previousNextOpenAtMs)),
      releaseSlot: () => fire(scripts.release(prefix, id)),
    };
    return { type: 'lease', lease };
  }

  async markHandled(request: CrawlRequest, status: number | null): Promise<void> {
    await this.settle(request, 'succeeded', '', status);
  }

  async fail(request: CrawlRequest, reason: string, status: number | null): Promise<void> {
    await this.settle(request, 'failed', reason, status);
  }

  async defer(request: CrawlRequest, untilMs: number, options: DeferOptions = {}): Promise<void> {
    const id = this.idOf(request);
    const bump = options.countAttempt ? 1 : 0;
    // The deferral count lives in the stored request, rewritten only then.
    const json = options.countDeferral ? JSON.stringify({ ...request.toJSON(), deferrals: request.deferrals + 1 }) : '';
    const done = await this.scripts.defer(this.prefix, this.workerId, id, Math.max(0, untilMs - Date.now()), bump, json);
    this.leases.delete(id);
    if (done !== 1) return this.leaseLost(request, 'defer');
    request.attempt += bump;
    if (json !== '') request.deferrals += 1;
  }

  pauseHost(hostKey: string, untilMs: number): void {
    this.gate.pause(hostKey, untilMs, 'retry-after');
  }

  inFlight(): number {
    return this.leases.size;
  }

  async summary(): Promise<LedgerSummary & { reclaimed: number }> {
    return JSON.parse((await this.scripts.summary(this.prefix)) as string) as LedgerSummary & { reclaimed: number };
  }

  /** The live state behind `pricecrawl status`. */
  async status(): Promise<Record<string, unknown>> {
    return JSON.parse((await this.scripts.status(this.prefix)) as string) as Record<string, unknown>;
  }

  async seedingDone(): Promise<void> {
    this.seeding = false;
    await this.redis.del(`${this.prefix}seeding`);
  }

  /** Marks the run finished; true for the one worker that did it (and runs the end-of-run work). */
  async finishRun(status: 'finished' | 'interrupted' | 'failed'): Promise<boolean> {
    if (status !== 'finished') return false;
    return (await this.scripts.finishRun(this.prefix)) === 1;
  }

  /** Leaves the run: leases still held go back to their queues at once (a graceful exit). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.heartbeat);
    try {
      await this.scripts.returnAll(this.prefix, this.workerId, ...this.leases);
      this.leases.clear();
      // Withdrawn, not left to fade: the hosts go back to the other workers' views at once.
      await this.gate.withdraw();
      if (this.seeding) await this.seedingDone();
    } finally {
      await this.redis.quit();
    }
  }

  private async renew(): Promise<void> {
    if (this.closed) return;
    const { leaseTtlMs } = this.options.settings;
    await this.scripts.renew(this.prefix, this.workerId, leaseTtlMs, this.seeding ? leaseTtlMs : 0, ...this.leases);
  }

  private async settle(request: CrawlRequest, outcome: 'succeeded' | 'failed', reason: string, status: number | null): Promise<void> {
    const id = this.idOf(request);
    const done = await this.scripts.settle(this.prefix, this.workerId, id, outcome, reason, status ?? '');
    this.leases.delete(id);
    if (done !== 1) this.leaseLost(request, outcome);
  }

  /** Our lease expired and another worker holds the request (or settled it): its outcome stands, not ours. */
  private leaseLost(request: CrawlRequest, action: string): void {
    this.lostLeases++;
    this.options.log.warn({ url: request.url, requestId: request.id, action }, 'lease expired meanwhile; another worker has the request');
  }

  private idOf(request: CrawlRequest): string {
    if (request.id === null) throw new Error(`request ${request.url} has no frontier id: it was never added`);
    return request.id;
  }

  /** Fire-and-forget calls (slot bookkeeping, heartbeats) log failures; the lease TTL covers what is lost. */
  private fire(call: Promise<unknown>): void {
    call.catch((error: unknown) => {
      if (!this.closed) this.options.log.error({ err: error }, 'redis frontier call failed');
    });
  }
}

/** Connection errors once running: one warning per 10 s (the client reconnects; failing calls log their own). */
function quietly(log: Logger): (error: Error) => void {
  let lastMs = 0;
  return (error) => {
    if (Date.now() - lastMs < 10_000) return;
    lastMs = Date.now();
    log.warn({ error: error.message }, 'redis connection lost; reconnecting');
  };
}

/** A joining worker may start before the crawl that creates the run: it waits for the run to appear. */
async function waitForRun(redis: Redis, options: RedisFrontierOptions): Promise<string> {
  const deadline = Date.now() + (options.joinTimeoutMs ?? 30_000);
  for (;;) {
    if (options.runId === 'latest') {
      const run = await latestRunningRun(redis, options.spider);
      if (run) return run.runId;
    } else if ((await redis.exists(`${runPrefix(options.runId)}meta`)) === 1) return options.runId;
    if (Date.now() > deadline) throw new Error(`no running run ${options.runId === 'latest' ? `of ${options.spider}` : options.runId} on the frontier`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
