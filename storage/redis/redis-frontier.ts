// The shared frontier for many workers: per-host queues, host gates and leases in Redis, changed only by Lua scripts.
import { steadyNowMs } from '../../src/politeness/clock';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Redis } from 'ioredis';
import { PricecrawlError } from '../../src/core/errors';
import { CrawlRequest, type SerializedRequest } from '../../src/core/request';
import { breakerOptionsFromSettings } from '../../src/politeness/breaker-board';
import { settingsSchema } from '../../src/settings/schema';
import { frontierScripts, runIndexKey, runPrefix, type FrontierScripts } from './redis-scripts';
import { runToOpen, waitForRun } from './redis-runs';
import { RedisBatch } from './redis-batch';
import { RedisHostGate } from './redis-host-gate';
import type { AddResult, DeferOptions, Frontier, HopBooking, HostSlot, Lease, LedgerSummary, Pick } from '../../src/ports/frontier';
import { closeRedis, connectRedis, crawlCommandTimeoutMs, quietly } from './redis-connect';
import { openRefusal } from './redis-reply-errors';
import { claimRunItemStore, refuseOtherRunItemStore } from './run-item-store';
import { itemStoreIdentity } from '../run-item-store';
import { serverRunId } from './server-run-id';
import { ledgerSummaryOf } from './redis-ledger-summary';
import { refuseEvictingServer, refuseEvictionsSince, type EvictionState } from './eviction-policy';
import { priorityScore } from '../../src/frontier/priority-score';
import type { RedisFrontierOptions } from './redis-frontier-options';

export type { RedisFrontierOptions } from './redis-frontier-options';

type LeaseReply = ['lease', string, string, string, string, number, number, number, number];
type PickReply = ['empty'] | ['unseeded'] | ['wait', number, number?] | LeaseReply;
/** book_hop's: slot, waitMs, reservedAtMs, serial, nextOpenAtMs, previousNextOpenAtMs. */
type HopReply = ['busy'] | ['booked', string, number, number, number, number, number];

/** Longest a picked lease waits in the worker before it goes back to its queue. */
const PICK_HOLD_MS = 1_000;

/** A lease reserved by a batch pick, waiting for the engine's next `next()`. */
interface PickedLease {
  lease: Lease;
  /** Local time the pick's reply arrived. */
  receivedAtMs: number;
}

export class RedisFrontier implements Frontier {
  readonly workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  /** Requests this worker gave up because their lease had expired and another worker took them over. */
  lostLeases = 0;
  private readonly prefix: string;
  /** Every lease this worker holds (picked and waiting, in progress, or awaiting its settle), with its host as the pick gave it. */
  private readonly leases = new Map<string, string>();
  private readonly picked: PickedLease[] = [];
  /** This turn's sends, releases, settles and picks, in one script call. */
  private readonly batch: RedisBatch;
  /** The run's shared host gate. */
  readonly gate: RedisHostGate;
  private readonly heartbeat: NodeJS.Timeout;
  private closed = false;
  /** A call failed without an answer (timed out, connection lost) since the last heartbeat or batch that was answered. */
  private unanswered = false;
  /** The server's eviction policy and count when the run opened (eviction-policy.ts). */
  private eviction: EvictionState = { policy: 'noeviction', evictedKeys: 0 };
  /** The redis-server process that answered when this worker began seeding (server-run-id.ts); '' when it does not seed. */
  private seedingServer = '';
  /** Why this worker's seeding could not be marked done, for the seeder-lost refusal; null when it was. */
  private seedingUnconfirmed: string | null = null;

