// The shared host gate of a Redis frontier: pauses, intervals and breakers in the run's keys, changed by Lua, read by every worker's pick.
import { steadyNowMs } from '../../src/politeness/clock';
import { BreakerBoard, type BreakerOptions } from '../../src/politeness/breaker-board';
import type { BreakerAdmission, BreakerSnapshot, BreakerState, BreakerTransition, HostBreaker } from '../../src/politeness/host-breaker';
import type { HostPolicy, PolicyFor } from '../../src/politeness/host-policy';
import type { GateRecord, HostGate, HostGateView, PauseCause } from '../../src/ports/host-gate';
import type { FrontierScripts } from './redis-scripts';
import { ChangesTold } from './changes-told';

export interface RedisHostGateOptions {
  scripts: FrontierScripts;
  prefix: string;
  workerId: string;
  policyFor: PolicyFor;
  breaker: BreakerOptions;
  /** How long this worker's throttle view lives unless republished (one lease TTL: a dead worker's caution fades as its leases expire). */
  viewTtlMs: number;
  /** Runs a write in the background and logs its failure. */
  fire: (call: Promise<unknown>) => void;
  /** Queues an op in the worker's next batch (lua-batch.ts), in the background. */
  queue: (op: Array<string | number>) => void;
  /** politeness.intervalMarginMs. */
  intervalMarginMs: number;
}

/** THROTTLED_LUA's reply: opened by this answer (1|0), the host's breaker state, ms it stays open, its cooldown. */
type ThrottledReply = [number, BreakerState, number, number];
/** PROBE_LUA's reply: the probe is ours (1|0), the host's breaker state, ms left (open period or other probe), its cooldown. */
type ProbeReply = [number, BreakerState, number, number];

/** What this worker must know of a host without a round trip: where its throttle starts. */
type Mirror = Pick<GateRecord, 'throttleMs'>;

/**
 * The pick script reads the gate's fields (`g:<host>`: next slot, interval, throttle, Crawl-delay, pause)
 * in the same step as the reservation, so every worker is held by every pause and Crawl-delay. Calls
 * return at once: the change goes to Redis in the background (in order, on the frontier's connection)
 * and into a local mirror, from which the throttle and the breakers start after a resume or a join.
 * The breaker's streak is the host's: every worker's throttling answer counts in Redis, where the breaker
 * opens at the threshold (THROTTLED_LUA) and any worker's other answer ends the streak. The rest of its
 * state machine runs in each worker (the middleware asks it synchronously before each send); its open period
 * is a pause of the shared gate, so it holds every worker at once, its state is kept in the run for the next
 * process, and every heartbeat the other workers adopt it (open until the same time, wait for its probe,
 * close with it). The half-open probe is claimed in Redis (PROBE_LUA) before it goes: one in all workers.
 */
export class RedisHostGate implements HostGate {
  private readonly mirror = new Map<string, Mirror>();
  /** This worker's throttle view per host, republished with every heartbeat so it does not fade. */
  private readonly views = new Map<string, number>();
  private readonly breakers: BreakerBoard;
  /** Each origin's Crawl-delay this worker told the gate ('<host> <origin>'). */
  private readonly toldDelays = new Map<string, number>();
  /** This worker's Crawl-delays and pauses with when they were told: a slot reserved before they reached Redis waits for them. */
  private readonly told: ChangesTold;
  /** Leases picked while their host's breaker was not closed in the run: asked of Redis before they go. */
  private readonly pickedWhileBroken = new Set<string>();

  constructor(private readonly options: RedisHostGateOptions) {
    this.told = new ChangesTold(options.intervalMarginMs);
    this.breakers = new BreakerBoard(options.breaker, (hostKey, snapshot) => this.breakerChanged(hostKey, snapshot));
  }

  /**
   * Reads what the run kept of each host, before the first pick: a resumed or joining worker starts from it.
   * A kept throttle interval is published again as this worker's view before that pick, as the embedded gate
   * restores it into its slots: the last process withdrew its views on leaving, so the resumed first pick was
   * spaced by the configured interval, and the throttle's view (published as the middleware first saw the
   * host, after that pick) grew the reserved slot but not the time the request took to go out: the resume's
   * second page came 1506 ms after its first at a kept 1600 ms. The throttle starts from the same value.
   */
  async load(): Promise<void> {
    const flat = (await this.options.scripts.gates(this.options.prefix)) as string[];
    const kept: Array<[string, number]> = [];
    for (let i = 0; i < flat.length; i += 4) {
      const [host, al, , br] = flat.slice(i, i + 4);
      this.mirror.set(host, { throttleMs: al === '' ? null : Number(al) });
      if (al !== '') kept.push([host, Number(al)]);
      if (br !== '') this.breakers.restore(host, JSON.parse(br) as BreakerSnapshot);
    }
    for (const [host, ms] of kept) this.views.set(host, ms);
    // In slices: one script call's arguments stay small however many hosts the run has.
    for (let i = 0; i < kept.length; i += 500) await this.publish(kept.slice(i, i + 500));
  }

