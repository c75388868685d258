// Crawlee RequestQueueClient over frontier.sqlite: durable requests, per-client locks, atomic head locking.
import { createHash } from 'node:crypto';
import type * as storage from '@crawlee/types';
import type { SqliteDb } from './open-frontier-db';
import { thisHostname } from './process-liveness';

interface QueueRow {
  id: string;
  name: string | null;
  created_at: number;
  modified_at: number;
  accessed_at: number;
}

interface RequestRow {
  id: string;
  order_no: number | null;
  locked_until: number;
  lock_owner: string | null;
  json: string;
}

/** Same derivation as Crawlee's stores (sha256 of the uniqueKey, base64 without symbols, 15 chars). */
export function requestIdOf(uniqueKey: string): string {
  return createHash('sha256').update(uniqueKey).digest('base64').replace(/[+/=]/g, '').slice(0, 15);
}

/** Monotonic per process so FIFO holds within a millisecond; time-based so processes interleave sanely. */
let lastSeq = 0;
export function nextSeq(): number {
  lastSeq = Math.max(lastSeq + 1, Date.now() * 1000);
  return lastSeq;
}

export function queueInfo(db: SqliteDb, row: QueueRow): storage.RequestQueueInfo {
  const counts = db
    .prepare(
      `SELECT COUNT(*) AS total, COALESCE(SUM(order_no IS NULL), 0) AS handled FROM rq_requests WHERE queue_id = ?`,
    )
    .get(row.id) as { total: number; handled: number };
  return {
    id: row.id,
    name: row.name ?? undefined,
    createdAt: new Date(row.created_at),
    modifiedAt: new Date(row.modified_at),
    accessedAt: new Date(row.accessed_at),
    totalRequestCount: counts.total,
    handledRequestCount: counts.handled,
    pendingRequestCount: counts.total - counts.handled,
    hadMultipleClients: false,
  };
}

export function findQueue(db: SqliteDb, idOrName: string): QueueRow | undefined {
  return db.prepare('SELECT * FROM rq_queues WHERE id = ? OR name = ? ORDER BY id = ? DESC LIMIT 1').get(idOrName, idOrName, idOrName) as
    | QueueRow
    | undefined;
}

/**
 * order_no orders the head: forefront requests get -seq (newest first), others +seq (FIFO); NULL
 * means handled. A lock is (lock_owner, locked_until); an expired lock is free for anyone.
 */
export class SqliteRequestQueueClient implements storage.RequestQueueClient {
  readonly clientKey: string;

  constructor(
    private readonly db: SqliteDb,
    private readonly idOrName: string,
    options: storage.RequestQueueOptions = {},
  ) {
    this.clientKey = options.clientKey ?? `client-${process.pid}-${Math.random().toString(36).slice(2)}`;
  }

  async get(): Promise<storage.RequestQueueInfo | undefined> {
    const row = findQueue(this.db, this.idOrName);
    if (!row) return undefined;
    this.db.prepare('UPDATE rq_queues SET accessed_at = ? WHERE id = ?').run(Date.now(), row.id);
    return queueInfo(this.db, row);
  }

  async update(newFields: { name?: string }): Promise<Partial<storage.RequestQueueInfo> | undefined> {
    const id = this.queueId();
    if (newFields.name) this.db.prepare('UPDATE rq_queues SET name = ?, modified_at = ? WHERE id = ?').run(newFields.name, Date.now(), id);
    return queueInfo(this.db, findQueue(this.db, id)!);
  }

