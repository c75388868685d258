// Crawlee's RequestQueueClient over a run's keys on a shared Redis frontier: the frontier's own scripts, gates and leases.
import { hostname } from 'node:os';
import type * as storage from '@crawlee/types';
import type { Redis } from 'ioredis';
import type { LedgerCounts } from '../../src/ports/frontier';
import { priorityScore } from '../../src/frontier/priority-score';
import type { PolicyFor } from '../../src/politeness/host-policy';
import { addOne, queueInfo, refuseRename } from '../../src/queue/queue-info';
import { FOREFRONT_PRIORITY, fingerprintOf, headItem, queueEntries, settlementOf, toRequestOptions, updatedJson } from '../../src/queue/queue-request';
import type { Settings } from '../../src/settings/schema';
import { QUEUE_GET_LUA, QUEUE_HEAD_LUA, QUEUE_PROLONG_LUA, QUEUE_UNLOCK_LUA, QUEUE_UPDATE_LUA } from './lua-queue';
import { defineScripts, runIndexKey, runPrefix, type FrontierScripts } from './redis-scripts';
import type { LeaseReply } from './redis-slot-ops';

const QUEUE_SCRIPTS = { queueGet: QUEUE_GET_LUA, queueUpdate: QUEUE_UPDATE_LUA, queueProlong: QUEUE_PROLONG_LUA, queueUnlock: QUEUE_UNLOCK_LUA, queueHead: QUEUE_HEAD_LUA };
export type QueueScripts = ReturnType<typeof queueScripts>;
export const queueScripts = (redis: Redis) => defineScripts(redis, QUEUE_SCRIPTS);

export interface RedisQueueClientOptions {
  redis: Redis;
  scripts: FrontierScripts;
  queue: QueueScripts;
  runId: string;
  hostKeyOf: (url: string) => string;
  /** The policy a host first seen through this client gets; a host the crawl configured keeps its own. */
  policyFor: PolicyFor;
  intervalMarginMs: number;
  settings: Settings['frontier'];
  clientKey?: string;
}

type PickReply = ['empty'] | ['wait', number] | [string, string, string, string, string, ...unknown[]];

/**
 * listAndLockHead takes requests with the crawl's own pick script: each lock is a frontier lease that
 * holds its host's slot, so a Crawlee consumer gets requests only as each host's gate opens (interval,
 * concurrency cap, pauses), and shares those gates with every worker. The lease lasts `lockSecs`
 * unless prolonged; an expired one goes back to its host queue (the frontier's reaper), as Crawlee expects.
 * Handled requests are settled in the ledger, whose request data then goes: getRequest knows only
 * requests still queued or in progress.
 */
export class RedisQueueClient implements storage.RequestQueueClient {
  readonly clientKey: string;
  private readonly workerId: string;
  private readonly prefix: string;
  /**
   * This client's locks, each with its lease's fencing token: the ends of a lock carry it, so a lock given before the
   * server went back to an older snapshot never ends the request that took its id since (own_lease in lua-prelude.ts).
   */
  private readonly locked = new Map<string, string>();

  constructor(private readonly options: RedisQueueClientOptions) {
    this.clientKey = options.clientKey ?? Math.random().toString(36).slice(2, 12);
    this.workerId = `${hostname()}:${process.pid}:rq-${this.clientKey}`;
    this.prefix = runPrefix(options.runId);
  }

  async get(): Promise<storage.RequestQueueInfo | undefined> {
    const meta = await this.options.redis.hgetall(`${this.prefix}meta`);
    if (!meta.spider) return undefined;
    const counts = JSON.parse((await this.options.scripts.summary(this.prefix)) as string) as LedgerCounts;
    const run = { runId: this.options.runId, startedAtMs: Number(meta.startedAt), finishedAtMs: meta.finishedAt ? Number(meta.finishedAt) : null };
    return queueInfo(run, counts);
  }

  async update(newFields: { name?: string }): Promise<Partial<storage.RequestQueueInfo> | undefined> {
    refuseRename(this.options.runId, newFields.name);
    return this.get();
  }

