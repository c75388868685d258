// openRequestQueue(runId): a stock Crawlee RequestQueue on a run's frontier storage (SQLite directory or Redis URL).
import type { RequestQueue } from '@crawlee/core';
import { crawleeCore } from '../core/crawlee';
import { hostKeyOf } from '../politeness/host-key';
import { join } from 'node:path';
import { maskSecretsInText } from '../core/mask-secrets';
import { loadSettings } from '../settings/load-settings';
import type { Settings } from '../settings/schema';
import { FrontierStorageClient } from './frontier-storage-client';
import { openQueueBackend } from '../../storage/open-backends';

export interface OpenRequestQueueOptions {
  /**
   * The crawl's settings: storage.dir or frontier.url say where the run lives, politeness.hostKey how requests join host
   * queues. Without them, what a command run in this folder reads: the project's pricecrawl.config.json and the environment.
   */
  settings?: Settings;
  /** The crawl's storage.dir (the run is in `<dir>/frontier.sqlite`); overrides settings. */
  dir?: string;
  /** The crawl's shared frontier, `redis://host:port` (frontier.url); overrides settings and dir. */
  url?: string;
}

export interface OpenedRequestQueue {
  /** Crawlee's own RequestQueue (v2, locking): addRequests, fetchNextRequest, markRequestHandled, getInfo... or a crawler's `requestQueue`. */
  queue: RequestQueue;
  storageClient: FrontierStorageClient;
  /** Hands back the requests this process holds locked and closes the connection; the run stays. */
  close(): Promise<void>;
}

/**
 * The run's queue as Crawlee sees it. Requests added through it join the run's ledger and host queues
 * (a running crawl fetches them under its politeness); getInfo() counts are the ledger's.
 */
export async function openRequestQueue(runId: string, options: OpenRequestQueueOptions = {}): Promise<OpenedRequestQueue> {
  const storageClient = await openFrontierStorageClient(options);
  try {
    const config = new crawleeCore.Configuration({ storageClient, persistStorage: false, purgeOnStart: false });
    const queue = await crawleeCore.RequestQueue.open(runId, { config, storageClient });
    return { queue, storageClient, close: () => storageClient.close() };
  } catch (error) {
    await storageClient.close();
    throw error;
  }
}

/** The Crawlee StorageClient over the frontier a crawl with these settings uses. */
export async function openFrontierStorageClient(options: OpenRequestQueueOptions = {}): Promise<FrontierStorageClient> {
  // Not the bare defaults: a project whose config names its storage dir or a Redis frontier opened an empty
  // ./crawl-storage instead, and every run id of its crawls was "no run".
  const settings = options.settings ?? loadSettings().settings;
  const keyOf = (url: string) => hostKeyOf(url, settings.politeness.hostKey);
  const url = options.url ?? (options.dir === undefined ? settings.frontier.url : '');
  const dir = options.dir ?? settings.storage.dir;
  const where = url ? maskSecretsInText(url) : join(dir, 'frontier.sqlite');
  return new FrontierStorageClient(await openQueueBackend({ url, dir, settings, hostKeyOf: keyOf }), where);
}
