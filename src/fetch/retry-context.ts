// A retried browser request opens its page in a context of its own: a page that froze or crashed its renderer fails alone after that.
import type { CrawlRequest } from '../core/request';
import type { ContextKey } from './context-set';

/**
 * Pages of one context share renderer processes (`rendererLimitArg`): a page whose script never yields,
 * or that runs its renderer out of memory, takes every page of that renderer down with it, and all of
 * them are retried together, so the same page took its neighbours down again on each try (measured: two
 * innocent pages of the host needed all four attempts while a looping page used its own). A retry (not a
 * deferral) therefore gets a context of its own, and with it renderers of its own: the page that did it
 * fails alone, the others load. Same proxy, and a session's cookies, as the context it would have had;
 * the caller retires it, so it closes with its page. Retries are few; a context costs ~0.3 s of Chromium.
 */
export function contextForAttempt(key: ContextKey, request: CrawlRequest): { key: ContextKey; alone: boolean } {
  if (request.attempt === 0) return { key, alone: false };
  return { key: { ...key, key: `${key.key}/retry/${request.id ?? request.url}/${request.attempt}` }, alone: true };
}
