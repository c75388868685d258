// The in-process host gate of the embedded frontier: HostSlots and the breakers in memory, their state kept in frontier.sqlite per run.
import type { GroupCommit } from './group-commit';
import { BreakerBoard, type BreakerOptions } from '../../src/politeness/breaker-board';
import type { BreakerAdmission, BreakerTransition, HostBreaker } from '../../src/politeness/host-breaker';
import type { HostPolicy } from '../../src/politeness/host-policy';
import type { HostSlots } from '../../src/politeness/host-slots';
import { OriginDelays } from '../../src/politeness/origin-delays';
import type { GateRecord, HostGate, HostGateView, PauseCause } from '../../src/ports/host-gate';
import type { SqliteDb } from './open-frontier-db';

/**
 * Reservations stay in `HostSlots` (synchronous, anchored on the socket write) and are never written:
 * only a change of what spaces the host (a pause, a breaker transition, a new throttle interval or
 * Crawl-delay) is, in the frontier's group commit, so it is durable with the defer that follows it.
 */
export class SqliteHostGate implements HostGate {
  private readonly breakers: BreakerBoard;
  private readonly crawlDelays = new OriginDelays();
  private readonly upsert;

  constructor(
    private readonly db: SqliteDb,
    private readonly runId: string,
    private readonly commits: GroupCommit,
    readonly slots: HostSlots,
    breaker: BreakerOptions,
  ) {
    this.upsert = db.prepare(
      `INSERT INTO host_gates (run_id, host, state) VALUES (?, ?, ?) ON CONFLICT (run_id, host) DO UPDATE SET state = excluded.state`,
    );
    this.breakers = new BreakerBoard(breaker, (hostKey, snapshot) => {
      if (snapshot.state === 'open') this.slots.pauseUntil(hostKey, snapshot.openUntilMs, 'breaker');
      this.save(hostKey);
    });
    const rows = db.prepare(`SELECT host, state FROM host_gates WHERE run_id = ?`).all(runId) as Array<{ host: string; state: string }>;
    for (const row of rows) this.restore(row.host, row.state);
  }

  private restore(hostKey: string, state: string): void {
    const record = JSON.parse(state) as GateRecord;
    this.slots.restore(hostKey, record);
    this.breakers.restore(hostKey, record.breaker);
    // A record from before origins were kept: its one delay stands for an origin no file will name.
    this.crawlDelays.restore(hostKey, record.crawlDelayByOriginMs ?? { '': record.crawlDelayMs });
  }

  /**
   * The host passes to this process from one that ended or died (`crawl --processes`): what that one kept
   * of it, and a full interval from now before our first send (it may have sent just before it died).
   */
  adopt(hostKey: string, nowMs: number): void {
    const row = this.db.prepare(`SELECT state FROM host_gates WHERE run_id = ? AND host = ?`).pluck().get(this.runId, hostKey) as string | undefined;
    if (row !== undefined) this.restore(hostKey, row);
    this.slots.noteSend(hostKey, nowMs);
  }

  policy(hostKey: string): HostPolicy {
    return this.slots.policy(hostKey);
  }

  pause(hostKey: string, untilMs: number, cause: PauseCause): void {
    const before = this.slots.record(hostKey).pausedUntilMs;
    this.slots.pauseUntil(hostKey, untilMs, cause);
    if (this.slots.record(hostKey).pausedUntilMs !== before) this.save(hostKey);
  }

  noteSend(hostKey: string, atMs: number): void {
    this.slots.noteSend(hostKey, atMs);
  }

  setCrawlDelayMs(hostKey: string, origin: string, crawlDelayMs: number): void {
    const before = this.crawlDelays.of(hostKey)[origin] ?? 0;
    const longestMs = this.crawlDelays.set(hostKey, origin, crawlDelayMs);
    if (before === crawlDelayMs && this.slots.record(hostKey).crawlDelayMs === longestMs) return;
    this.slots.setCrawlDelayMs(hostKey, longestMs);
    this.save(hostKey);
  }

  setThrottleMs(hostKey: string, intervalMs: number): void {
    if (this.slots.record(hostKey).throttleMs === intervalMs) return;
    this.slots.setIntervalMs(hostKey, intervalMs);
    this.save(hostKey);
  }

  throttleMs(hostKey: string): number | null {
    return this.slots.record(hostKey).throttleMs;
  }

  breaker(hostKey: string): HostBreaker {
    return this.breakers.get(hostKey);
  }

  /** One process sends every request of its hosts: its breaker's probe is the host's only one. */
  admit(hostKey: string, requestId: string, nowMs: number): BreakerAdmission {
    return this.breakers.get(hostKey).gate(nowMs, requestId);
  }

  /** One process sees every answer of its hosts: the breaker's own streak is the host's. */
  throttled(hostKey: string, requestId: string, nowMs: number, retryAfterAtMs: number | null): BreakerTransition | null {
    return this.breakers.get(hostKey).onThrottle(nowMs, requestId, retryAfterAtMs);
  }

  answered(hostKey: string, requestId: string): BreakerTransition | null {
    return this.breakers.get(hostKey).onSuccess(requestId);
  }

  snapshot(nowMs: number): HostGateView[] {
    return this.slots.snapshot(nowMs).map((view) => ({ ...view, breaker: this.breakers.state(view.hostKey) }));
  }

  private save(hostKey: string): void {
    const record: GateRecord = { ...this.slots.record(hostKey), crawlDelayByOriginMs: this.crawlDelays.of(hostKey), breaker: this.breakers.snapshot(hostKey) };
    this.commits.write(() => this.upsert.run(this.runId, hostKey, JSON.stringify(record)));
  }
}