  policy(hostKey: string): HostPolicy {
    return this.options.policyFor(hostKey);
  }

  pause(hostKey: string, untilMs: number, cause: PauseCause): void {
    this.told.pause(hostKey, untilMs);
    this.options.fire(this.options.scripts.pause(this.options.prefix, hostKey, Math.max(0, untilMs - steadyNowMs()), cause));
  }

  noteSend(hostKey: string): void {
    this.options.fire(this.options.scripts.noteSend(this.options.prefix, hostKey));
  }

  /**
   * Told once per origin and value (the longest of the host's origins is taken in Redis, over every worker's).
   * The first value this worker reads is told even when it is none: the run may hold an older one for the
   * origin (read before a resume, or by another worker before the file changed), and skipping a 0 never told
   * here kept that delay in force for the rest of the run.
   */
  setCrawlDelayMs(hostKey: string, origin: string, crawlDelayMs: number): void {
    const told = `${hostKey} ${origin}`;
    if (this.toldDelays.get(told) === crawlDelayMs) return;
    this.toldDelays.set(told, crawlDelayMs);
    this.told.crawlDelay(hostKey, origin, crawlDelayMs, steadyNowMs());
    this.options.fire(this.options.scripts.crawlDelay(this.options.prefix, hostKey, origin, crawlDelayMs));
  }

  /**
   * Asked right before a reserved slot's request goes to the wire (`HostSlot.claimSend`): a slot Redis
   * reserved before a longer Crawl-delay or a pause this worker told it had arrived there waits for them.
   */
  sendNotBeforeMs(hostKey: string, bookedIntervalMs: number, pickedAtMs: number): number | null {
    return this.told.sendNotBeforeMs(hostKey, bookedIntervalMs, pickedAtMs, steadyNowMs());
  }

  /** The host takes more than one request at a time: another worker's answer may pause it while this worker's slot waits to be sent. */
  concurrent(hostKey: string): boolean {
    return this.options.policyFor(hostKey).maxConcurrency > 1;
  }

  /** Published as this worker's view; the slowest live worker's view spaces every worker's sends (see INTERVALS_LUA). */
  setThrottleMs(hostKey: string, intervalMs: number): void {
    const ms = Math.max(0, Math.round(intervalMs));
    this.record(hostKey).throttleMs = ms;
    this.views.set(hostKey, ms);
    this.options.fire(this.publish([[hostKey, ms]]));
  }

  throttleMs(hostKey: string): number | null {
    return this.mirror.get(hostKey)?.throttleMs ?? null;
  }

  breaker(hostKey: string): HostBreaker {
    return this.breakers.get(hostKey);
  }

  /**
   * Synchronous unless this worker's breaker would send the probe: then one round trip claims it for all
   * workers. Refused, the request follows what the host's breaker is: closed by the other worker's probe,
   * open again, or waiting for that probe. Redis not answering: this worker's breaker decides alone, as one
   * process's would.
   */
  admit(hostKey: string, requestId: string, nowMs: number): BreakerAdmission | Promise<BreakerAdmission> {
    const breaker = this.breakers.get(hostKey);
    // Only a closed breaker can have missed the opening; an open or half-open one knows what it waits for.
    const unheard = this.pickedWhileBroken.delete(requestId) && breaker.state === 'closed';
    if (!unheard && !breaker.wouldProbe(nowMs, requestId)) return breaker.gate(nowMs, requestId);
    return this.claimProbe(breaker, hostKey, requestId);
  }

  /**
   * The pick found the lease's host broken in the run: another worker's breaker opened it, which this
   * worker hears of only at its next heartbeat. Its own breaker, still closed, let the request go beside
   * that worker's probe (two workers at a concurrency of two: a page reached the host 120 ms into the probe).
   */
  pickedBroken(requestId: string): void {
    this.pickedWhileBroken.add(requestId);
  }

  /** The lease ended (released or handed back): a flag its admission never took goes with it. */
  leaseEnded(requestId: string): void {
    this.pickedWhileBroken.delete(requestId);
  }

