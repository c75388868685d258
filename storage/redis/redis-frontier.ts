// The shared frontier for many workers: per-host queues, host gates and leases in Redis, changed only by Lua scripts.
import { steadyNowMs } from '../../src/politeness/clock';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Redis } from 'ioredis';
import { PricecrawlError } from '../../src/core/errors';
import type { CrawlRequest } from '../../src/core/request';
import { hopOfReply, leaseOfReply, type HopReply, type LeaseReply, type SlotChannel } from './redis-slot-ops';
import { breakerOptionsFromSettings } from '../../src/politeness/breaker-board';
import { settingsSchema } from '../../src/settings/schema';
import { runPrefix, type FrontierScripts } from './redis-scripts';
import { openRedisRun } from './redis-run-open';
import { RedisBatch } from './redis-batch';
import { RedisHostGate } from './redis-host-gate';
import type { AddResult, DeferOptions, Frontier, HopBooking, Lease, LedgerSummary, Pick } from '../../src/ports/frontier';
import { closeRedis, connectRedis, crawlCommandTimeoutMs, quietly } from './redis-connect';
import { openRefusal } from './redis-reply-errors';
import { RedisSeeding } from './redis-seeding';
import { ledgerSummaryOf } from './redis-ledger-summary';
import { EvictionWatch } from './eviction-policy';
import { addArgv } from './redis-add-args';
import type { RedisFrontierOptions } from './redis-frontier-options';
import { PickedLeases } from './picked-leases';
import { leaseIdOf, leaseTokenOf, RedisLeaseEnds, type HeldLease } from './redis-lease-ends';
import { pickMore } from './redis-picks';
import { requeueUnstoredAcks } from './redis-unstored-acks';

export type { RedisFrontierOptions } from './redis-frontier-options';

export class RedisFrontier implements Frontier {
  readonly workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  /** Requests this worker gave up because their lease had expired and another worker took them over. */
  get lostLeases(): number {
    return this.ends.lost;
  }
  /** The fencing token of the claim the run was last opened under (redis-run-open.ts): a joining worker's writes are made under it. */
  runFence: number | undefined;
  private readonly prefix: string;
  /** Every lease this worker holds (picked and waiting, in progress, or awaiting its settle), with its host as the pick gave it. */
  private readonly leases = new Map<string, HeldLease>();
  private readonly picked = new PickedLeases((lease, reason) => this.handBack(lease, reason));
  /** This turn's sends, releases, settles and picks, in one script call. */
  private readonly batch: RedisBatch;
  /** Where the slots of this worker's leases and hops send their ends. */
  private readonly channel: SlotChannel;
  /** The run's shared host gate. */
  readonly gate: RedisHostGate;
  private readonly heartbeat: NodeJS.Timeout;
  private closed = false;
  /** A call failed without an answer (timed out, connection lost) since the last heartbeat or batch that was answered. */
  private unanswered = false;
  /** When this worker last sent its leases' renewal (steady clock). */
  private renewSentAtMs = 0;
  /** Keys the server evicted since the run opened, sampled on each heartbeat (eviction-policy.ts). */
  private evictions = new EvictionWatch({ policy: 'noeviction', evictedKeys: 0 });
  /** Whether this worker's start() still seeds, and whether its end was confirmed. */
  private readonly seeding: RedisSeeding;
  /** Settles and deferrals of this worker's leases (redis-lease-ends.ts). */
  private readonly ends: RedisLeaseEnds;

  private constructor(
    private readonly redis: Redis,
    private readonly scripts: FrontierScripts,
    readonly runId: string,
    readonly resumed: boolean,
    seeding: boolean,
    private readonly options: RedisFrontierOptions,
  ) {
    this.prefix = runPrefix(runId);
    this.seeding = new RedisSeeding(redis, this.prefix, runId, options.log, seeding);
    // Every batch answered (picks, settles) shows the server answering again, as a heartbeat does.
    this.batch = new RedisBatch((argv) => {
      this.renewIfOverdue();
      return scripts.batch(this.prefix, this.workerId, ...argv).then((reply) => ((this.unanswered = false), reply));
    });
    this.channel = { batch: this.batch, fire: (call) => this.fire(call), gate: () => this.gate };
    this.ends = new RedisLeaseEnds({ scripts, prefix: this.prefix, workerId: this.workerId, batch: this.batch, leases: this.leases, log: options.log });
    this.gate = new RedisHostGate({
      scripts, prefix: this.prefix, workerId: this.workerId, policyFor: options.policyFor, viewTtlMs: options.settings.leaseTtlMs,
      breaker: options.breaker ?? breakerOptionsFromSettings(settingsSchema.parse({})),
      fire: (call) => this.fire(call),
      queue: (op) => this.fire(this.batch.call(op)), intervalMarginMs: options.intervalMarginMs ?? 0,
    });
    // Renewed three times per TTL: one missed beat on a busy machine does not lose the leases.
    this.heartbeat = setInterval(() => this.beat(), Math.max(50, Math.floor(options.settings.leaseTtlMs / 3)));
    this.heartbeat.unref();
  }

