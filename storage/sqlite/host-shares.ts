// Which hosts of a run this process sends to when several crawl processes share frontier.sqlite: each host has exactly one.
import type { SqliteDb } from './open-frontier-db';

import type { ProcessSlot } from '../../src/ports/frontier';

export type { ProcessSlot };

/**
 * Why ownership and not a shared clock: HostSlots keeps a host's interval, concurrency cap and pauses in
 * memory, synchronous and anchored on the socket write. While exactly one process sends to a host, that
 * state is exact across processes with no lock on the hot path. A host is numbered in the order the run
 * first saw it (one row, written in the transaction of its first request) and belongs to slot
 * `ordinal mod slots`, so hosts of equal size split evenly; ordinals survive a resume with another N.
 * Each slot is held by one live process (run_slots). A slot whose process ended or died is taken over by
 * a live one, which first waits a full interval on each host it adopts (the dead one may just have sent).
 */
export class HostShares {
  private readonly ordinals = new Map<string, number>();
  private readonly mine = new Set<number>();
  private readonly selectOrdinal;
  private readonly insertOrdinal;

  constructor(
    private readonly db: SqliteDb,
    private readonly runId: string,
    private readonly workerId: string,
    readonly place: ProcessSlot,
    /** Runs a write in the frontier's group commit (so an ordinal commits with the request that made it). */
    private readonly write: <T>(fn: () => T) => T,
  ) {
    if (!Number.isInteger(place.slots) || place.slots < 1 || !Number.isInteger(place.slot) || place.slot < 0 || place.slot >= place.slots) {
      throw new Error(`process slot ${place.slot} of ${place.slots} is not a slot: expected 0 ≤ slot < slots`);
    }
    this.selectOrdinal = db.prepare('SELECT ordinal FROM run_hosts WHERE run_id = ? AND host = ?').pluck();
    this.insertOrdinal = db.prepare(
      `INSERT INTO run_hosts (run_id, host, ordinal) VALUES (@runId, @host, (SELECT COUNT(*) FROM run_hosts WHERE run_id = @runId))
       ON CONFLICT (run_id, host) DO NOTHING`,
    );
  }

  /** Takes this process's slot; refuses when a live process holds it (two senders per host would break the gate). */
  claim(isGone: (workerId: string) => boolean): void {
    const holder = this.holderOf(this.place.slot);
    if (holder !== null && holder !== this.workerId && !isGone(holder)) {
      throw new Error(`slot ${this.place.slot} of run ${this.runId} is held by the live process ${holder}`);
    }
    this.setHolder(this.place.slot);
  }

  /** Takes over a slot whose process ended or died; returns the hosts it brings (seen so far in the run). */
  takeOver(slot: number): string[] {
    if (this.mine.has(slot)) return [];
    this.setHolder(slot);
    const hosts = this.db.prepare('SELECT host, ordinal FROM run_hosts WHERE run_id = ?').all(this.runId) as Array<{ host: string; ordinal: number }>;
    return hosts.filter((row) => row.ordinal % this.place.slots === slot).map((row) => row.host);
  }

  owns(host: string): boolean {
    return this.mine.has(this.ordinal(host) % this.place.slots);
  }

  /** The slot whose process sends to the host; null when it is this process's. */
  ownerSlot(host: string): number | null {
    const slot = this.ordinal(host) % this.place.slots;
    return this.mine.has(slot) ? null : slot;
  }

  /** The seeder's mark: while it stands the queues may still grow, so no other process may call the run over. */
  markSeeding(seeding: boolean): void {
    this.write(() => {
      // Slot 0 is the run's one seeder: a mark left by an earlier one that died (before a --resume) goes.
      if (seeding) this.db.prepare('DELETE FROM run_seeders WHERE run_id = ?').run(this.runId);
      if (seeding) this.db.prepare('INSERT INTO run_seeders (run_id, worker_id) VALUES (?, ?)').run(this.runId, this.workerId);
      else this.db.prepare('DELETE FROM run_seeders WHERE run_id = ? AND worker_id = ?').run(this.runId, this.workerId);
    });
  }

  /**
   * Whether the run may be over for this process: no request pending on any host, none in progress at
   * another process, and no seeder at work. (A seeder that died leaves its mark, and a process launched
   * by it stops when it loses its parent.)
   */
  runDrained(): boolean {
    const busy = this.db
      .prepare(
        `SELECT EXISTS (SELECT 1 FROM requests INDEXED BY requests_pick WHERE run_id = @runId AND state = 'pending')
             OR EXISTS (SELECT 1 FROM requests INDEXED BY requests_leased WHERE run_id = @runId AND state = 'in_progress' AND worker_id IS NOT @workerId)
             OR EXISTS (SELECT 1 FROM run_seeders WHERE run_id = @runId AND worker_id IS NOT @workerId)`,
      )
      .pluck()
      .get({ runId: this.runId, workerId: this.workerId }) as number;
    return busy === 0;
  }

  private ordinal(host: string): number {
    let ordinal = this.ordinals.get(host);
    if (ordinal === undefined) {
      ordinal = (this.selectOrdinal.get(this.runId, host) as number | undefined) ?? this.write(() => {
        this.insertOrdinal.run({ runId: this.runId, host });
        return this.selectOrdinal.get(this.runId, host) as number;
      });
      this.ordinals.set(host, ordinal);
    }
    return ordinal;
  }

  private holderOf(slot: number): string | null {
    return (this.db.prepare('SELECT worker_id FROM run_slots WHERE run_id = ? AND slot = ?').pluck().get(this.runId, slot) as string | undefined) ?? null;
  }

  private setHolder(slot: number): void {
    this.write(() =>
      this.db
        .prepare('INSERT INTO run_slots (run_id, slot, worker_id) VALUES (?, ?, ?) ON CONFLICT (run_id, slot) DO UPDATE SET worker_id = excluded.worker_id')
        .run(this.runId, slot, this.workerId),
    );
    this.mine.add(slot);
  }
}
