// The typed events of one crawl, and the bus that delivers them to extensions without letting one break the crawl.
import type { Logger } from 'pino';
import type { Item } from '../core/item';
import type { JsonObject } from '../core/json';
import type { StoredItem } from '../ports/item-store';
import type { CrawlSnapshot } from './crawl-snapshot';
import { noteCodeError } from '../engine/code-errors';
import type { Stats } from '../engine/stats';
import type { HookResult } from '../core/hook-result';

/** Event name → payload. Observers subscribe here; anything that decides sits in the chains instead. */
export interface CrawlEventMap {
  'spider.opened': { spider: string; runId: string; resumed: boolean };
  /** `reason`: the run's status (`finished`, `interrupted`, `stopped`, …); `snapshot`: the crawl's last picture (final counters). */
  'spider.closed': { spider: string; runId: string; reason: string; planned: number; succeeded: number; failed: number; pending: number; snapshot: CrawlSnapshot };
  /**
   * A callback completed: what it yielded, `items` (before any stage dropped one) and `requests` counted
   * by their callback (the listing-drop alarm tells listing pages by a request to their own callback).
   */
  'page.parsed': { url: string; callback: string; items: number; requests: Record<string, number> };
  /** A callback yielded an item (before any stage); `priced`: its price parses to an exact amount (judged once here for every listener). */
  'item.scraped': { item: Item; url: string; requestId: string; priced: boolean };
  'item.dropped': { item: Item; url: string; requestId: string; reason: string; stage: string };
  /** The item is durable in the run's store (its batch committed). */
  'item.stored': { item: StoredItem };
  /** A request was accepted into the frontier (durably planned). */
  'request.scheduled': { url: string; callback: string; depth: number };
  /**
   * A request or link never planned: `frontier/duplicate` (seen in this run), `depth/limit` (beyond
   * depth.limit), `follow/skipped/<why>` (a link that is no fetchable URL: `mailto`, `invalid-url`, …).
   */
  'request.dropped': { url: string; reason: string };
  /** An answer off the wire (any status, also a 429 later retried or a 404 later failed), before any middleware; `durationMs` of the fetch. */
  'response.received': { url: string; status: number; host: string; fetchMode: string; durationMs: number };
  /**
   * The request ended failed with a stable reason (`http/404`, `retry/deferrals-exhausted`); `status` when one
   * was received. `callback` and `meta` are the request's own, so a listener can do what a Scrapy errback did
   * with `failure.request` (mark the SKU in `meta` unavailable, count failures per category).
   */
  'request.failed': { url: string; reason: string; status: number | null; callback: string; meta: JsonObject };
  /** A host's circuit breaker opened (`reopened` after a failed probe); requests wait until `untilMs`, `cooldownMs` after this opening. */
  'breaker.opened': { host: string; untilMs: number; reopened: boolean; cooldownMs: number };
  /** The cooldown ran out: one probe request goes to the host; its answer closes or reopens the breaker. */
  'breaker.half-open': { host: string };
  'breaker.closed': { host: string };
  /**
   * An alarm fired for the first time in this run for `key` (`code`: `null-price`, `listing-drop`, …);
   * `failsRun`: its settings say a run that raised it exits 3 (the alarm knows its own setting).
   */
  'alarm.fired': { code: string; key: string; host: string | null; detail: Record<string, unknown>; failsRun: boolean };
  /**
   * The periodic picture of the crawl: what the stats line logs, every `log.statsIntervalMs`; while the
   * live progress block shows (no stats line then), every `progress.intervalMs`, the block's redraw.
   */
  'stats.snapshot': { snapshot: CrawlSnapshot };
}

export type CrawlEventName = keyof CrawlEventMap;
/** A returned promise is watched for a rejection (counted as the handler's failure); any other value is ignored. */
export type CrawlEventHandler<E extends CrawlEventName> = (payload: CrawlEventMap[E]) => HookResult;

/** What an extension sees: subscribe only. */
export interface CrawlEvents {
  on<E extends CrawlEventName>(event: E, handler: CrawlEventHandler<E>): void;
}

interface Subscription {
  owner: string;
  handler: (payload: unknown) => HookResult;
}

/**
 * Handlers run synchronously in subscription order; a handler that throws or rejects is logged with
 * its owner's name and never reaches the crawl. Emitting with no subscribers costs one map lookup.
 */
export class CrawlEventBus {
  private readonly handlers = new Map<CrawlEventName, Subscription[]>();

  constructor(
    private readonly log: Logger,
    /** Where a handler's failure is counted for the run's summary (code-errors.ts); absent in tools without a run. */
    private readonly stats?: Stats,
  ) {}

  /** The subscribe-only view an extension gets; its handlers' errors carry its name. */
  forOwner(owner: string): CrawlEvents {
    return {
      on: (event, handler) => {
        const list = this.handlers.get(event) ?? [];
        list.push({ owner, handler: handler as Subscription['handler'] });
        this.handlers.set(event, list);
      },
    };
  }

  has(event: CrawlEventName): boolean {
    return (this.handlers.get(event)?.length ?? 0) > 0;
  }

  emit<E extends CrawlEventName>(event: E, payload: CrawlEventMap[E]): void {
    const list = this.handlers.get(event);
    if (!list) return;
    for (const { owner, handler } of list) {
      try {
        const result = handler(payload);
        // Any thenable, not only this realm's Promise: a rejection is the handler's failure all the same.
        if (typeof (result as PromiseLike<unknown> | null | undefined)?.then === 'function') Promise.resolve(result).catch((error: unknown) => this.failed(owner, event, error, payload));
      } catch (error) {
        this.failed(owner, event, error, payload);
      }
    }
  }

  private failed(owner: string, event: CrawlEventName, error: unknown, payload: unknown): void {
    this.log.error({ err: error, extension: owner, event }, 'extension failed on an event; the crawl goes on');
    // What it was there to do (an alarm, a partner feed, a notice) did not happen for this event: the run
    // must say so (LOST TO ERRORS IN CODE, exit 4), not only log it.
    if (this.stats) noteCodeError(this.stats, 'extension', owner, error, eventUrl(payload));
  }
}

/** The page an event is about, when it names one (`url`, or an item's `url`); '' otherwise. */
function eventUrl(payload: unknown): string {
  if (typeof payload !== 'object' || payload === null) return '';
  const { url, item } = payload as { url?: unknown; item?: { url?: unknown } };
  if (typeof url === 'string') return url;
  return typeof item?.url === 'string' ? item.url : '';
}