  private constructor(
    private readonly redis: Redis,
    private readonly scripts: FrontierScripts,
    readonly runId: string,
    readonly resumed: boolean,
    private seeding: boolean,
    private readonly options: RedisFrontierOptions,
  ) {
    this.prefix = runPrefix(runId);
    // Every batch answered (picks, settles) shows the server answering again, as a heartbeat does.
    this.batch = new RedisBatch((argv) => scripts.batch(this.prefix, this.workerId, ...argv).then((reply) => ((this.unanswered = false), reply)));
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
    const commandTimeoutMs = crawlCommandTimeoutMs(options.settings.leaseTtlMs);
    const redis = await connectRedis(options.url, { onError: quietly(options.log), commandTimeoutMs });
    try {
      const eviction = await refuseEvictingServer(redis, options.url);
      const scripts = frontierScripts(redis);
      const runId = options.join ? await waitForRun(redis, options.spider, options.runId, options.joinTimeoutMs ?? 30_000) : await runToOpen(redis, options);
      const seedingTtl = options.seeding ? options.settings.leaseTtlMs : 0;
      const mode = options.join ? 'join' : 'create';
      const store = options.itemStore === undefined ? null : itemStoreIdentity(options.itemStore, hostname());
      if (store !== null) await refuseOtherRunItemStore(redis, runPrefix(runId), runId, store);
      const [existed] = (await scripts.openRun(runPrefix(runId), runIndexKey(options.spider), runId, options.spider, mode, seedingTtl)) as number[];
      if (existed === -2) throw new PricecrawlError('FRONTIER_NO_RUN', `run ${runId} of ${options.spider} has finished already: nothing to join`);
      if (store !== null) await claimRunItemStore(redis, runPrefix(runId), runId, store);
      const frontier = new RedisFrontier(redis, scripts, runId, existed === 1, options.seeding, options);
      frontier.eviction = eviction;
      if (options.seeding) frontier.seedingServer = await serverRunId(redis);
      await frontier.gate.load();
      await frontier.renew();
      return frontier;
    } catch (error) {
      redis.disconnect();
      throw openRefusal(error, options.url);
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

  /**
   * A lease picked earlier and waiting here, at once; else one round trip that reserves up to
   * `frontier.pickBatch` leases (each host's slot reserved in Redis, on Redis' clock: `nowMs` is not used)
   * and carries this turn's queued sends, releases and settles with it.
   */
  next(_nowMs: number): Pick | Promise<Pick> {
    const lease = this.takePicked();
    return lease ? { type: 'lease', lease } : this.pickMore();
  }

  private async pickMore(): Promise<Pick> {
    const { leaseTtlMs, pollMs, pickBatch } = this.options.settings;
    const random = this.options.random ?? Math.random;
    const reply = this.batch.call(['P', leaseTtlMs, pollMs, pickBatch, ...Array.from({ length: pickBatch }, () => random())]);
    this.batch.flush();
    const replies = (await reply) as PickReply[];
    const receivedAtMs = steadyNowMs();
    for (const pick of replies) if (pick[0] === 'lease') this.picked.push(this.toLease(pick, receivedAtMs));
    const lease = this.takePicked();
    if (lease) return { type: 'lease', lease };
    const last = replies[replies.length - 1];
    if (last[0] === 'empty') return { type: 'empty' };
    if (last[0] === 'unseeded') return this.unseeded();
    if (last[0] !== 'wait') return { type: 'wait', atMs: steadyNowMs() };
    // Polled sooner than the earliest host opens (other workers may add work); that host's own time is
    // what tells the engine a far server wait (frontier.maxIdleWaitMs) from a short one.
    const readyAtMs = last[2] === undefined ? undefined : receivedAtMs + Number(last[2]);
    return { type: 'wait', atMs: steadyNowMs() + Number(last[1]), readyAtMs };
  }

  /**
   * The oldest picked lease still fit to send. A lease waiting here holds its host's slot: after
   * `PICK_HOLD_MS` (the pool was full meanwhile) it goes back, as the slot may serve another worker better.
   * Only hosts without an interval wait here at all (the pick script hands out a spaced host's lease only
   * as a batch's first, which goes straight to the engine).
   */
  private takePicked(): Lease | null {
    for (let picked = this.picked.shift(); picked; picked = this.picked.shift()) {
      if (steadyNowMs() - picked.receivedAtMs <= PICK_HOLD_MS) return picked.lease;
      this.handBack(picked.lease, 'pick/stale');
    }
    return null;
  }

  private handBack(lease: Lease, reason: string): void {
    lease.cancelReservation();
    this.fire(this.defer(lease.request, steadyNowMs(), { countAttempt: false, reason }));
  }

  private toLease(reply: LeaseReply, receivedAtMs: number): PickedLease {
    const [, id, json, hostKey, attempt, serial, reservedAtMs, nextOpenAtMs, previousNextOpenAtMs] = reply;
    this.leases.set(id, hostKey);
    const request = CrawlRequest.fromJSON(JSON.parse(json) as SerializedRequest, id);
    request.attempt = Number(attempt);
    const lease: Lease = { request, hostKey, ...this.slotOps(id, hostKey, { reservedAtMs, serial, nextOpenAtMs, previousNextOpenAtMs }) };
    return { lease, receivedAtMs };
  }

  /**
   * A reserved slot's ends (a lease's or a hop's), in Redis' numbers as the reservation gave them. The host
   * goes with each op so the script need not read back what the reservation told this worker.
   */
  private slotOps(slot: string, hostKey: string, at: Record<'reservedAtMs' | 'serial' | 'nextOpenAtMs' | 'previousNextOpenAtMs', number>): HostSlot {
    const fire = this.fire.bind(this);
    const { batch } = this;
    // Queued in order on one connection: a release always reaches Redis after its markSent. A host with
    // an interval keeps the timing of one call per step (they go at once): only its settle waits for the turn.
    const spaced = Number(at.nextOpenAtMs) > Number(at.reservedAtMs);
    const gate = (op: Array<string | number>) => {
      fire(batch.call(op));
      if (spaced) batch.flush();
    };
    return {
      markSent: () => gate(['S', slot, hostKey, at.reservedAtMs, at.nextOpenAtMs]),
      cancelReservation: () => gate(['C', slot, hostKey, at.serial, at.nextOpenAtMs, at.previousNextOpenAtMs]),
      releaseSlot: () => gate(['R', slot, hostKey]),
      // Asked of Redis (one round trip, only by a hop that waited for its slot): the pause may come from any worker.
      pausedUntilMs: async () => {
        const reply = batch.call(['W', slot, hostKey, at.reservedAtMs]);
        batch.flush();
        const leftMs = Number(await reply);
        return leftMs < 0 ? null : steadyNowMs() + leftMs;
      },
    };
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
    this.batch.flush(); // its queued send, release or cancel go first
    const done = await this.endLease(id, this.scripts.defer(this.prefix, this.workerId, id, Math.max(0, untilMs - steadyNowMs()), bump, json));
    if (done !== 1) return this.leaseLost(request, 'defer');
    request.attempt += bump;
    if (json !== '') request.deferrals += 1;
  }

  /**
   * The hop's slot is reserved in the shared gate like a pick's (book_hop in LUA_OPS), in the batch after
   * the slot it leaves: every worker's picks of the host queue behind it, and its interval and cap hold
   * across workers. Before, the hop went at once (1-4 ms after its own request on the same host).
   */
  async bookHop(hostKey: string, _nowMs: number, lease: Lease): Promise<HopBooking | null> {
    const policy = this.options.policyFor(hostKey);
    const random = this.options.random ?? Math.random;
    const id = this.idOf(lease.request);
    const op = ['B', id, hostKey, random(), policy.maxConcurrency, policy.minIntervalMs, policy.jitterMs, this.options.intervalMarginMs ?? 0];
    const reply = this.batch.call(op);
    this.batch.flush();
    const booked = (await reply) as HopReply;
    if (booked[0] === 'busy') return null;
    const [, slot, waitMs, reservedAtMs, serial, nextOpenAtMs, previousNextOpenAtMs] = booked;
    return { atMs: steadyNowMs() + Number(waitMs), slot: this.slotOps(slot, hostKey, { reservedAtMs, serial, nextOpenAtMs, previousNextOpenAtMs }) };
  }

  pauseHost(hostKey: string, untilMs: number): void {
    this.gate.pause(hostKey, untilMs, 'retry-after');
    // Leases of the host picked before the pause and not sent yet wait for it in the queue.
    const kept = this.picked.filter((picked) => picked.lease.hostKey !== hostKey);
    for (const { lease } of this.picked) if (lease.hostKey === hostKey) this.handBack(lease, 'host/paused');
    this.picked.splice(0, this.picked.length, ...kept);
  }

  inFlight(): number {
    return this.leases.size;
  }

  /**
   * The run's ledger; refused when the server evicted keys since the run opened (its policy changed
   * meanwhile), and not asked of a server that has not answered since the last heartbeat: the read would
   * wait the command timeout (30 s by default) to fail the same way, with the run's end waiting on it.
   */
  async summary(): Promise<LedgerSummary & { reclaimed: number }> {
    if (this.unanswered) throw new PricecrawlError('FRONTIER_UNREACHABLE', 'it has not answered this worker\'s last calls');
    await refuseEvictionsSince(this.redis, this.options.url, this.eviction);
    return ledgerSummaryOf((await this.scripts.summary(this.prefix)) as string);
  }

  /** The live state behind `pricecrawl status`. */
  async status(): Promise<Record<string, unknown>> {
    return JSON.parse((await this.scripts.status(this.prefix)) as string) as Record<string, unknown>;
  }

  /**
   * A server restarted or failed over while start() ran came back with the run as it last persisted it:
   * the seeds added after that point were gone, start() did not add them again, and the run ended finished,
   * exit 0, with only the seeds before it (a restart from an RDB snapshot: 10 of 20 seeds planned). The
   * requests pages yield are safe (a page whose links were lost was not settled either, so it is fetched
   * again); start()'s seeds are not. Then the run is not marked seeded: it stops as after a seeder lost once
   * the rest is crawled, and --resume runs start() again (what is planned already is not planned twice).
   */
  async seedingDone(): Promise<void> {
    this.seeding = false;
    if (this.seedingServer !== '' && (await serverRunId(this.redis)) !== this.seedingServer) {
      this.seedingUnconfirmed = `the frontier's Redis restarted or failed over while start() was seeding run ${this.runId} (its run_id changed), so the seeds it added since the server last persisted may be lost`;
      this.options.log.warn(this.seedingUnconfirmed + '; the run is not marked seeded: once the rest is crawled it stops resumable, and --resume runs start() again');
      await this.redis.del(`${this.prefix}seeding`);
      return;
    }
    await this.redis.multi().del(`${this.prefix}seeding`).hdel(`${this.prefix}meta`, 'unseeded').exec();
  }

  /**
   * Nothing is left to pick but no seeder ever finished: this worker's own seeding goes on (its marker ran
   * out while it stalled; the next heartbeat sets it again), else the seeder died mid-start() and the run
   * is not complete: the crawl stops (FRONTIER_SEEDER_LOST), the run stays running, and `--resume` runs
   * start() again (what it planned already is not planned twice).
   */
  private unseeded(): Pick {
    if (this.seeding) return { type: 'wait', atMs: steadyNowMs() + this.options.settings.pollMs };
    throw new PricecrawlError('FRONTIER_SEEDER_LOST', this.seedingUnconfirmed ?? `the process seeding run ${this.runId} stopped before its start() finished (killed or crashed): the run holds only the requests it got to`);
  }

  /** True for the one worker that runs the end-of-run work; an interrupted run stays running for --resume. */
  async claimEnd(status: 'finished' | 'interrupted' | 'failed'): Promise<boolean> {
    if (status !== 'finished') return false;
    return (await this.scripts.claimEnd(this.prefix, this.workerId, this.options.settings.leaseTtlMs)) === 1;
  }

  /** Marks the run finished after this worker's end work (claimEnd) is durable; any other end leaves it running, resumable. */
  async finishRun(status: 'finished' | 'interrupted' | 'failed'): Promise<void> {
    if (status === 'finished') await this.scripts.finishRun(this.prefix, this.workerId);
  }

  /** Leaves the run: leases still held go back to their queues at once (a graceful exit). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.heartbeat);
    // Gone (an outage outlasted the crawl), or connected but not answering (stopped, cut off): handing the
    // leases back would wait for the command timeout (the lease's life); they return when they run out.
    if (this.redis.status !== 'ready' || this.unanswered) {
      if (this.unanswered) this.options.log.warn('the frontier has not answered this worker\'s last calls: its leases are not handed back; they return to their queues when they run out');
      return closeRedis(this.redis);
    }
    try {
      this.batch.flush();
      await this.scripts.returnAll(this.prefix, this.workerId, ...this.leases.keys());
      this.leases.clear();
      this.picked.length = 0;
      // Withdrawn, not left to fade: the hosts go back to the other workers' views at once.
      await this.gate.withdraw();
      if (this.seeding) await this.seedingDone();
    } catch (error) {
      // Connected but not answering (the outage that stopped the crawl): what was not handed back runs out
      // like a dead worker's. Thrown, it replaced the run's own ending (the frontier refusal, exit 2) with
      // the driver's bare message and exit 1.
      this.options.log.warn({ err: error }, 'could not hand this worker\'s leases back; they return to their queues when they run out');
    } finally {
      await closeRedis(this.redis);
    }
  }

  private async renew(): Promise<void> {
    if (this.closed) return;
    const { leaseTtlMs } = this.options.settings;
    await this.scripts.renew(this.prefix, this.workerId, leaseTtlMs, this.seeding ? leaseTtlMs : 0, ...this.leases.keys());
    this.unanswered = false;
  }

  private async settle(request: CrawlRequest, outcome: 'succeeded' | 'failed', reason: string, status: number | null): Promise<void> {
    const id = this.idOf(request);
    // The host as this worker's pick gave it; a request it never picked ('') has the script read it.
    const done = await this.endLease(id, this.batch.call(['H', id, this.leases.get(id) ?? '', outcome, reason, status ?? '']));
    if (done !== 1) this.leaseLost(request, outcome);
  }

  /**
   * The call that ends a lease (settle, defer): whatever its answer, the lease is no longer ours to renew.
   * When the call failed (the server away), the lease runs out and the request returns to its queue to be
   * fetched again; renewing it would keep it leased for ever and the run would never end.
   */
  private async endLease<T>(id: string, call: Promise<T>): Promise<T> {
    try {
      return await call;
    } finally {
      this.leases.delete(id);
    }
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
      // The scripts' error replies are PricecrawlErrors (redis-reply-errors.ts): anything else had no answer.
      if (!(error instanceof PricecrawlError)) this.unanswered = true;
      if (!this.closed) this.options.log.error({ err: error }, 'redis frontier call failed');
    });
  }
}