  static async open(options: RedisFrontierOptions): Promise<RedisFrontier> {
    const commandTimeoutMs = crawlCommandTimeoutMs(options.settings.leaseTtlMs);
    const redis = await connectRedis(options.url, { onError: quietly(options.log), commandTimeoutMs });
    try {
      const run = await openRedisRun(redis, options);
      const frontier = new RedisFrontier(redis, run.scripts, run.runId, run.resumed, options.seeding, options);
      frontier.evictions = new EvictionWatch(run.eviction);
      frontier.runFence = run.fence;
      await frontier.seeding.begin();
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
    const argv = addArgv(requests, this.options, Date.now());
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
    const lease = this.picked.take();
    return lease ? { type: 'lease', lease } : this.pickMore();
  }

  private pickMore(): Promise<Pick> {
    const { batch, picked, seeding, options } = this;
    return pickMore({ batch, picked, seeding, settings: options.settings, random: options.random ?? Math.random, toLease: (reply) => this.toLease(reply) });
  }

  private handBack(lease: Lease, reason: string): void {
    lease.cancelReservation();
    this.fire(this.defer(lease.request, steadyNowMs(), { countAttempt: false, reason }));
  }

  private toLease(reply: LeaseReply): Lease {
    const lease = leaseOfReply(this.channel, reply);
    this.leases.set(reply[1], { hostKey: lease.hostKey, token: leaseTokenOf(lease.request) });
    return lease;
  }

  async markHandled(request: CrawlRequest, status: number | null): Promise<void> {
    await this.ends.settle(request, 'succeeded', '', status);
  }

  /** A resume's check of the item store (OpenedFrontier.requeueUnstoredAcks): unbacked successes are pending again. */
  async requeueUnstoredAcks(stored: ReadonlyMap<string, number | null>): Promise<number> {
    return requeueUnstoredAcks(this.redis, this.scripts, this.prefix, stored);
  }

  async fail(request: CrawlRequest, reason: string, status: number | null): Promise<void> {
    await this.ends.settle(request, 'failed', reason, status);
  }

  async defer(request: CrawlRequest, untilMs: number, options: DeferOptions = {}): Promise<void> {
    await this.ends.defer(request, untilMs, options);
  }

  /**
   * The hop's slot is reserved in the shared gate like a pick's (book_hop in LUA_OPS), in the batch after
   * the slot it leaves: every worker's picks of the host queue behind it, and its interval and cap hold
   * across workers. Before, the hop went at once (1-4 ms after its own request on the same host).
   */
  async bookHop(hostKey: string, _nowMs: number, lease: Lease, beside = false): Promise<HopBooking | null> {
    const policy = this.options.policyFor(hostKey);
    const random = this.options.random ?? Math.random;
    // A send beside the request's (its robots.txt read again) is held at once with its hop's: a slot of its own name.
    const id = beside ? `${leaseIdOf(lease.request)}~` : leaseIdOf(lease.request);
    const op = ['B', id, hostKey, random(), policy.maxConcurrency, policy.minIntervalMs, policy.jitterMs, this.options.intervalMarginMs ?? 0];
    const reply = this.batch.call(op);
    this.batch.flush();
    return hopOfReply(this.channel, hostKey, (await reply) as HopReply, leaseTokenOf(lease.request));
  }

  pauseHost(hostKey: string, untilMs: number): void {
    this.gate.pause(hostKey, untilMs, 'retry-after');
    this.picked.handBackHost(hostKey);
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
    await this.evictions.refuseIfEvicted(this.redis, this.options.url);
    return ledgerSummaryOf((await this.scripts.summary(this.prefix)) as string);
  }

  /** The live state behind `pricecrawl status`. */
  async status(): Promise<Record<string, unknown>> {
    return JSON.parse((await this.scripts.status(this.prefix)) as string) as Record<string, unknown>;
  }

  /** This worker's start() has added its last seed. */
  async seedingDone(): Promise<void> {
    await this.seeding.done();
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
      this.picked.clear();
      // Withdrawn, not left to fade: the hosts go back to the other workers' views at once.
      await this.gate.withdraw();
      if (this.seeding.active) await this.seeding.done();
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
    this.renewSentAtMs = steadyNowMs();
    await this.scripts.renew(this.prefix, this.workerId, leaseTtlMs, this.seeding.active ? leaseTtlMs : 0, ...this.leases.keys());
    this.unanswered = false;
  }

  /**
   * A batch (its pick reaps expired leases) goes out while the heartbeat is late: the loop stalled (a slow
   * start, a loaded machine) and this worker's leases may have run out meanwhile, though it still holds them.
   * Renewed first, on the same connection, so its own pick does not reap them: it did, and the page it was
   * fetching was leased again and fetched twice (seen with 1 s leases on a resume). Half a TTL: the heartbeat
   * renews every third, so this only fires after a stall.
   */
  private renewIfOverdue(): void {
    if (steadyNowMs() - this.renewSentAtMs > this.options.settings.leaseTtlMs / 2) this.fire(this.renew());
  }

  /**
   * One beat's calls, in the background: the leases' renewal, the gate's views and breakers, the eviction count.
   * In an outage each of them fails, and a line per call gave two or three lines per beat saying one thing: the
   * beat logs one line, with the first failure's reason and how many of its calls failed.
   */
  private beat(): void {
    const calls = [this.renew(), ...this.gate.heartbeat()];
    if (!this.closed) calls.push(this.evictions.sample(this.redis));
    void Promise.allSettled(calls).then((results) => {
      const failures = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
      if (failures.length === 0) return;
      failures.forEach((error) => this.noteUnanswered(error));
      if (!this.closed) this.options.log.error({ err: failures[0], failedCalls: failures.length, calls: calls.length }, 'redis frontier heartbeat failed');
    });
  }

  /** Fire-and-forget calls (slot bookkeeping) log failures; the lease TTL covers what is lost. */
  private fire(call: Promise<unknown>): void {
    call.catch((error: unknown) => {
      this.noteUnanswered(error);
      if (!this.closed) this.options.log.error({ err: error }, 'redis frontier call failed');
    });
  }

  /** The scripts' error replies are PricecrawlErrors (redis-reply-errors.ts): anything else had no answer. */
  private noteUnanswered(error: unknown): void {
    if (!(error instanceof PricecrawlError)) this.unanswered = true;
  }
}

