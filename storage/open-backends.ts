// The composition root: the one place that picks backends. From `storage.url` (+ `storage.dir`) and
// `frontier.url` it opens the stores, run records and the scheduler's lock, the frontier and its host
// gate, the session store and the robots cache; everything else (engine, middlewares, stages) sees only
// the ports in src/ports/.
import { existsSync } from 'node:fs';
import type { Logger } from 'pino';
import { breakerOptionsFromSettings } from '../src/politeness/breaker-board';
import { systemClock } from '../src/politeness/clock';
import { policyFromSettings } from '../src/politeness/host-policy';
import { HostSlots } from '../src/politeness/host-slots';
import type { CrawlStores } from '../src/ports/crawl-stores';
import type { OpenedFrontier, ProcessSlot } from '../src/ports/frontier';
import type { RobotsCache } from '../src/ports/robots-cache';
import type { RunLedgerReader } from '../src/ports/run-ledger';
import type { RunStatusReader } from '../src/ports/run-status';
import type { PolicyFor } from '../src/politeness/host-policy';
import type { RunRecordStore, ScheduleLock } from '../src/ports/run-record-store';
import type { OpenedSessionStore } from '../src/ports/session-store';
import type { QueueBackend } from '../src/queue/frontier-storage-client';
import type { Settings } from '../src/settings/schema';
import { LazyCrawlStores } from './crawl-stores';
import { withProjectItemStore } from './project-item-store';
import type { ComponentEntry } from '../src/components/component-entry';
import { MemoryRobotsCache } from './memory/memory-robots-cache';
import { SqliteBlobStore } from './sqlite/sqlite-blob-store';
import { SqliteCatalogStore } from './sqlite/sqlite-catalog-store';
import { SqliteFetchLog } from './sqlite/sqlite-fetch-log';
import { frontierDbPath } from './sqlite/open-frontier-db';
import { SqliteFrontier } from './sqlite/sqlite-frontier';
import { sqliteQueueBackend } from './sqlite/sqlite-queue-backend';
import { SqliteItemStore } from './sqlite/sqlite-item-store';
import { SqlitePriceHistory } from './sqlite/sqlite-price-history';
import { SqliteRunRecordStore } from './sqlite/run-records';
import { SqliteScheduleLock } from './sqlite/schedule-lock';
import { SqliteRunLedger } from './sqlite/sqlite-run-ledger';
import type { SqliteAccess } from './sqlite/open-storage-db';
import { readingAccess } from './sqlite/storage-dir-access';
import { parseStoreUrl } from '../src/settings/store-url';
import { itemStoreBesideFrontier } from './run-item-store';

export interface StoreConfig {
  /** `storage.url`: unset or `sqlite:` for the embedded files, `postgres://…` for PostgreSQL. */
  url?: string;
  /** `storage.dir`: where the embedded files live. */
  dir: string;
  /** `storage.answerTimeoutMs`: a PostgreSQL call unanswered this long counts as the store unreachable. */
  answerTimeoutMs?: number;
  /** `storage.scheduleLeaseMs`: how long a spider's claim on PostgreSQL holds without a renewal. */
  scheduleLeaseMs?: number;
  /** `storage.items`: the project's own item store, in place of the backend's items. */
  items?: ComponentEntry;
  /**
   * A command that only reads (`runs`, `report`, `export`, `changes`, `raw`): where this user may not write the
   * embedded files, they open read-only, as they are (no schema, WAL switch or directory written).
   */
  readOnly?: boolean;
}

const sqliteAccess = (config: { readOnly?: boolean }, dir: string): SqliteAccess => (config.readOnly ? readingAccess(dir) : 'write');

/** PostgreSQL: connects and applies pending migrations before resolving, so a bad URL fails at start. */
export async function openStores(config: StoreConfig): Promise<CrawlStores> {
  const stores = await openBackendStores(config);
  if (!config.items) return stores;
  // The project's own item store (storage.items): loaded here, so a crawl and the store commands read the same one.
  return withProjectItemStore(stores, config.items).catch(async (error: unknown) => {
    await stores.close();
    throw error;
  });
}

async function openBackendStores(config: StoreConfig): Promise<CrawlStores> {
  const location = parseStoreUrl(config.url, config.dir);
  if (location.kind === 'sqlite') {
    const { dir } = location;
    const access = sqliteAccess(config, dir);
    return new LazyCrawlStores('sqlite', dir, {
      items: () => SqliteItemStore.open(dir, { access }),
      history: () => SqlitePriceHistory.open(dir, access),
      fetchLog: () => SqliteFetchLog.open(dir, undefined, access),
      blobs: () => SqliteBlobStore.open(dir, access),
      catalog: () => SqliteCatalogStore.open(dir, access),
    });
  }
  // Loaded only for a PostgreSQL store: the driver is no start-up cost of an embedded crawl.
  return (await import('./postgres/open-pg-stores')).openPgStores(location.url, config.answerTimeoutMs);
}

