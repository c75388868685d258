// The embedded frontier: per-run requests in frontier.sqlite, picked per host through a ready-heap.
import { randomUUID } from 'node:crypto';
import type { CrawlRequest } from '../../src/core/request';
import type { SqliteDb } from './open-frontier-db';
import { SqliteHostGate } from './sqlite-host-gate';
import { breakerOptionsFromSettings } from '../../src/politeness/breaker-board';
import { settingsSchema } from '../../src/settings/schema';
import { acquireFrontierConnection, withFrontierDb, type FrontierConnection } from './frontier-connection';
import type { AddResult, DeferOptions, Frontier, HopBooking, LedgerSummary, Pick, RunStatus } from '../../src/ports/frontier';
import { finishRun, getRun, latestUnfinishedRun, listRuns, openRun, type RunInfo } from './frontier-runs';
import { SharedRun } from './shared-run';
import { OwnerHops } from './owner-hops';
import type { HostOwners } from '../../src/ports/host-owners';
import { runSummary } from './frontier-summary';
import { frontierStatements, type FrontierStatements } from './frontier-statements';
import { pickReady, type ReadyPickParts } from './ready-pick';
import type { SqliteFrontierOptions } from './sqlite-frontier-options';
import { GroupCommit } from './group-commit';
import { QueueChanges } from './queue-changes';
import { ReadyHosts } from './ready-hosts';
import { WorkerRegistry } from './worker-registry';
import { claimRun } from './run-claim';

export type { SqliteFrontierOptions };


export class SqliteFrontier implements Frontier {
  readonly runId: string;
  /** True when the run existed before this open (resumed or crash-recovered). */
  readonly resumed: boolean;
  /** Leases of dead workers put back to pending while opening. */
  readonly reclaimedOnOpen: number;
  /** ...and later, when this worker ran out of work while another worker's leases were out. */
  reclaimedWhileRunning = 0;
  private readonly reclaimEveryMs: number;
  private readonly ready: ReadyHosts;
  private readonly leases = new Map<string, string>();
  private readonly workers: WorkerRegistry;
  private readonly statements: FrontierStatements;
  private readonly commits: GroupCommit;
  /** The run's host gate: these slots, the breakers, and what they keep over a resume. */
  readonly gate: SqliteHostGate;
  private readonly queueChanges: QueueChanges;
  /** What the hot path's pick reads and changes (ready-pick.ts). */
  private readonly picking: ReadyPickParts;
  /** The last queue_changes seq adopted: hosts a Crawlee client of this run made pending later are recounted. */
  private queueChangesSeen: number;
  private closed = false;

  private readonly db: SqliteDb;
  /** Set when several processes crawl this run: the hosts this one may send to. */
  private readonly shared: SharedRun | null;
  /** `crawl --processes`, once linked: hops to the other processes' hosts. */
  private ownerHops: OwnerHops | null = null;

  private constructor(
    private readonly connection: FrontierConnection,
    private readonly options: SqliteFrontierOptions,
    run: RunInfo,
    resumed: boolean,
  ) {
    const db = connection.db;
    this.db = db;
    this.runId = run.runId;
    this.resumed = resumed;
    this.workers = new WorkerRegistry(db, {
      workerId: options.workerId,
      heartbeatEveryMs: options.heartbeatEveryMs,
      staleAfterMs: options.staleWorkerAfterMs,
    });
    this.statements = frontierStatements(db);
    this.commits = connection.commits;
    try {
      claimRun({ db, runId: this.runId, commits: this.commits, workers: this.workers }, options.share);
    } catch (error) {
      this.workers.close();
      throw error;
    }
    this.reclaimedOnOpen = this.workers.reclaimDead(this.runId);
    this.gate = new SqliteHostGate(db, this.runId, this.commits, options.hostSlots, options.breaker ?? breakerOptionsFromSettings(settingsSchema.parse({})));
    this.reclaimEveryMs = options.heartbeatEveryMs ?? 5_000;
    this.queueChanges = new QueueChanges(db);
    this.queueChangesSeen = this.queueChanges.latest(this.runId);
    this.ready = new ReadyHosts(options.hostSlots, options.clock);
    this.picking = { runId: this.runId, workerId: this.workers.workerId, slots: options.hostSlots, ready: this.ready, statements: this.statements, commits: this.commits, leases: this.leases, nothingHere: (nowMs) => this.nothingHere(nowMs) };
    const parts = { db, runId: this.runId, workers: this.workers, commits: this.commits, gate: this.gate };
    this.shared = options.share && options.share.slots > 1 ? new SharedRun(parts, options.share) : null;
    if (resumed) this.holdPendingHosts(options.clock.nowMs());
    this.loadPending();
  }

  /**
   * A resumed run can follow its last process within a host's interval (a stop and an immediate --resume,
   * a crash restarted at once), and that process's send times died with it: the first page of the resume
   * reached the server 390 ms after the last of the stopped run at a 500 ms interval. Each host with
   * pending work first waits a full interval from the open, as a host adopted from a process that died does.
   */
  private holdPendingHosts(nowMs: number): void {
    for (const host of this.pendingHosts()) this.gate.noteSend(host, nowMs);
  }

