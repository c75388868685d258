// PgScheduleLock: one running scheduled run per spider across every scheduler sharing the database, as a lease row that lapses when its holder dies.
import type { LockHolder, LockLoss, LockResult, ScheduleLock } from '../../src/ports/run-record-store';
import { isPidAlive, processStartTicks, thisHostname } from '../process-liveness';
import type { RenewedPool } from './pg-renewed-pool';
import { serverLeaseEndMs, serverNowMs } from './pg-server-clock';

/** Any constant works; with the spider's hash it serializes claims of one spider. */
const CLAIM_LOCK_KEY = 0x7363686c; // "schl"

export interface PgScheduleLockOptions {
  /** How long a claim holds without renewal; renewed every third of it while held. */
  leaseMs?: number;
  /** This machine's name; a holder on it is checked by pid, one elsewhere by its lease. */
  hostname?: string;
}

/**
 * startTicks: the holder's start time beside its pid (a reused pid is another process); null in rows from before
 * migration 6. leaseLive: the lease has not run out by the database's clock.
 */
type HolderRow = LockHolder & { leaseLive: boolean; startTicks: string | null };

/**
 * A holder on this machine holds while its process lives (the exact pid check, as with SQLite). One on
 * another machine holds until its lease runs out: the scheduler renews it while the run is out, so a
 * scheduler that crashed (or a machine that vanished) frees the spider after at most `leaseMs`.
 * The lease's end and the "has it run out?" test are the database server's clock, in the statement: machines'
 * clocks disagree (NTP steps, a restored VM), and a holder whose clock was an hour behind wrote an end the others
 * already saw as past, so they crawled its spider beside its running run. A client's clock only paces renewals
 * (setInterval, which a stepped wall clock does not move).
 */
export class PgScheduleLock implements ScheduleLock {
  private readonly leaseMs: number;
  private readonly hostname: string;
  private readonly renewals = new Map<string, NodeJS.Timeout>();
  private readonly lossListeners: ((loss: LockLoss) => void)[] = [];

  constructor(
    private readonly pool: RenewedPool,
    options: PgScheduleLockOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? 60_000;
    this.hostname = options.hostname ?? thisHostname;
  }

  /** The claim's start (`lockedAtMs`) is the database's time too, whatever the caller's clock says. */
  async tryLock(spider: string, runId: string, pid: number): Promise<LockResult> {
    const result = (await this.pool.run((sql) => sql.begin(async (tx) => {
      await tx`SELECT pg_advisory_xact_lock(${CLAIM_LOCK_KEY}, hashtext(${spider}))`;
      const [holder] = await tx<HolderRow[]>`SELECT run_id AS "runId", pid, hostname, locked_at AS "lockedAtMs",
          expires_ms > ${serverNowMs(tx)} AS "leaseLive", start_ticks AS "startTicks"
        FROM schedule_locks WHERE spider = ${spider}`;
      if (holder && holder.runId !== runId && this.isHeld(holder)) return { ok: false, holder: { runId: holder.runId, pid: holder.pid, hostname: holder.hostname, lockedAtMs: holder.lockedAtMs } };
      // Every claim draws a new token, a claim of the same run id too: the latest claimer's writes are the ones let through.
      const [claimed] = await tx<{ fence: number }[]>`INSERT INTO schedule_locks (spider, run_id, pid, hostname, locked_at, expires_ms, start_ticks, fence)
        VALUES (${spider}, ${runId}, ${pid}, ${this.hostname}, ${serverNowMs(tx)}, ${serverLeaseEndMs(tx, this.leaseMs)}, ${processStartTicks(pid)}, nextval('schedule_fences'))
        ON CONFLICT (spider) DO UPDATE SET run_id = excluded.run_id, pid = excluded.pid, hostname = excluded.hostname,
          locked_at = excluded.locked_at, expires_ms = excluded.expires_ms, start_ticks = excluded.start_ticks, fence = excluded.fence
        RETURNING fence`;
      return { ok: true, fence: claimed.fence };
    }))) as LockResult;
    if (result.ok) this.keepRenewing(spider, runId);
    return result;
  }

  async transfer(spider: string, runId: string, pid: number): Promise<void> {
    await this.pool.run((sql) => sql`UPDATE schedule_locks SET pid = ${pid}, start_ticks = ${processStartTicks(pid)} WHERE spider = ${spider} AND run_id = ${runId}`);
  }

  async unlock(spider: string, runId: string): Promise<void> {
    this.stopRenewing(spider);
    await this.pool.run((sql) => sql`DELETE FROM schedule_locks WHERE spider = ${spider} AND run_id = ${runId}`);
  }

  onLost(listener: (loss: LockLoss) => void): void {
    this.lossListeners.push(listener);
  }

  /** Claims still held lapse on their own after `leaseMs`: nothing renews them once closed. */
  async close(): Promise<void> {
    for (const spider of [...this.renewals.keys()]) this.stopRenewing(spider);
    await this.pool.end();
  }

  /** Moves the lease `leaseMs` past the database's now while the claim is held; false when the row is no longer this claim's. */
  async renew(spider: string, runId: string): Promise<boolean> {
    const result = await this.pool.run((sql) => sql`UPDATE schedule_locks SET expires_ms = ${serverLeaseEndMs(sql, this.leaseMs)} WHERE spider = ${spider} AND run_id = ${runId}`);
    return result.count > 0;
  }

  private isHeld(holder: HolderRow): boolean {
    // On this machine by pid and start time, as with SQLite: a reused pid is another process.
    return holder.hostname === this.hostname ? isPidAlive(holder.pid, holder.startTicks) : holder.leaseLive;
  }

  /**
   * Renews every third of the lease. Before, a renewal that failed or found its row taken was dropped in silence:
   * the holder went on crawling beside the scheduler that had taken the spider over. Now a renewal that matches
   * no row is a loss at once; a failing one (the database away) is retried on the next beat, and only a lease
   * whose end passed with no renewal since (counted on this process's monotonic clock from the last renewal
   * sent, which the server's lease end can only be later than) is a loss. A renewal that never answers is
   * caught by the same count.
   */
  private keepRenewing(spider: string, runId: string): void {
    this.stopRenewing(spider);
    let renewedAtMs = performance.now();
    const lose = (detail: string) => {
      if (this.renewals.get(spider) !== timer) return; // unlocked, closed or claimed anew meanwhile
      this.stopRenewing(spider);
      for (const listener of this.lossListeners) listener({ spider, runId, reason: 'schedule/lock-lost', detail });
    };
    const timer = setInterval(() => {
      if (performance.now() - renewedAtMs >= this.leaseMs) return lose(`no renewal succeeded within the lease (${this.leaseMs} ms)`);
      const sentAtMs = performance.now();
      this.renew(spider, runId).then((held) => {
        if (held) renewedAtMs = Math.max(renewedAtMs, sentAtMs);
        else lose('the claim was taken over by another holder after its lease ran out');
      }, () => undefined);
    }, Math.max(1, Math.floor(this.leaseMs / 3)));
    timer.unref();
    this.renewals.set(spider, timer);
  }

  private stopRenewing(spider: string): void {
    clearInterval(this.renewals.get(spider));
    this.renewals.delete(spider);
  }
}