  async delete(): Promise<void> {
    const row = findQueue(this.db, this.idOrName);
    if (!row) return;
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM rq_requests WHERE queue_id = ?').run(row.id);
      this.db.prepare('DELETE FROM rq_queues WHERE id = ?').run(row.id);
    })();
  }

  async listHead(options: storage.ListOptions = {}): Promise<storage.QueueHead> {
    const id = this.queueId();
    const rows = this.db
      .prepare(`SELECT json FROM rq_requests WHERE queue_id = ? AND order_no IS NOT NULL ORDER BY order_no LIMIT ?`)
      .all(id, options.limit ?? 100) as Array<{ json: string }>;
    return { limit: options.limit ?? 100, queueModifiedAt: this.modifiedAt(id), hadMultipleClients: false, items: rows.map((r) => headItem(r.json)) };
  }

  /** One transaction: select the free head and lock it, so two clients never lock the same request. */
  async listAndLockHead(options: storage.ListAndLockOptions): Promise<storage.ListAndLockHeadResult> {
    const id = this.queueId();
    const limit = Math.min(options.limit ?? 25, 25);
    const now = Date.now();
    const lockedUntil = now + options.lockSecs * 1000;
    const result = this.db.transaction(() => {
      const rows = this.db
        .prepare(
          `SELECT id, json FROM rq_requests WHERE queue_id = ? AND order_no IS NOT NULL AND locked_until <= ? ORDER BY order_no LIMIT ?`,
        )
        .all(id, now, limit) as Array<{ id: string; json: string }>;
      const lock = this.db.prepare(
        'UPDATE rq_requests SET locked_until = ?, lock_owner = ?, lock_pid = ?, lock_host = ? WHERE queue_id = ? AND id = ?',
      );
      for (const row of rows) lock.run(lockedUntil, this.clientKey, process.pid, thisHostname, id, row.id);
      const locked = this.db
        .prepare(`SELECT EXISTS (SELECT 1 FROM rq_requests WHERE queue_id = ? AND order_no IS NOT NULL AND locked_until > ?) AS any`)
        .get(id, now) as { any: number };
      return { rows, queueHasLockedRequests: locked.any === 1 };
    }).immediate();
    return {
      limit,
      lockSecs: options.lockSecs,
      queueModifiedAt: this.modifiedAt(id),
      hadMultipleClients: false,
      queueHasLockedRequests: result.queueHasLockedRequests,
      items: result.rows.map((r) => headItem(r.json)),
    };
  }

  async prolongRequestLock(requestId: string, options: storage.ProlongRequestLockOptions): Promise<storage.ProlongRequestLockResult> {
    const id = this.queueId();
    return this.db.transaction(() => {
      const row = this.row(id, requestId);
      if (row.order_no === null) throw new Error(`request ${requestId} is already handled`);
      if (row.lock_owner !== this.clientKey) throw new Error(`request ${requestId} is not locked by this client`);
      const now = Date.now();
      const until = Math.max(row.locked_until, now) + options.lockSecs * 1000;
      const orderNo = options.forefront ? -nextSeq() : row.order_no;
      this.db.prepare('UPDATE rq_requests SET locked_until = ?, order_no = ? WHERE queue_id = ? AND id = ?').run(until, orderNo, id, requestId);
      return { lockExpiresAt: new Date(until) };
    }).immediate();
  }

  async deleteRequestLock(requestId: string, options: storage.DeleteRequestLockOptions = {}): Promise<void> {
    const id = this.queueId();
    this.db.transaction(() => {
      const row = this.row(id, requestId);
      if (row.lock_owner !== null && row.lock_owner !== this.clientKey && row.locked_until > Date.now()) {
        throw new Error(`request ${requestId} is locked by another client`);
      }
      const orderNo = row.order_no !== null && options.forefront ? -nextSeq() : row.order_no;
      this.db
        .prepare(
          'UPDATE rq_requests SET locked_until = 0, lock_owner = NULL, lock_pid = NULL, lock_host = NULL, order_no = ? WHERE queue_id = ? AND id = ?',
        )
        .run(orderNo, id, requestId);
    }).immediate();
  }

  async addRequest(request: storage.RequestSchema, options: storage.RequestOptions = {}): Promise<storage.QueueOperationInfo> {
    const { processedRequests } = await this.batchAddRequests([request], options);
    const { requestId, wasAlreadyHandled, wasAlreadyPresent } = processedRequests[0];
    return { requestId, wasAlreadyHandled, wasAlreadyPresent };
  }

  async batchAddRequests(requests: storage.RequestSchema[], options: storage.RequestOptions = {}): Promise<storage.BatchAddRequestsResult> {
    const id = this.queueId();
    const insert = this.db.prepare(
      `INSERT INTO rq_requests (queue_id, id, unique_key, order_no, json) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    );
    const existing = this.db.prepare('SELECT order_no FROM rq_requests WHERE queue_id = ? AND id = ?');
    const processedRequests = this.db.transaction(() =>
      requests.map((request): storage.ProcessedRequest => {
        const requestId = requestIdOf(request.uniqueKey);
        const orderNo = request.handledAt ? null : options.forefront ? -nextSeq() : nextSeq();
        const json = JSON.stringify({ ...request, id: requestId });
        if (insert.run(id, requestId, request.uniqueKey, orderNo, json).changes === 1) {
          return { requestId, uniqueKey: request.uniqueKey, wasAlreadyPresent: false, wasAlreadyHandled: false };
        }
        const row = existing.get(id, requestId) as { order_no: number | null };
        return { requestId, uniqueKey: request.uniqueKey, wasAlreadyPresent: true, wasAlreadyHandled: row.order_no === null };
      }),
    )();
    this.touch(id);
    return { processedRequests, unprocessedRequests: [] };
  }

  async getRequest(requestId: string): Promise<storage.RequestOptions | undefined> {
    const row = this.db.prepare('SELECT json FROM rq_requests WHERE queue_id = ? AND id = ?').get(this.queueId(), requestId) as
      | { json: string }
      | undefined;
    return row ? (JSON.parse(row.json) as storage.RequestOptions) : undefined;
  }

  async updateRequest(request: storage.UpdateRequestSchema, options: storage.RequestOptions = {}): Promise<storage.QueueOperationInfo> {
    const id = this.queueId();
    const requestId = requestIdOf(request.uniqueKey);
    if (request.id && request.id !== requestId) throw new Error(`request id ${request.id} does not match its uniqueKey`);
    const before = this.db.prepare('SELECT order_no FROM rq_requests WHERE queue_id = ? AND id = ?').get(id, requestId) as
      | { order_no: number | null }
      | undefined;
    if (!before) return this.addRequest(request, options);
    // Like Crawlee's own stores: an unhandled update goes to the back, or to the front with forefront.
    const orderNo = request.handledAt ? null : options.forefront ? -nextSeq() : nextSeq();
    this.db
      .prepare('UPDATE rq_requests SET order_no = ?, json = ? WHERE queue_id = ? AND id = ?')
      .run(orderNo, JSON.stringify({ ...request, id: requestId }), id, requestId);
    this.touch(id);
    return { requestId, wasAlreadyPresent: true, wasAlreadyHandled: before.order_no === null };
  }

  async deleteRequest(requestId: string): Promise<unknown> {
    const id = this.queueId();
    this.db.prepare('DELETE FROM rq_requests WHERE queue_id = ? AND id = ?').run(id, requestId);
    this.touch(id);
    return undefined;
  }

  private queueId(): string {
    const row = findQueue(this.db, this.idOrName);
    if (!row) throw new Error(`request queue ${this.idOrName} does not exist`);
    return row.id;
  }

  private row(queueId: string, requestId: string): RequestRow {
    const row = this.db
      .prepare('SELECT id, order_no, locked_until, lock_owner, json FROM rq_requests WHERE queue_id = ? AND id = ?')
      .get(queueId, requestId) as RequestRow | undefined;
    if (!row) throw new Error(`request ${requestId} not found in queue ${this.idOrName}`);
    return row;
  }

  private modifiedAt(queueId: string): Date {
    const row = this.db.prepare('SELECT modified_at FROM rq_queues WHERE id = ?').get(queueId) as { modified_at: number };
    return new Date(row.modified_at);
  }

  private touch(queueId: string): void {
    const now = Date.now();
    this.db.prepare('UPDATE rq_queues SET modified_at = ?, accessed_at = ? WHERE id = ?').run(now, now, queueId);
  }
}

function headItem(json: string): storage.RequestQueueHeadItem {
  const request = JSON.parse(json) as storage.RequestSchema & { id: string };
  return {
    id: request.id,
    uniqueKey: request.uniqueKey,
    url: request.url,
    method: request.method ?? 'GET',
    retryCount: request.retryCount ?? 0,
  };
}

/**
 * Crawlee never hands its locks back on exit, and after kill -9 they would hold for lockSecs.
 * Locks of a dead process on this machine, or of keys a closed client issued, are free at once.
 */
export function releaseLocks(db: SqliteDb, filter: { deadPids?: (pid: number) => boolean; owners?: Iterable<string> }): number {
  let released = 0;
  const clear = 'UPDATE rq_requests SET locked_until = 0, lock_owner = NULL, lock_pid = NULL, lock_host = NULL';
  db.transaction(() => {
    if (filter.deadPids) {
      const holders = db
        .prepare('SELECT DISTINCT lock_pid AS pid FROM rq_requests WHERE lock_host = ? AND lock_pid IS NOT NULL AND lock_pid != ?')
        .all(thisHostname, process.pid) as Array<{ pid: number }>;
      const byPid = db.prepare(`${clear} WHERE lock_host = ? AND lock_pid = ?`);
      for (const { pid } of holders) if (filter.deadPids(pid)) released += byPid.run(thisHostname, pid).changes;
    }
    const byOwner = db.prepare(`${clear} WHERE lock_owner = ?`);
    for (const owner of filter.owners ?? []) released += byOwner.run(owner).changes;
  })();
  return released;
}
