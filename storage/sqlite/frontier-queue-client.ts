// Crawlee's RequestQueueClient over a run's rows in frontier.sqlite: the frontier's own table, order and leases.
import type * as storage from '@crawlee/types';
import type { FrontierConnection } from './frontier-connection';
import { runCounts } from './frontier-summary';
import { frontierStatements, type FrontierStatements } from './frontier-statements';
import { getRun } from './frontier-runs';
import { QueueChanges } from './queue-changes';
import { ReadyHeap } from '../../src/frontier/ready-heap';
import { WorkerRegistry } from './worker-registry';
import {
  FOREFRONT_PRIORITY,
  fingerprintOf,
  headItem,
  settlementOf,
  queueEntries,
  toRequestOptions,
  updatedJson,
} from '../../src/queue/queue-request';
import { addOne, queueInfo, refuseRename, type QueueCounts } from '../../src/queue/queue-info';
import { thisHostname } from '../process-liveness';
import { queueStatements, type QueueStatements, type QueueRow } from './queue-statements';

export interface FrontierQueueClientOptions {
  connection: FrontierConnection;
  runId: string;
  /** The crawl's politeness key (politeness.hostKey): a request joins the same host queue as the spider's. */
  hostKeyOf: (url: string) => string;
  clientKey?: string;
}

/**
 * A lock is a frontier lease held by this client's worker row: state in_progress, worker_id ours. As for
 * the engine, a lease outlives `lockSecs` while this process lives (another client cannot break it,
 * so a request is never fetched twice at once) and goes back at once when the process dies (the
 * worker registry's liveness). `lockSecs` still frees a lease this client forgot: its own expired locks
 * go back to pending on its next listAndLockHead.
 * The head is the frontier's per-host order: hosts take turns (a ready-heap of hosts), each giving its
 * best request (priority, then insertion). Politeness clocks stay with the crawl that sends the request.
 */
export class FrontierQueueClient implements storage.RequestQueueClient {
  readonly clientKey: string;
  private readonly statements: FrontierStatements;
  private readonly queries: QueueStatements;
  private readonly changes: QueueChanges;
  private readonly workerId: string;
  /** Registered on the first lock: Crawlee opens throwaway clients just to read get(). */
  private workers: WorkerRegistry | null = null;
  private heap: ReadyHeap | null = null;
  private readonly locks = new Map<string, number>();
  /** Highest row id of the run looked at: newer rows may bring hosts the heap does not know. */
  private scannedId = 0;

  constructor(private readonly options: FrontierQueueClientOptions) {
    const { db } = options.connection;
    this.clientKey = options.clientKey ?? Math.random().toString(36).slice(2, 12);
    this.statements = frontierStatements(db);
    this.queries = queueStatements(db);
    this.changes = new QueueChanges(db);
    this.workerId = `${thisHostname}:${process.pid}:rq-${this.clientKey}`;
  }

  async get(): Promise<storage.RequestQueueInfo | undefined> {
    const run = getRun(this.db, this.runId);
    if (!run) return undefined;
    return queueInfo(run, this.counts());
  }

  async update(newFields: { name?: string }): Promise<Partial<storage.RequestQueueInfo> | undefined> {
    refuseRename(this.runId, newFields.name);
    return this.get();
  }

  /** Crawlee's drop(): the run, its requests and its journal go. */
  async delete(): Promise<void> {
    this.write(() => this.queries.deleteRun(this.runId));
    this.heap = null;
    this.locks.clear();
    await this.durable();
  }

  async listHead(options: storage.ListOptions = {}): Promise<storage.QueueHead> {
    const limit = options.limit ?? 100;
    const rows = this.queries.head.all({ runId: this.runId, nowMs: Date.now(), limit }) as QueueRow[];
    return { limit, queueModifiedAt: new Date(), hadMultipleClients: true, items: rows.map((row) => headItem(String(row.id), row.json, row.attempt, row.fingerprint)) };
  }

  /** One synchronous pass inside the turn's transaction: no other client can lease the same row. */
  async listAndLockHead(options: storage.ListAndLockOptions): Promise<storage.ListAndLockHeadResult> {
    const limit = options.limit ?? 25;
    const nowMs = Date.now();
    this.workers ??= new WorkerRegistry(this.db, { workerId: this.workerId });
    this.releaseExpired(nowMs);
    const heap = this.readyHeap();
    const items = this.write(() => this.lockHead(heap, limit, nowMs, nowMs + options.lockSecs * 1000));
    await this.durable();
    const waiting = heap.size > 0 || this.queries.anyLeased.get(this.runId) !== undefined;
    return { limit, lockSecs: options.lockSecs, queueModifiedAt: new Date(), hadMultipleClients: true, queueHasLockedRequests: items.length > 0 || waiting, items };
  }