  /** This process's hosts with pending rows, by one index hop per host. */
  private *pendingHosts(): Generator<string> {
    for (let host = this.statements.nextPendingHost.get(this.runId, '') as string | undefined; host !== undefined; host = this.statements.nextPendingHost.get(this.runId, host) as string | undefined) {
      if (this.owns(host)) yield host;
    }
  }

  /** The host is this process's to send to (always, unless several processes share the run). */
  private owns(host: string): boolean {
    return this.shared === null || this.shared.owns(host);
  }

  /**
   * Puts every host with pending rows in the heap, found by one index hop per host rather than by
   * counting its rows: a resume of a million pending requests reaches its first pick at once.
   */
  private loadPending(): void {
    // Infinity: not counted; such a host leaves the heap when its pick finds no row.
    for (const host of this.pendingHosts()) this.ready.setPending(host, Number.POSITIVE_INFINITY);
  }

  /**
   * Nothing pending here, but other workers of this run may hold leases: those of a worker that died
   * meanwhile come back now (the same exact liveness check as at open); while live ones hold some, the
   * run is not over (their callbacks may add requests), so wait and look again.
   */
  private othersLeases(nowMs: number): Pick | null {
    if (this.statements.leasedByOthers.get(this.runId, this.workers.workerId) === undefined) return null;
    const reclaimed = this.commits.write(() => this.workers.reclaimDead(this.runId));
    if (reclaimed > 0) {
      this.reclaimedWhileRunning += reclaimed;
      this.loadPending();
      return this.next(nowMs);
    }
    return { type: 'wait', atMs: nowMs + this.reclaimEveryMs };
  }

  /** Nothing of this process's hosts is pending: the run may be over, or other processes' work may still come here. */
  private nothingHere(nowMs: number): Pick {
    return this.shared ? this.shared.nothingHere(nowMs) : (this.othersLeases(nowMs) ?? { type: 'empty' });
  }

  /** Another process of this run ended or died: its slot passes to this one (shared-run.ts). */
  takeOverSlot(slot: number): void {
    if (this.shared === null) throw new Error(`run ${this.runId} is not shared by several processes: no slot ${slot} to take over`);
    this.reclaimedWhileRunning += this.shared.takeOver(slot, this.options.clock.nowMs());
    this.loadPending();
  }

  async seedingDone(): Promise<void> {
    await this.shared?.seedingDone();
  }

  static open(options: SqliteFrontierOptions): SqliteFrontier {
    const connection = acquireFrontierConnection(options.dir);
    const { db } = connection;
    try {
      if (options.share) SharedRun.refuseMissingRun(getRun(db, options.runId) !== null, options.runId, options.share);
      const { run, resumed } = openRun(db, options.spider, options.runId, options.clock.nowMs(), options.itemStore ?? null);
      return new SqliteFrontier(connection, options, run, resumed);
    } catch (error) {
      connection.release();
      throw error;
    }
  }

  static listRuns(dir: string, spider?: string): RunInfo[] {
    return withFrontierDb(dir, (db) => listRuns(db, spider));
  }

  static latestUnfinishedRun(dir: string, spider: string): RunInfo | null {
    return withFrontierDb(dir, (db) => latestUnfinishedRun(db, spider));
  }

  get workerId(): string {
    return this.workers.workerId;
  }

  async add(requests: CrawlRequest[]): Promise<AddResult> {
    const insertAll = this.db.transaction(() => {
      const inserted: Array<{ request: CrawlRequest; host: string; id: string }> = [];
      for (const request of requests) {
        const host = this.options.hostKeyOf(request.url);
        // dontFilter requests must never collide, so each gets a fingerprint of its own.
        const fingerprint = request.dontFilter ? `${request.fingerprint}#${randomUUID()}` : request.fingerprint;
        const result = this.statements.insert.run(this.runId, fingerprint, host, request.priority, request.attempt, JSON.stringify(request));
        if (result.changes === 1) inserted.push({ request, host, id: String(result.lastInsertRowid) });
      }
      // Another process's host: its owner recounts the host from the journal, committed with the rows.
      for (const host of new Set(inserted.map((row) => row.host))) if (!this.owns(host)) this.queueChanges.note(this.runId, host);
      return inserted;
    });
    // Counters and ids change only once the whole batch is in: a throw mid-batch rolls it all back.
    const inserted = this.commits.write(insertAll);
    for (const { request, host, id } of inserted) {
      request.id = id;
      if (this.owns(host)) this.ready.countPending(host);
    }
    for (const host of new Set(inserted.map((row) => row.host))) if (this.owns(host)) this.ready.wake(host, 0);
    await this.commits.durable();
    return { added: inserted.length, duplicates: requests.length - inserted.length };
  }

  /** Only when there is nothing to lease does it look for work another client of the run's queue added. */
  next(nowMs: number): Pick {
    const pick = pickReady(this.picking, nowMs);
    if (pick.type === 'lease' || !this.adoptQueueChanges()) return pick;
    return pickReady(this.picking, nowMs);
  }

