// The embedded frontier: per-run requests in frontier.sqlite, picked per host through a ready-heap.
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
import { LeaseEnds } from './lease-ends';
import { insertTransaction } from './insert-requests';
import { PendingHosts } from './pending-hosts';
import { requeueUnstoredAcks } from './unstored-acks';

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
  /** How leases end: handled, failed, deferred (lease-ends.ts). */
  private readonly ends: LeaseEnds;
  /** What the hot path's pick reads and changes (ready-pick.ts). */
  private readonly picking: ReadyPickParts;
  /** The hosts with pending rows, loaded into the heap (pending-hosts.ts). */
  private readonly pending: PendingHosts;
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
    this.ready = new ReadyHosts(options.hostSlots, options.clock);
    // The queue_changes seq is read now: what a Crawlee client of the run adds from here on is adopted.
    this.pending = new PendingHosts({ runId: this.runId, statements: this.statements, ready: this.ready, gate: this.gate, queueChanges: this.queueChanges, owns: (host) => this.owns(host) });
    this.picking = { runId: this.runId, workerId: this.workers.workerId, slots: options.hostSlots, ready: this.ready, statements: this.statements, commits: this.commits, leases: this.leases, nothingHere: (nowMs) => this.nothingHere(nowMs) };
    this.ends = new LeaseEnds({ runId: this.runId, statements: this.statements, commits: this.commits, ready: this.ready, leases: this.leases, hostKeyOf: options.hostKeyOf });
    const parts = { db, runId: this.runId, workers: this.workers, commits: this.commits, gate: this.gate };
    this.shared = options.share && options.share.slots > 1 ? new SharedRun(parts, options.share) : null;
    if (resumed) this.pending.hold(options.clock.nowMs());
    this.pending.load();
  }

  /** The host is this process's to send to (always, unless several processes share the run). */
  private owns(host: string): boolean {
    return this.shared === null || this.shared.owns(host);
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
      this.pending.load();
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
    this.pending.load();
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
    const insertAll = insertTransaction({ db: this.db, runId: this.runId, statements: this.statements, queueChanges: this.queueChanges, hostKeyOf: this.options.hostKeyOf, owns: (host) => this.owns(host) }, requests);
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
    if (pick.type === 'lease' || !this.pending.adoptQueueChanges()) return pick;
    return pickReady(this.picking, nowMs);
  }

  markHandled(request: CrawlRequest, status: number | null): Promise<void> {
    return this.ends.markHandled(request, status);
  }

  fail(request: CrawlRequest, reason: string, status: number | null): Promise<void> {
    return this.ends.fail(request, reason, status);
  }

  defer(request: CrawlRequest, untilMs: number, options: DeferOptions = {}): Promise<void> {
    return this.ends.defer(request, untilMs, options);
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

  /** A resumed run: acknowledged requests whose items the store lacks are pending again (unstored-acks.ts). */
  requeueUnstoredAcks(stored: ReadonlyMap<string, number | null>): number {
    this.commits.flush();
    const requeued = requeueUnstoredAcks(this.db, this.runId, stored);
    if (requeued === 0) return 0;
    // Their hosts wait a full interval from now, as every host of a resumed run does (pending-hosts.ts hold).
    this.pending.hold(this.options.clock.nowMs());
    this.pending.load();
    return requeued;
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
}
