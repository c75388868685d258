// The item pipeline contract: ordered stages that pass an item on or drop it with a reason.
import type { CrawlEventBus } from '../events/crawl-events';
import type { Logger } from 'pino';
import type { ZodType } from 'zod';
import type { Item, ItemSource } from '../core/item';
import type { Settings } from '../settings/schema';
import type { Stats } from '../engine/stats';
import type { HookResult } from '../core/hook-result';

export interface Drop {
  readonly dropped: true;
  /** Stable reason code, counted as `items/dropped/<reason>`. */
  readonly reason: string;
  readonly detail?: string;
}

export const drop = (reason: string, detail?: string): Drop => ({ dropped: true, reason, detail });
export const isDrop = (value: Item | Drop): value is Drop => (value as Drop).dropped === true && typeof (value as Drop).reason === 'string';

export interface PipelineContext {
  settings: Settings;
  log: Logger;
  stats: Stats;
  spider: string;
  runId: string;
  /** The spider's own item schema (`Spider.itemSchema`), if it has one. */
  itemSchema?: ZodType;
  /** The crawl's event bus (alarms are announced on it); absent in tools that run stages alone. */
  events?: CrawlEventBus;
}

/** What one page's callback yielded, for stages that watch pages rather than items (the listing-drop alarm). */
export interface PageOutputs {
  /** The response URL. */
  url: string;
  /** The callback that handled the page. */
  callback: string;
  /** Items yielded (before any stage dropped one). */
  items: number;
  /** Requests yielded, counted by their callback. */
  requests: Record<string, number>;
}

export interface PipelineStage {
  readonly name: string;
  open?(ctx: PipelineContext): HookResult;
  /** Called once per page whose callback completed, after its items went through `process`. */
  pageDone?(page: PageOutputs, ctx: PipelineContext): void;
  /** Returns the (possibly transformed) item, or a Drop. */
  process(item: Item, source: ItemSource, ctx: PipelineContext): Promise<Item | Drop> | Item | Drop;
  /** Flush anything buffered; called once at the end of the run (also on shutdown). */
  close?(): HookResult;
}