  async prolongRequestLock(id: string, options: storage.ProlongRequestLockOptions): Promise<storage.ProlongRequestLockResult> {
    const row = this.row(id);
    if (row?.state !== 'in_progress' || row.worker_id !== this.workerId) throw new Error(`request ${id} is not locked by this client`);
    const expiresAtMs = Date.now() + options.lockSecs * 1000;
    this.locks.set(id, expiresAtMs);
    if (options.forefront) this.write(() => this.queries.setPriority.run(FOREFRONT_PRIORITY, row.id));
    await this.durable();
    return { lockExpiresAt: new Date(expiresAtMs) };
  }

  async deleteRequestLock(id: string, options: storage.DeleteRequestLockOptions = {}): Promise<void> {
    const row = this.row(id);
    if (row?.state !== 'in_progress') return;
    if (row.worker_id !== this.workerId) throw new Error(`request ${id} is locked by another client`);
    this.write(() => this.unlock(row, options.forefront === true));
    await this.durable();
  }

  async addRequest(request: storage.RequestSchema, options: storage.RequestOptions = {}): Promise<storage.QueueOperationInfo> {
    return addOne(this, request, options);
  }

  /** The frontier's insert: a duplicate (same fingerprint in the run) reports the stored row instead. */
  async batchAddRequests(requests: storage.RequestSchema[], options: storage.RequestOptions = {}): Promise<storage.BatchAddRequestsResult> {
    const { entries, unprocessed } = queueEntries(requests, options.forefront === true, this.options.hostKeyOf);
    const result: storage.BatchAddRequestsResult = { processedRequests: [], unprocessedRequests: unprocessed };
    const insertAll = this.db.transaction(() => {
      const hosts = new Set<string>();
      for (const { schema, host, request, fingerprint, json } of entries) {
        const inserted = this.statements.insert.run(this.runId, fingerprint, host, request.priority, request.attempt, json);
        if (inserted.changes === 1) {
          hosts.add(host);
          result.processedRequests.push({ uniqueKey: schema.uniqueKey, requestId: String(inserted.lastInsertRowid), wasAlreadyPresent: false, wasAlreadyHandled: false });
          continue;
        }
        const existing = this.queries.byFingerprint.get(this.runId, fingerprint) as { id: number; state: string };
        result.processedRequests.push({ uniqueKey: schema.uniqueKey, requestId: String(existing.id), wasAlreadyPresent: true, wasAlreadyHandled: isSettled(existing.state) });
      }
      for (const host of hosts) this.notePending(host);
    });
    this.write(() => insertAll());
    await this.durable();
    return result;
  }

  async getRequest(id: string): Promise<storage.RequestOptions | undefined> {
    const row = this.row(id);
    return row ? toRequestOptions(id, row.json, row.attempt, row.fingerprint) : undefined;
  }

  /**
   * Handled: the ledger's succeeded, or failed with a reason when Crawlee gave the request up
   * (settlementOf). Not handled (a reclaim): the new retry count, errors and data are stored and the
   * request stays where it is; deleteRequestLock then puts it back in its host queue.
   */
  async updateRequest(update: storage.UpdateRequestSchema, options: storage.RequestOptions = {}): Promise<storage.QueueOperationInfo> {
    const row = this.row(update.id);
    if (!row) return this.addRequest(update, options);
    const requestId = String(row.id);
    if (isSettled(row.state)) return { requestId, wasAlreadyPresent: true, wasAlreadyHandled: true };
    if (row.state === 'in_progress' && row.worker_id !== this.workerId) throw new Error(`request ${requestId} is in progress at ${row.worker_id}`);
    const settlement = settlementOf(update);
    this.write(() => {
      const priority = options.forefront ? FOREFRONT_PRIORITY : null;
      this.queries.setJson.run(updatedJson(row.json, update), update.retryCount ?? row.attempt, priority, row.id);
      if (settlement) {
        const failed = settlement.outcome === 'failed';
        this.queries.settle.run(settlement.outcome, failed ? settlement.reason : null, failed ? Date.now() : null, row.id, this.runId, this.workerId);
      } else if (row.state === 'pending') this.notePending(row.host);
    });
    if (settlement) this.locks.delete(requestId);
    await this.durable();
    return { requestId, wasAlreadyPresent: true, wasAlreadyHandled: false };
  }