/**
 * Run records follow the stores: in frontier.sqlite beside the embedded frontier, or in PostgreSQL, where
 * `pricecrawl runs` and `report` on any machine of the deployment see every run.
 */
export async function openRunRecords(config: StoreConfig): Promise<RunRecordStore> {
  const location = parseStoreUrl(config.url, config.dir);
  // Embedded: beside the frontier's runs in storage.dir (a `sqlite:<dir>` URL moves only the stores).
  if (location.kind === 'sqlite') return SqliteRunRecordStore.open(config.dir, sqliteAccess(config, config.dir));
  return (await import('./postgres/open-pg-stores')).openPgRunRecords(location.url, config.answerTimeoutMs);
}

/** For commands that only read runs: null when embedded storage has recorded none yet (opening would create frontier.sqlite). */
export async function openExistingRunRecords(config: StoreConfig): Promise<RunRecordStore | null> {
  if (parseStoreUrl(config.url, config.dir).kind === 'sqlite' && !existsSync(frontierDbPath(config.dir))) return null;
  return openRunRecords(config);
}

/** The scheduler's per-spider lock, where its run records are: every scheduler on the same stores shares it. */
export async function openScheduleLock(config: StoreConfig): Promise<ScheduleLock> {
  const location = parseStoreUrl(config.url, config.dir);
  if (location.kind === 'sqlite') return SqliteScheduleLock.open(config.dir);
  return (await import('./postgres/open-pg-stores')).openPgScheduleLock(location.url, config.answerTimeoutMs, config.scheduleLeaseMs);
}

export interface OpenFrontierOptions {
  settings: Settings;
  spider: string;
  hostKeyOf: (url: string) => string;
  log: Logger;
  /** Continue the latest unfinished run (embedded frontier) instead of starting a fresh one. */
  resume?: boolean;
  /** Create (or continue) this run id instead of a fresh one. */
  runId?: string;
  /** Join a run another process seeds (shared frontier only); without `runId` the spider's latest running run. */
  join?: boolean;
  /** One of several crawl processes on the embedded frontier (`crawl --processes N`); slot 0 creates and seeds the run, the others join it. */
  processSlot?: ProcessSlot;
  /** The fencing token of this process's claim on the spider, recorded with a shared run for the workers that join it. */
  fence?: number;
}

export async function openFrontier(options: OpenFrontierOptions): Promise<OpenedFrontier> {
  const { settings } = options;
  // The one place the politeness policy is read from settings: every gate, middleware and view asks the gate.
  const policyFor = policyFromSettings(settings.politeness);
  const breaker = breakerOptionsFromSettings(settings);
  if (settings.frontier.url !== '') {
    // Imported on demand: an embedded crawl never loads the Redis client.
    const { RedisFrontier } = await import('./redis/redis-frontier');
    const frontier = await RedisFrontier.open({
      url: settings.frontier.url,
      spider: options.spider,
      runId: options.runId ?? (options.join ? 'latest' : options.resume ? 'resume-latest' : 'new'),
      join: options.join === true,
      seeding: options.join !== true,
      hostKeyOf: options.hostKeyOf,
      policyFor,
      breaker,
      intervalMarginMs: settings.politeness.intervalMarginMs,
      settings: settings.frontier,
      itemStore: parseStoreUrl(settings.storage.url, settings.storage.dir),
      fence: options.fence,
      log: options.log,
    });
    return {
      frontier, claimEnd: (status) => frontier.claimEnd(status), finishRun: (status) => frontier.finishRun(status), gate: frontier.gate, runFence: frontier.runFence,
      // The process that resumes the run checks its item store, as on the embedded frontier; a joining worker does not.
      requeueUnstoredAcks: frontier.resumed && options.join !== true ? (stored) => frontier.requeueUnstoredAcks(stored) : undefined,
    };
  }
  const slot = options.processSlot;
  if (options.join && !(slot && slot.slot > 0)) throw new Error('joining a running crawl needs a shared frontier: pass --frontier redis://host:port');
  const hostSlots = new HostSlots({ policyFor, marginMs: settings.politeness.intervalMarginMs });
  const frontier = SqliteFrontier.open({
    dir: settings.storage.dir,
    spider: options.spider,
    runId: options.runId ?? (options.resume ? 'resume-latest' : 'new'),
    hostKeyOf: options.hostKeyOf,
    hostSlots,
    breaker,
    clock: systemClock,
    share: slot,
    itemStore: itemStoreBesideFrontier(parseStoreUrl(settings.storage.url, settings.storage.dir), settings.storage.dir),
  });
  return {
    frontier,
    gate: frontier.gate,
    takeOverSlot: (slotNo) => frontier.takeOverSlot(slotNo),
    shareHops: (owners) => frontier.shareHops(owners),
    ownerSlot: (hostKey) => frontier.ownerSlot(hostKey),
    // The first process ends the run, once every other one has (its launcher waits for them). The run stays
    // 'running' through its end work: a process killed there leaves it to --resume, which ends it again.
    // Only the process that opened the run, before any other joins it.
    requeueUnstoredAcks: frontier.resumed && !(slot && slot.slot > 0) ? async (stored) => frontier.requeueUnstoredAcks(stored) : undefined,
    claimEnd: async () => options.join !== true,
    finishRun: async (status) => frontier.finishRun(status),
  };
}