  async markHandled(request: CrawlRequest, status: number | null): Promise<void> {
    const id = this.rowId(request);
    this.settle(request, this.commits.write(() => this.statements.succeed.run(status, id, this.runId)).changes, 'markHandled');
    await this.commits.durable();
  }

  async fail(request: CrawlRequest, reason: string, status: number | null): Promise<void> {
    const id = this.rowId(request);
    this.settle(request, this.commits.write(() => this.statements.fail.run(reason, status, Date.now(), id, this.runId)).changes, 'fail');
    await this.commits.durable();
  }

  async defer(request: CrawlRequest, untilMs: number, options: DeferOptions = {}): Promise<void> {
    const bump = options.countAttempt ? 1 : 0;
    const id = this.rowId(request);
    const host = this.leases.get(String(id)) ?? this.options.hostKeyOf(request.url);
    // The deferral count lives in the stored request (rewritten only then); the attempt has its own column.
    const json = options.countDeferral ? JSON.stringify({ ...request.toJSON(), deferrals: request.deferrals + 1 }) : null;
    const changes = this.commits.write(() => this.statements.defer.run(untilMs, bump, options.reason ?? null, json, id, this.runId)).changes;
    this.settle(request, changes, 'defer');
    request.attempt += bump;
    if (json !== null) request.deferrals += 1;
    this.ready.countPending(host);
    this.ready.wake(host, untilMs);
    await this.commits.durable();
  }

  /**
   * In the host's own slots, so its picks queue behind the hop. Under `crawl --processes` a host another
   * process owns is booked in that process's slots (owner-hops.ts), once the processes are linked.
   */
  bookHop(hostKey: string, nowMs: number): HopBooking | null | Promise<HopBooking | null> {
    const owner = this.ownerHops && this.shared?.ownerSlot(hostKey);
    if (this.ownerHops && typeof owner === 'number') return this.ownerHops.book(owner, hostKey);
    return this.bookHere(hostKey, nowMs);
  }

  private bookHere(hostKey: string, nowMs: number): HopBooking | null {
    const reservation = this.options.hostSlots.book(hostKey, nowMs);
    return reservation && { atMs: reservation.reservedAtMs, slot: this.ready.slot(hostKey, reservation) };
  }

  /** Links this process to the run's others: hops between their hosts are booked where each host is sent to. */
  shareHops(owners: HostOwners): void {
    if (this.shared === null) return;
    this.ownerHops = new OwnerHops(owners, this.options.clock, { book: (hostKey, nowMs) => this.bookHere(hostKey, nowMs), pause: (hostKey, untilMs) => this.pauseHost(hostKey, untilMs) });
  }

  /** Once the processes are linked: the slot of the process that sends to the host; null when it is this one. */
  ownerSlot(hostKey: string): number | null {
    return this.ownerHops ? (this.shared?.ownerSlot(hostKey) ?? null) : null;
  }

  pauseHost(hostKey: string, untilMs: number): void {
    // A hop's answer from another process's host: its owner pauses it too (this process keeps the pause for its own hops).
    const owner = this.ownerHops && this.shared?.ownerSlot(hostKey);
    if (this.ownerHops && typeof owner === 'number') this.ownerHops.pause(owner, hostKey, untilMs);
    this.gate.pause(hostKey, untilMs, 'retry-after');
    const current = this.ready.heap.atMsOf(hostKey);
    if (current !== undefined) this.ready.heap.set(hostKey, Math.max(current, this.options.hostSlots.nextOpenAtMs(hostKey)));
  }

  inFlight(): number {
    return this.leases.size;
  }

  async summary(): Promise<LedgerSummary> {
    return runSummary(this.db, this.runId);
  }

  finishRun(status: Exclude<RunStatus, 'running'>): void {
    this.commits.write(() => finishRun(this.db, this.runId, status, this.options.clock.nowMs()));
    this.commits.flush();
  }

  /** Commits the current turn's writes now (leases included), e.g. before another process reads them. */
  flush(): void {
    this.commits.flush();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      this.commits.flush();
      this.workers.close();
    } finally {
      this.connection.release();
    }
  }

  /** Recounts the hosts a Crawlee client of this run made pending since last time (queue-changes.ts); true if any. */
  private adoptQueueChanges(): boolean {
    const changes = this.queueChanges.since(this.runId, this.queueChangesSeen);
    if (changes.length === 0) return false;
    for (const { host, seq } of changes) {
      this.queueChangesSeen = Math.max(this.queueChangesSeen, seq);
      if (!this.owns(host)) continue;
      this.ready.setPending(host, this.statements.pendingOfHost.get(this.runId, host) as number);
    }
    return true;
  }

  private rowId(request: CrawlRequest): number {
    if (request.id === null) throw new Error(`request ${request.url} has no frontier id: it was never added`);
    return Number(request.id);
  }

  private settle(request: CrawlRequest, changes: number, action: string): void {
    if (changes !== 1) throw new Error(`${action}: request ${request.id} (${request.url}) is not in progress in run ${this.runId}`);
    this.leases.delete(request.id!);
  }
}
