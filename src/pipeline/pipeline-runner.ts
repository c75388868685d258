// Runs the ordered pipeline stages on each item, counts and logs drops, hands survivors to the sink.
import { hasValidPrice } from '../prices/has-valid-price';
import type { Item, ItemSource } from '../core/item';
import { drop, isDrop, type Drop, type PageOutputs, type PipelineContext, type PipelineStage } from './stage';
import type { CrawlEventBus } from '../events/crawl-events';
import type { ItemSink } from './item-sink';
import { itemSku, storablePrice } from './stored-item';
import { openComponent } from '../components/load-component';
import { noteCodeError } from '../engine/code-errors';

export type PipelineOutcome =
  | { accepted: true; /** Settles when the item's batch is durable: mark the request handled only then. */ durable: Promise<void> }
  | { accepted: false; reason: string; /** The stage's words on this drop (`0.5 < 1.00`), when it gave any. */ detail?: string };

/** Reason recorded when the sink refuses an item outright (it cannot be serialized). */
export const UNSTORABLE = 'unstorable';

export class PipelineRunner {
  private opened = false;
  private closed = false;

  constructor(
    private readonly stages: readonly PipelineStage[],
    private readonly sink: ItemSink,
    private readonly ctx: PipelineContext,
    /** The crawl's event bus (item scraped / dropped); absent in tools that run stages alone. */
    private readonly events?: CrawlEventBus,
  ) {}

  get stageNames(): string[] {
    return this.stages.map((stage) => stage.name);
  }

  async open(): Promise<void> {
    if (this.opened) return;
    for (const stage of this.stages) await openComponent('stage', stage.name, () => stage.open?.(this.ctx));
    this.opened = true;
  }

  /** Never throws for a bad item or a failing stage: both become drops with a reason. */
  async process(item: Item, source: ItemSource): Promise<PipelineOutcome> {
    if (!this.opened) throw new Error('PipelineRunner.process() called before open()');
    if (this.closed) throw new Error('PipelineRunner.process() called after close()');
    // A callback's output that is neither a request nor an item object (a string, a number, null, an array)
    // is the spider's mistake: dropped under its own reason, not blamed on the first stage or left to
    // throw and fail the page's other outputs.
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      const what = item === null ? 'null' : Array.isArray(item) ? 'an array' : describeValue(item);
      return this.dropped('spider', {}, drop('invalid/item', `the callback yielded ${what}; a callback yields items (objects) and requests`), source);
    }
    if (this.events?.has('item.scraped')) this.events.emit('item.scraped', { item, url: source.url, requestId: source.requestId, priced: hasValidPrice(item) });
    let current: Item = item;
    // The last stage that changed the price: the one to name when the price cannot be stored.
    let priceSetBy: string | null = null;
    for (const stage of this.stages) {
      let result: Item | Drop;
      try {
        result = checkedStageResult(stage.name, await stage.process(current, source, this.ctx));
      } catch (error) {
        return this.stageFailed(stage.name, current, source, error);
      }
      if (isDrop(result)) return this.dropped(stage.name, current, result, source);
      if (result.price !== current.price) priceSetBy = stage.name;
      current = result;
    }
    // The store keeps a price only as exact decimal text: a number or a text no stage turned into a
    // Decimal would be stored as no price, with the float in the item's JSON (and a "price gone" in history).
    if (!storablePrice(current.price)) {
      const problem = `price ${describeValue(current.price)} is not a Decimal (prices leave the item stages as Decimal or null)`;
      if (priceSetBy !== null) return this.stageFailed(priceSetBy, current, source, new TypeError(`stage "${priceSetBy}" set the ${problem}`));
      return this.dropped('store', current, drop('price/unparseable', `${problem}; no stage made it one (is price-coercion disabled?)`), source);
    }
    await this.sink.whenWritable();
    let durable: Promise<void>;
    try {
      durable = this.sink.write(current, source);
    } catch (error) {
      this.ctx.stats.inc(`items/dropped/${UNSTORABLE}`);
      this.ctx.log.error({ err: error, requestId: source.requestId, url: source.url }, 'item cannot be stored; dropped');
      this.events?.emit('item.dropped', { item: current, url: source.url, requestId: source.requestId, reason: UNSTORABLE, stage: 'store' });
      return { accepted: false, reason: UNSTORABLE };
    }
    if (keyedByUrl(current, source)) this.ctx.stats.inc(KEYED_BY_URL);
    if (typeof current.sku === 'string' && itemSku(current) !== current.sku) this.ctx.stats.inc(SKU_CANONICALIZED);
    return { accepted: true, durable };
  }

  /** Tells the stages that watch pages what a page yielded; a failing watcher is logged, never fatal. */
  pageDone(page: PageOutputs): void {
    for (const stage of this.stages) {
      try {
        stage.pageDone?.(page, this.ctx);
      } catch (error) {
        this.ctx.log.error({ err: error, stage: stage.name, url: page.url }, 'pipeline stage failed to watch a page');
      }
    }
  }

  async retireRequest(runId: string, requestId: string, leaseFence: number): Promise<void> {
    await this.sink.retireRequest?.(runId, requestId, leaseFence);
  }

  /** Nothing is left to fetch: the sink writes what it buffers now. */
  flush(): void {
    this.sink.flush?.();
  }

  /** Closes every stage (in order) and then the sink; one failure does not skip the others. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const errors: unknown[] = [];
    for (const stage of this.stages) {
      try {
        await stage.close?.();
      } catch (error) {
        this.ctx.log.error({ err: error, stage: stage.name }, 'pipeline stage failed to close');
        errors.push(error);
      }
    }
    try {
      await this.sink.close();
    } catch (error) {
      errors.push(error);
    }
    if (errors.length === 1) throw errors[0];
    if (errors.length > 1) throw new AggregateError(errors, 'item pipeline failed to close');
  }

  /** A stage threw or broke its contract: only this item is dropped, under `stage-error/<stage>`, and the run goes on. */
  private stageFailed(stage: string, item: Item, source: ItemSource, error: unknown): PipelineOutcome {
    const reason = `stage-error/${stage}`;
    this.ctx.stats.inc(`items/dropped/${reason}`);
    noteCodeError(this.ctx.stats, 'stage', stage, error, source.url);
    this.ctx.log.error({ err: error, stage, requestId: source.requestId, url: source.url }, 'pipeline stage threw; item dropped');
    this.events?.emit('item.dropped', { item, url: source.url, requestId: source.requestId, reason, stage });
    return { accepted: false, reason };
  }

  private dropped(stage: string, item: Item, result: Drop, source: ItemSource): PipelineOutcome {
    this.ctx.stats.inc(`items/dropped/${result.reason}`);
    // The first drop of each reason with its detail: what a reader of the summary starts from.
    if (result.detail) this.ctx.stats.note(`${DROP_EXAMPLE}${result.reason}`, `${result.detail.slice(0, 300)}${result.detail.length > 300 ? '…' : ''}`);
    this.events?.emit('item.dropped', { item, url: source.url, requestId: source.requestId, reason: result.reason, stage });
    this.ctx.log.debug({ stage, reason: result.reason, detail: result.detail, requestId: source.requestId, url: source.url }, 'item dropped');
    return { accepted: false, reason: result.reason, detail: result.detail };
  }
}