/**
 * A run's failed requests and per-URL outcomes, from the frontier that ran it: the shared one at
 * `frontierUrl` (Redis), else frontier.sqlite in `dir`. Reports and the SKU catalog read failures only here.
 */
export async function openRunLedger(source: { frontierUrl: string; dir: string; readOnly?: boolean }): Promise<RunLedgerReader> {
  if (source.frontierUrl === '') return SqliteRunLedger.open(source.dir, sqliteAccess(source, source.dir));
  // Imported on demand, as the frontier is: an embedded crawl never loads the Redis client.
  const { RedisRunLedger } = await import('./redis/redis-run-ledger');
  return RedisRunLedger.open(source.frontierUrl);
}

/**
 * What `pricecrawl status` reads: the shared frontier at `frontierUrl` (Redis), else frontier.sqlite in `dir`,
 * opened read-only. `policyFor` gives the configured interval per host (the embedded file keeps only what
 * departs from it; Redis keeps the interval in force itself).
 */
export async function openRunStatus(source: { frontierUrl: string; dir: string; policyFor: PolicyFor }): Promise<RunStatusReader> {
  if (source.frontierUrl === '') {
    const { SqliteRunStatusReader } = await import('./sqlite/sqlite-status');
    return SqliteRunStatusReader.open(source.dir, source.policyFor);
  }
  const { RedisRunStatusReader } = await import('./redis/redis-status');
  return RedisRunStatusReader.open(source.frontierUrl);
}

/** A run's Crawlee queue (openRequestQueue): on a shared frontier's Redis when `url` is set, else in `dir`'s frontier.sqlite. */
export async function openQueueBackend(options: { url: string; dir: string; settings: Settings; hostKeyOf: (url: string) => string }): Promise<QueueBackend> {
  if (options.url === '') return sqliteQueueBackend(options.dir, options.hostKeyOf);
  // Imported on demand, as the crawl does: an embedded queue never loads the Redis client.
  const { redisQueueBackend } = await import('./redis/redis-queue-backend');
  return redisQueueBackend(options.url, options.settings, options.hostKeyOf);
}

/**
 * Where sessions persist: nowhere (`sessions.persist` off); on a shared frontier (`frontier.url`) in the
 * same Redis, so a recycled worker (or another one) resumes them; else in <storage.dir>/sessions.sqlite.
 */
export async function openSessionStore(settings: Settings, spider: string): Promise<OpenedSessionStore> {
  if (!settings.sessions.persist) return { store: null, kind: 'memory' };
  if (settings.frontier.url !== '') {
    // Imported on demand, as the Redis frontier is: an embedded crawl never loads the Redis client.
    const [{ RedisSessionStore }, { crawlCommandTimeoutMs }] = await Promise.all([import('./redis/redis-session-store'), import('./redis/redis-connect')]);
    return { store: RedisSessionStore.open(settings.frontier.url, spider, settings.sessions.maxAgeMs, crawlCommandTimeoutMs(settings.frontier.leaseTtlMs)), kind: 'redis' };
  }
  const { SqliteSessionStore } = await import('./sqlite/session-store');
  return { store: SqliteSessionStore.open(settings.storage.dir, spider), kind: 'sqlite' };
}

/** robots.txt results: in Redis on a shared frontier (`frontier.url`), so workers fetch each once, else in memory. */
export async function openRobotsCache(settings: Settings, runId: string): Promise<RobotsCache> {
  if (settings.frontier.url === '') return new MemoryRobotsCache();
  const [{ RedisRobotsCache }, { crawlCommandTimeoutMs }] = await Promise.all([import('./redis/redis-robots-cache'), import('./redis/redis-connect')]);
  return RedisRobotsCache.open(settings.frontier.url, runId, crawlCommandTimeoutMs(settings.frontier.leaseTtlMs));
}