  private async claimProbe(breaker: HostBreaker, hostKey: string, requestId: string): Promise<BreakerAdmission> {
    const { prefix, workerId, scripts } = this.options;
    let reply: ProbeReply;
    try {
      reply = (await scripts.probe(prefix, hostKey, `${workerId} ${requestId}`, this.options.breaker.probeTimeoutMs)) as ProbeReply;
    } catch {
      return breaker.gate(steadyNowMs(), requestId);
    }
    const [granted, state, leftMs, cooldownMs] = reply;
    const atMs = steadyNowMs();
    if (granted === 1) {
      // Ours: a breaker that had not heard of the open period goes half-open with this probe too.
      if (breaker.state === 'closed') breaker.adopt({ state: 'open', openUntilMs: atMs, cooldownMs: Number(cooldownMs) }, atMs);
      return breaker.gate(atMs, requestId);
    }
    const shared = { state, openUntilMs: state === 'open' ? atMs + Number(leftMs) : 0, cooldownMs: Number(cooldownMs) };
    return { gate: breaker.refused(shared, atMs + Number(leftMs), atMs), transition: null };
  }

  /**
   * A closed breaker's streak is counted in Redis, one round trip, before the answer's slot is freed (the
   * opening's pause is in force for every pick first); this worker adopts what the host's breaker is. An open
   * or half-open one is decided here: its probe is this worker's, and a late answer only lengthens the pause.
   * Redis not answering: this worker's own count decides, as one process's would.
   */
  async throttled(hostKey: string, requestId: string, nowMs: number, retryAfterAtMs: number | null): Promise<BreakerTransition | null> {
    const breaker = this.breakers.get(hostKey);
    if (breaker.state !== 'closed') return breaker.onThrottle(nowMs, requestId, retryAfterAtMs);
    const { threshold, cooldownMs } = this.options.breaker.config;
    const retryAfterMs = retryAfterAtMs === null ? -1 : Math.max(0, retryAfterAtMs - nowMs);
    let reply: ThrottledReply;
    try {
      reply = (await this.options.scripts.throttled(this.options.prefix, hostKey, threshold, cooldownMs, retryAfterMs)) as ThrottledReply;
    } catch {
      return breaker.onThrottle(nowMs, requestId, retryAfterAtMs);
    }
    const [opened, state, leftMs, cooldown] = reply;
    if (state === 'closed') return null;
    const atMs = steadyNowMs();
    breaker.adopt({ state, openUntilMs: atMs + Number(leftMs), cooldownMs: Number(cooldown) }, atMs);
    return opened === 1 ? { from: 'closed', to: 'open', untilMs: breaker.openUntil, cooldownMs: Number(cooldown) } : null;
  }

  /** Ends the host's streak for every worker, in the next batch (no round trip of its own). */
  answered(hostKey: string, requestId: string): BreakerTransition | null {
    this.options.queue(['K', hostKey]);
    return this.breakers.get(hostKey).onSuccess(requestId);
  }

  /**
   * None: the hosts' state is the sum of every worker's (in flight, pauses, throttle views), which only
   * Redis has; `pricecrawl status` reads it there in one script (`STATUS_LUA`). A worker's own partial
   * view would show wrong numbers.
   */
  snapshot(): HostGateView[] {
    return [];
  }

  /** The heartbeat's calls, for the frontier's beat to await: keep this worker's throttle views alive, adopt the other workers' breakers. */
  heartbeat(): Promise<unknown>[] {
    const calls: Promise<unknown>[] = [this.adoptBreakers()];
    if (this.views.size > 0) calls.unshift(this.publish([...this.views]));
    return calls;
  }

  /** Leaving the run: the views are withdrawn, not left to fade; the run keeps the last interval for a resume. */
  async withdraw(): Promise<void> {
    if (this.views.size > 0) await this.publish([...this.views.keys()].map((host) => [host, -1]));
  }

  private async adoptBreakers(): Promise<void> {
    const flat = (await this.options.scripts.breakers(this.options.prefix, ...this.breakers.notClosed())) as string[];
    const nowMs = steadyNowMs();
    for (let i = 0; i < flat.length; i += 2) this.breakers.adopt(flat[i], JSON.parse(flat[i + 1]) as BreakerSnapshot, nowMs);
  }

  private breakerChanged(hostKey: string, snapshot: BreakerSnapshot): void {
    if (snapshot.state === 'open') this.pause(hostKey, snapshot.openUntilMs, 'breaker');
    this.options.fire(this.options.scripts.breaker(this.options.prefix, hostKey, JSON.stringify(snapshot), snapshot.state));
  }

  private publish(views: Array<[string, number]>): Promise<unknown> {
    const { scripts, prefix, workerId, viewTtlMs } = this.options;
    return scripts.intervals(prefix, workerId, viewTtlMs, ...views.flat());
  }

  private record(hostKey: string): Mirror {
    let record = this.mirror.get(hostKey);
    if (!record) {
      record = { throttleMs: null };
      this.mirror.set(hostKey, record);
    }
    return record;
  }
}