  async deleteRequest(_id: string): Promise<unknown> {
    throw new Error('requests of a run are never deleted: the ledger counts every planned request until it ends');
  }

  /** Hands this client's leases back at once and leaves the worker registry. */
  async close(): Promise<void> {
    const leased = this.queries.leasedBy.all(this.runId, this.workerId) as QueueRow[];
    this.write(() => {
      for (const row of leased) this.unlock(row, false);
    });
    await this.durable();
    this.workers?.close();
    this.workers = null;
  }

  private lockHead(heap: ReadyHeap, limit: number, nowMs: number, expiresAtMs: number): storage.RequestQueueHeadItem[] {
    const items: storage.RequestQueueHeadItem[] = [];
    while (items.length < limit) {
      const top = heap.peek();
      if (!top || top.atMs > nowMs) break;
      const host = top.hostKey;
      const row = this.statements.pick.get(this.runId, host, nowMs) as { id: number; json: string; attempt: number } | undefined;
      if (!row) {
        const { at } = this.statements.earliest.get(this.runId, host) as { at: number | null };
        if (at === null) heap.delete(host);
        else heap.set(host, at);
        continue;
      }
      this.statements.lease.run(this.workerId, null, row.id);
      // Re-set at the same time: ties go by insertion, so the host moves behind the others due now.
      heap.set(host, nowMs);
      this.locks.set(String(row.id), expiresAtMs);
      items.push(headItem(String(row.id), row.json, row.attempt, fingerprintOf(row.json)));
    }
    return items;
  }

  private unlock(row: QueueRow, forefront: boolean): void {
    const changed = this.queries.unlock.run(forefront ? FOREFRONT_PRIORITY : null, row.id, this.runId, this.workerId).changes;
    this.locks.delete(String(row.id));
    if (changed === 1) this.notePending(row.host);
  }

  private releaseExpired(nowMs: number): void {
    const expired = [...this.locks].filter(([, atMs]) => atMs <= nowMs).map(([id]) => this.row(id));
    if (expired.length === 0) return;
    this.write(() => {
      for (const row of expired) if (row) this.unlock(row, false);
    });
  }

  /** Journals the host for a running frontier (queue-changes.ts) and offers it to this client's head. */
  private notePending(host: string): void {
    this.changes.note(this.runId, host);
    const atMs = this.heap?.atMsOf(host);
    if (atMs === undefined || atMs > 0) this.heap?.set(host, 0);
  }

  /**
   * The hosts that may have work: rows added since the last look (spider output, other clients) join
   * it; when it ran dry, every host with pending rows is read again (a cost that grows with the pending
   * rows, so not on every call), which also finds requests the crawl deferred or handed back, and
   * those of dead lease holders.
   */
  private readyHeap(): ReadyHeap {
    if (this.heap === null || this.heap.size === 0) {
      // Leases of clients or crawl workers that died go back first, as a frontier does when it opens.
      this.workers?.reclaimDead(this.runId);
      const heap = new ReadyHeap();
      this.scannedId = this.queries.lastId.get(this.runId) as number;
      for (const { host, at } of this.queries.pendingHosts.all(this.runId) as Array<{ host: string; at: number }>) heap.set(host, at);
      this.heap = heap;
      return heap;
    }
    for (const row of this.queries.newRows.iterate(this.runId, this.scannedId) as Iterable<{ id: number; host: string; state: string }>) {
      this.scannedId = row.id;
      if (row.state === 'pending' && !this.heap.has(row.host)) this.heap.set(row.host, 0);
    }
    return this.heap;
  }

  private counts(): QueueCounts {
    return runCounts(this.db, this.runId);
  }

  private row(id: string): QueueRow | undefined {
    const rowId = Number(id);
    if (!Number.isSafeInteger(rowId)) return undefined;
    return this.queries.byId.get(rowId, this.runId) as QueueRow | undefined;
  }

  private write<T>(fn: () => T): T {
    return this.options.connection.commits.write(fn);
  }

  private durable(): Promise<void> {
    return this.options.connection.commits.durable();
  }

  private get db() {
    return this.options.connection.db;
  }

  private get runId(): string {
    return this.options.runId;
  }
}

function isSettled(state: string): boolean {
  return state === 'succeeded' || state === 'failed';
}
