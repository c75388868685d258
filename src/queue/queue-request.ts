// Crawlee's request shape and the frontier's stored request, both ways: dedupe key, callback, retries, outcome.
import { createHash } from 'node:crypto';
import { crawleeCore } from '../core/crawlee';
import type * as storage from '@crawlee/types';
import type { JsonObject } from '../core/json';
import { CrawlRequest, type HttpMethod, type SerializedRequest } from '../core/request';
import { requestFingerprint } from '../core/fingerprint';

/** Crawlee fields the engine has no field for, kept in the stored row so a Crawlee reader gets them back. */
export interface CrawleeExtras {
  uniqueKey?: string;
  errorMessages?: string[];
  noRetry?: boolean;
  handledAt?: string;
  loadedUrl?: string;
}

/** The frontier's row JSON: the engine's serialized request plus the Crawlee extras (absent in engine rows). */
export interface StoredQueueRequest extends SerializedRequest {
  crawlee?: CrawleeExtras;
}

/** A request about to be stored: what the frontier's add needs. */
export interface QueueEntry {
  request: CrawlRequest;
  /** The ledger's dedupe key (the frontier's fingerprint column / seen-set member). */
  fingerprint: string;
  json: string;
}

/**
 * `forefront` puts a request at the head of its host's queue: the per-host order is priority first,
 * so it gets a priority no spider uses. Across hosts the ready structure still decides.
 */
export const FOREFRONT_PRIORITY = 2 ** 31;

/** Stable reason codes for a request Crawlee marked handled after giving up on it. */
export const CRAWLEE_FAILED = 'crawlee/failed';
export const CRAWLEE_SKIPPED = 'crawlee/skipped';

const METHODS = new Set<HttpMethod>(['GET', 'POST', 'HEAD', 'PUT', 'DELETE', 'PATCH']);

/**
 * uniqueKey dedupe is the engine's fingerprint dedupe: a request whose uniqueKey is the one Crawlee
 * derives by default (its normalized URL) is keyed like a spider's request (method, canonical URL,
 * body), so the same page added by a spider and by a Crawlee client is stored once. A uniqueKey the
 * caller chose is the dedupe key as given.
 */
export function dedupeKey(schema: storage.RequestSchema): string {
  const method = (schema.method ?? 'GET').toUpperCase();
  const payload = schema.payload ?? null;
  if (isDerivedUniqueKey(schema, method)) return requestFingerprint(method, schema.url, payload);
  return `key:${createHash('sha1').update(schema.uniqueKey).digest('hex')}`;
}

function isDerivedUniqueKey(schema: storage.RequestSchema, method: string): boolean {
  if (schema.uniqueKey === schema.url) return true;
  const options = { url: schema.url, method: method as storage.AllowedHttpMethods, payload: schema.payload };
  // The plain form ignores a payload (and logs a deprecation for one), so compare that only without one.
  if ((method === 'GET' || !schema.payload) && schema.uniqueKey === crawleeCore.Request.computeUniqueKey(options)) return true;
  return schema.uniqueKey === crawleeCore.Request.computeUniqueKey({ ...options, useExtendedUniqueKey: true });
}

/** Converts a Crawlee request for storage; a reason instead when the engine cannot fetch it. */
export function toQueueEntry(schema: storage.RequestSchema, forefront: boolean): QueueEntry | { refused: string } {
  const method = (schema.method ?? 'GET').toUpperCase() as HttpMethod;
  if (!METHODS.has(method)) return { refused: `method ${method} is not fetched by the engine` };
  const userData = plainJson(schema.userData ?? {});
  const { callback, ...meta } = userData;
  let request: CrawlRequest;
  try {
    request = new CrawlRequest({
      url: schema.url,
      method,
      headers: schema.headers ?? {},
      body: schema.payload ?? null,
      meta,
      callback: typeof callback === 'string' ? callback : undefined,
      priority: forefront ? FOREFRONT_PRIORITY : 0,
    });
  } catch (error) {
    return { refused: (error as Error).message };
  }
  request.attempt = schema.retryCount ?? 0;
  return { request, fingerprint: dedupeKey(schema), json: storedJson(request, schema) };
}

/** A batch sorted into entries for the frontier (with their host key) and the requests the engine cannot fetch. */
export function queueEntries(
  requests: storage.RequestSchema[],
  forefront: boolean,
  hostKeyOf: (url: string) => string,
): { entries: Array<QueueEntry & { schema: storage.RequestSchema; host: string }>; unprocessed: storage.UnprocessedRequest[] } {
  const entries: Array<QueueEntry & { schema: storage.RequestSchema; host: string }> = [];
  const unprocessed: storage.UnprocessedRequest[] = [];
  for (const schema of requests) {
    const entry = toQueueEntry(schema, forefront);
    if ('refused' in entry) unprocessed.push({ uniqueKey: schema.uniqueKey, url: schema.url, method: schema.method });
    else entries.push({ ...entry, schema, host: hostKeyOf(entry.request.url) });
  }
  return { entries, unprocessed };
}