  /** Crawlee's drop(): every key of the run goes, and the run leaves its spider's index. */
  async delete(): Promise<void> {
    const { redis, runId } = this.options;
    const spider = await redis.hget(`${this.prefix}meta`, 'spider');
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${this.prefix.replace(/[{}[\]*?\\]/g, '\\$&')}*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
    if (spider) await redis.zrem(runIndexKey(spider), runId);
    this.locked.clear();
  }

  async listHead(options: storage.ListOptions = {}): Promise<storage.QueueHead> {
    const limit = options.limit ?? 100;
    const flat = (await this.options.queue.queueHead(this.prefix, limit)) as string[];
    const items: storage.RequestQueueHeadItem[] = [];
    for (let i = 0; i < flat.length; i += 3) items.push(headItem(flat[i], flat[i + 1], Number(flat[i + 2]), fingerprintOf(flat[i + 1])));
    return { limit, queueModifiedAt: new Date(), hadMultipleClients: true, items };
  }

  async listAndLockHead(options: storage.ListAndLockOptions): Promise<storage.ListAndLockHeadResult> {
    const limit = options.limit ?? 25;
    const items: storage.RequestQueueHeadItem[] = [];
    let more = false;
    while (items.length < limit) {
      const reply = (await this.options.scripts.pick(this.prefix, this.workerId, options.lockSecs * 1000, Math.random(), this.options.settings.pollMs)) as PickReply;
      if (reply[0] !== 'lease') {
        // 'wait': queued work whose host gate is closed, or leases held by someone: not finished.
        more = reply[0] === 'wait';
        break;
      }
      const [, id, json, , attempt, , , , , , , fence] = reply as LeaseReply;
      this.locked.set(id, String(fence));
      items.push(headItem(id, json, Number(attempt), fingerprintOf(json)));
    }
    return { limit, lockSecs: options.lockSecs, queueModifiedAt: new Date(), hadMultipleClients: true, queueHasLockedRequests: items.length > 0 || more, items };
  }

  async prolongRequestLock(id: string, options: storage.ProlongRequestLockOptions): Promise<storage.ProlongRequestLockResult> {
    const priority = options.forefront ? FOREFRONT_PRIORITY : '';
    const untilMs = Number(await this.options.queue.queueProlong(this.prefix, this.workerId, id, options.lockSecs * 1000, priority, this.tokenOf(id)));
    if (untilMs === 0) throw new Error(`request ${id} is not locked by this client`);
    return { lockExpiresAt: new Date(untilMs) };
  }

  async deleteRequestLock(id: string, options: storage.DeleteRequestLockOptions = {}): Promise<void> {
    const done = Number(await this.options.queue.queueUnlock(this.prefix, this.workerId, id, options.forefront ? FOREFRONT_PRIORITY : '', this.tokenOf(id)));
    this.locked.delete(id);
    if (done === -1) throw new Error(`request ${id} is locked by another client`);
  }

  async addRequest(request: storage.RequestSchema, options: storage.RequestOptions = {}): Promise<storage.QueueOperationInfo> {
    return addOne(this, request, options);
  }

