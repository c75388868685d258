// Runs a spider callback on a saved fixture page through the crawl's own callback runner and item pipeline.
import { CrawlRequest } from '../../core/request';
import { CrawlResponse } from '../../core/response';
import type { Spider } from '../../core/spider';
import type { Item, ItemSource } from '../../core/item';
import { runCallback, type ItemProcessor } from '../../engine/callback-runner';
import { Stats } from '../../engine/stats';
import { decodeBody } from '../../fetch/charset';
import { createLogger } from '../../log/logger';
import { PipelineRunner } from '../../pipeline/pipeline-runner';
import { toStoredItem } from '../../pipeline/stored-item';
import type { ItemSink } from '../../pipeline/item-sink';
import type { Settings } from '../../settings/schema';
import { defaultPipeline } from '../../../pipelines/index';
import type { Fixture } from './fixture-file';

export interface FixtureOutcome {
  /** Stored items' JSON (what `-o items.jsonl` would hold: prices as exact strings). */
  items: Record<string, unknown>[];
  requests: CrawlRequest[];
  dropped: Record<string, number>;
  /** Each dropped item as the callback yielded it, with the stage's reason. */
  droppedItems: Array<{ item: Item; reason: string }>;
  /** Links `res.follow`/`followAll` skipped, by reason (`mailto`, `duplicate`). */
  skippedLinks: Record<string, number>;
  /** The callback threw (or does not exist): its reason and message. */
  error: { reason: string; message: string } | null;
}

/** The response a crawl would have handed the callback for this page. */
export function fixtureResponse(fixture: Fixture): CrawlResponse {
  const { spec, body } = fixture;
  const request = new CrawlRequest({ url: spec.url, callback: spec.callback, meta: spec.meta, fetchMode: spec.fetchMode });
  const contentType = spec.headers['content-type'];
  const decoded = decodeBody(body, Array.isArray(contentType) ? contentType[0] : contentType);
  return new CrawlResponse({
    request,
    url: spec.url,
    status: spec.status,
    headers: spec.headers,
    body,
    text: decoded.text,
    encoding: decoded.encoding,
    timings: { startedAtMs: 0, finishedAtMs: 0 },
    fetchMode: spec.fetchMode,
    captured: spec.captured,
  });
}

/** Keeps stored rows in memory instead of writing them: the contract compares them. */
class MemoryItemSink implements ItemSink {
  readonly rows: Record<string, unknown>[] = [];
  whenWritable(): Promise<void> {
    return Promise.resolve();
  }
  write(item: Item, source: ItemSource): Promise<void> {
    this.rows.push(toStoredItem(item, source).data);
    return Promise.resolve();
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}

export async function runFixture(spider: Spider, fixture: Fixture, settings: Settings): Promise<FixtureOutcome> {
  return runCallbackDry(spider, fixtureResponse(fixture), settings, `fixture:${fixture.name}`);
}

/**
 * Runs the callback the response's request names through the crawl's callback runner and every item
 * stage, and stores nothing: items are kept in memory, requests collected instead of queued.
 */
export async function runCallbackDry(spider: Spider, response: CrawlResponse, settings: Settings, requestId: string): Promise<FixtureOutcome> {
  const stats = new Stats();
  const log = createLogger({ level: 'silent', format: 'json' });
  const sink = new MemoryItemSink();
  const pipeline = new PipelineRunner(defaultPipeline(settings), sink, { settings, log, stats, spider: spider.name, runId: 'check' });
  const requests: CrawlRequest[] = [];
  const droppedItems: FixtureOutcome['droppedItems'] = [];
  const items: ItemProcessor = {
    process: async (item, source) => {
      const result = await pipeline.process(item, source);
      if (!result.accepted) droppedItems.push({ item, reason: result.reason });
      return result;
    },
    pageDone: (page) => pipeline.pageDone?.(page),
  };
  await pipeline.open();
  try {
    const result = await runCallback(spider, response, { spider: spider.name, runId: 'check', requestId, url: response.url, rawHash: response.rawHash }, {
      requests: { push: async (request) => void requests.push(request), flush: async () => undefined },
      items,
      stats,
      log,
      depthLimit: settings.depth.limit,
    });
    await result.durable;
    return { items: sink.rows, requests, dropped: stats.byPrefix('items/dropped/'), droppedItems, skippedLinks: stats.byPrefix('follow/skipped/'), error: result.error };
  } finally {
    await pipeline.close();
  }
}