/**
 * The stats key of items stored with their page's URL as their SKU: what the structured item builder and
 * the generated spiders fall back to when a page states no SKU or GTIN. Kept, as the required-fields stage
 * accepts a URL as identity, but a guess: the same product under another URL (tracking parameters, a
 * category path) starts another price history, so the run summary names the spider and the count.
 */
export const KEYED_BY_URL = 'items/keyed-by-url';

/**
 * The stats key of items whose SKU the page wrote in another form than the one stored (canonicalSku:
 * invisible characters, full-width digits, NFD, stray whitespace): counted, so a rewrite that merges what
 * a shop meant as two SKUs can be found.
 */
export const SKU_CANONICALIZED = 'items/sku-canonicalized';

/** Stats note prefix of the first drop of each reason, with its detail (`items.firstDrops` in the summary). */
export const DROP_EXAMPLE = 'items/first-drop/';

function keyedByUrl(item: Item, source: ItemSource): boolean {
  const sku = itemSku(item);
  return sku !== null && (sku === source.url || sku === item.url);
}

/** A stage's value, or a TypeError saying how it breaks the contract (an item object, or a drop with a reason). */
function checkedStageResult(stage: string, result: Item | Drop): Item | Drop {
  if (result === null || typeof result !== 'object') throw new TypeError(`stage "${stage}" returned ${String(result)} instead of an item or a drop`);
  // { dropped: true } alone (or with a detail): meant as a drop, but without the reason it would be stored as an item.
  // Keys are read only for that shape: this runs for every item at every stage.
  if ((result as Partial<Drop>).dropped === true && !isDrop(result) && Object.keys(result).every((key) => key === 'dropped' || key === 'reason' || key === 'detail')) {
    throw new TypeError(`stage "${stage}" returned a drop without a reason code; use drop('team/why') from 'pricecrawl'`);
  }
  return result;
}

/** A value as a log detail shows it: text quoted, anything else with its type, cut short. */
function describeValue(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value.slice(0, 60)) : `${typeof value} ${String(value).slice(0, 60)}`;
}