/** The row JSON for a Crawlee request: the engine's fields, then what only Crawlee knows. */
export function storedJson(request: CrawlRequest, schema: storage.RequestSchema): string {
  const extras: CrawleeExtras = { uniqueKey: schema.uniqueKey };
  if (schema.errorMessages?.length) extras.errorMessages = schema.errorMessages;
  if (schema.noRetry) extras.noRetry = true;
  if (schema.handledAt) extras.handledAt = schema.handledAt;
  if (schema.loadedUrl) extras.loadedUrl = schema.loadedUrl;
  // The stored priority is the request's own; forefront lives in the queue's order only.
  const stored: StoredQueueRequest = { ...request.toJSON(), priority: 0, crawlee: extras };
  return JSON.stringify(stored);
}

/** The JSON stored by an update: the row's request with Crawlee's new retry count, errors and data. */
export function updatedJson(json: string, update: storage.UpdateRequestSchema): string {
  const stored = JSON.parse(json) as StoredQueueRequest;
  // The callback stays the stored one; the rest of userData is the request's meta.
  const { callback: _callback, ...meta } = plainJson(update.userData ?? {});
  const next = CrawlRequest.fromJSON({ ...stored, meta, attempt: update.retryCount ?? stored.attempt });
  return storedJson(next, { ...update, uniqueKey: stored.crawlee?.uniqueKey ?? update.uniqueKey });
}

/** The stored request as Crawlee reads it. `uniqueKey` falls back to the ledger's fingerprint for spider requests. */
export function toRequestOptions(id: string, json: string, attempt: number, fingerprint: string): storage.RequestOptions & storage.RequestSchema {
  const stored = JSON.parse(json) as StoredQueueRequest;
  const extras = stored.crawlee ?? {};
  const userData: JsonObject = { ...stored.meta };
  if (stored.callback !== 'parse') userData.callback = stored.callback;
  return {
    id,
    url: stored.url,
    uniqueKey: extras.uniqueKey ?? fingerprint,
    method: stored.method,
    ...(stored.body === null ? {} : { payload: stored.body }),
    headers: stored.headers,
    userData,
    retryCount: attempt,
    errorMessages: extras.errorMessages ?? [],
    ...(extras.noRetry ? { noRetry: true } : {}),
    ...(extras.handledAt ? { handledAt: extras.handledAt } : {}),
    ...(extras.loadedUrl ? { loadedUrl: extras.loadedUrl } : {}),
  };
}

export function headItem(id: string, json: string, attempt: number, fingerprint: string): storage.RequestQueueHeadItem {
  const stored = JSON.parse(json) as StoredQueueRequest;
  return { id, uniqueKey: stored.crawlee?.uniqueKey ?? fingerprint, url: stored.url, method: stored.method, retryCount: attempt };
}

/** A spider request stored without a fingerprint column (Redis): its fingerprint, derived again. */
export function fingerprintOf(json: string): string {
  return CrawlRequest.fromJSON(JSON.parse(json) as SerializedRequest).fingerprint;
}

export type Settlement = { outcome: 'succeeded' } | { outcome: 'failed'; reason: string };

/**
 * What an update means for the ledger. Crawlee marks a request handled both when its handler
 * succeeded and when it gave up (retries spent, or skipped by robots.txt); only the request's state
 * tells them apart: the error handler (or a crash in it) is running when a given-up request is marked.
 * Null: not handled, the request stays queued (a reclaim).
 */
export function settlementOf(update: storage.RequestSchema): Settlement | null {
  if (!update.handledAt) return null;
  const state = (update.userData as { __crawlee?: { state?: number } } | undefined)?.__crawlee?.state;
  if (state === crawleeCore.RequestState.ERROR_HANDLER || state === crawleeCore.RequestState.ERROR) return { outcome: 'failed', reason: CRAWLEE_FAILED };
  if (state === crawleeCore.RequestState.SKIPPED) return { outcome: 'failed', reason: CRAWLEE_SKIPPED };
  return { outcome: 'succeeded' };
}

/** userData may be a Crawlee Request's own object (with a toJSON): stored as plain JSON. */
function plainJson(value: object): JsonObject {
  return JSON.parse(JSON.stringify(value)) as JsonObject;
}