  /** The frontier's ADD script in `keep` mode; a duplicate reports the stored request (fid) and whether it ended. */
  async batchAddRequests(requests: storage.RequestSchema[], options: storage.RequestOptions = {}): Promise<storage.BatchAddRequestsResult> {
    const { settings, intervalMarginMs, redis } = this.options;
    const { entries, unprocessed } = queueEntries(requests, options.forefront === true, this.options.hostKeyOf);
    const result: storage.BatchAddRequestsResult = { processedRequests: [], unprocessedRequests: unprocessed };
    const argv: Array<string | number> = [settings.seenTtlMs, intervalMarginMs, 'keep'];
    const nowMs = Date.now();
    for (const { host, request, fingerprint, json } of entries) {
      const policy = this.options.policyFor(host);
      const score = options.forefront ? FOREFRONT_PRIORITY : priorityScore(request, settings.priority, nowMs);
      argv.push(fingerprint, host, score, json, policy.maxConcurrency, policy.minIntervalMs, policy.jitterMs);
    }
    if (entries.length === 0) return result;
    const ids = (await this.options.scripts.add(this.prefix, ...argv)) as string[];
    const duplicates = entries.filter((_, i) => ids[i] === '');
    const storedIds = duplicates.length > 0 ? await redis.hmget(`${this.prefix}fid`, ...duplicates.map((d) => d.fingerprint)) : [];
    const states = storedIds.length > 0 ? await redis.hmget(`${this.prefix}st`, ...storedIds.map((id) => id ?? '')) : [];
    let d = 0;
    entries.forEach(({ schema }, i) => {
      if (ids[i] !== '') {
        result.processedRequests.push({ uniqueKey: schema.uniqueKey, requestId: ids[i], wasAlreadyPresent: false, wasAlreadyHandled: false });
        return;
      }
      const state = states[d];
      result.processedRequests.push({ uniqueKey: schema.uniqueKey, requestId: storedIds[d++] ?? '', wasAlreadyPresent: true, wasAlreadyHandled: state === 's' || state === 'f' });
    });
    return result;
  }

  async getRequest(id: string): Promise<storage.RequestOptions | undefined> {
    const [json, , attempt] = (await this.options.queue.queueGet(this.prefix, id)) as [string | null, string | null, string];
    return json ? toRequestOptions(id, json, Number(attempt), fingerprintOf(json)) : undefined;
  }

  /** Handled: settled in the ledger (succeeded, or failed with a reason, see settlementOf). Not handled: new data, same place. */
  async updateRequest(update: storage.UpdateRequestSchema, options: storage.RequestOptions = {}): Promise<storage.QueueOperationInfo> {
    const { scripts, queue } = this.options;
    const [json, state, attempt] = (await queue.queueGet(this.prefix, update.id)) as [string | null, string | null, string];
    if (state === null) return this.addRequest(update, options);
    const known = { requestId: update.id, wasAlreadyPresent: true };
    if (state === 's' || state === 'f' || json === null) return { ...known, wasAlreadyHandled: true };
    const settlement = settlementOf(update);
    const priority = options.forefront ? FOREFRONT_PRIORITY : '';
    const token = this.tokenOf(update.id);
    const written = Number(await queue.queueUpdate(this.prefix, this.workerId, update.id, updatedJson(json, update), update.retryCount ?? Number(attempt), priority, token));
    if (written === -1) throw new Error(`request ${update.id} is in progress at another worker`);
    if (written === -2) throw this.lockLost(update.id);
    if (written === 0) return { ...known, wasAlreadyHandled: true };
    if (!settlement) return { ...known, wasAlreadyHandled: false };
    const reason = settlement.outcome === 'failed' ? settlement.reason : '';
    const settled = Number(await scripts.settle(this.prefix, this.workerId, update.id, settlement.outcome, reason, '', token));
    this.locked.delete(update.id);
    if (settled !== 1) throw new Error(`request ${update.id} was taken by another worker before it could be marked handled`);
    return { ...known, wasAlreadyHandled: false };
  }

  /** The fencing token of this client's lock of the request; '' when it holds none (an update of a request it never locked). */
  private tokenOf(id: string): string {
    return this.locked.get(id) ?? '';
  }

  private lockLost(id: string): Error {
    this.locked.delete(id);
    return new Error(`request ${id} is no longer the request this client locked: the frontier's Redis went back to an older state (a restart from a snapshot, a failover) and gave its id to a request added since; the locked request's outcome is not recorded`);
  }

  async deleteRequest(_id: string): Promise<unknown> {
    throw new Error('requests of a run are never deleted: the ledger counts every planned request until it ends');
  }

  /** Hands this client's leases back at once. */
  async close(): Promise<void> {
    if (this.locked.size > 0) await this.options.scripts.returnAll(this.prefix, this.workerId, ...this.locked.keys());
    this.locked.clear();
  }
}
