// Runs a spider callback on a saved fixture page through the crawl's own callback runner and item stages.
import { CrawlRequest } from '../../core/request';
import { CrawlResponse } from '../../core/response';
import type { Spider } from '../../core/spider';
import type { Item, ItemSource } from '../../core/item';
import { runCallback, type ItemProcessor } from '../../engine/callback-runner';
import { credentialsSentFor } from '../../core/sent-credentials';
import { callbackLimitMs, type CallbackTimeout } from '../../engine/callback-deadline';
import { hostKeyOf } from '../../politeness/host-key';
import { Stats } from '../../engine/stats';
import { decodeBody } from '../../fetch/charset';
import { createLogger } from '../../log/logger';
import { bindSpiderLogger } from '../../core/spider-logger';
import { PipelineRunner } from '../../pipeline/pipeline-runner';
import { toStoredItem } from '../../pipeline/stored-item';
import type { ItemSink } from '../../pipeline/item-sink';
import type { Settings } from '../../settings/schema';
import { assembleStages } from '../../../pipelines/index';
import { loadProjectStages } from '../../components/project-components';
import type { Fixture } from './fixture-file';
import { openDrySpiderChain } from './dry-spider-chain';

export interface FixtureOutcome {
  /** Stored items' JSON (what `-o items.jsonl` would hold: prices as exact strings). */
  items: Record<string, unknown>[];
  requests: CrawlRequest[];
  dropped: Record<string, number>;
  /** Each dropped item as the callback yielded it, with the stage's reason. */
  droppedItems: Array<{ item: Item; reason: string; detail?: string }>;
  /** Links `res.follow`/`followAll` skipped, by reason (`mailto`, `duplicate`). */
  skippedLinks: Record<string, number>;
  /** What the spider middlewares did, `<name>/dropped|added|recovered` (spider-chain.ts): else their drops went unexplained. */
  spiderMiddlewares: Record<string, number>;
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

export async function runFixture(spider: Spider, fixture: Fixture, settings: Settings, projectRoot: string): Promise<FixtureOutcome> {
  return runCallbackDry(spider, fixtureResponse(fixture), settings, `fixture:${fixture.name}`, projectRoot);
}

/**
 * Runs the callback the response's request names through the crawl's callback runner, the project's spider
 * middlewares and the crawl's item stages (the built-ins, the project's own from `pipeline.add`, the spider's
 * `itemSchema`), and stores nothing: items are kept in memory, requests collected instead of queued. Sinks
 * are left out: they receive stored items, and nothing is stored.
 */
export async function runCallbackDry(spider: Spider, response: CrawlResponse, settings: Settings, requestId: string, projectRoot: string): Promise<FixtureOutcome> {
  const stats = new Stats();
  const log = createLogger({ level: 'silent', format: 'json' });
  // The spider's own lines show, as `scrapy parse` shows them (stderr: the outcome printed on stdout stays clean).
  const shown = createLogger(settings.log).child({ spider: spider.name });
  bindSpiderLogger(spider, shown);
  const sink = new MemoryItemSink();
  const stages = assembleStages(settings, await loadProjectStages(settings, projectRoot)).map((stage) => stage.value);
  const pipeline = new PipelineRunner(stages, sink, { settings, log, stats, spider: spider.name, runId: 'check', itemSchema: spider.itemSchema });
  const requests: CrawlRequest[] = [];
  const droppedItems: FixtureOutcome['droppedItems'] = [];
  const items: ItemProcessor = {
    process: async (item, source) => {
      const result = await pipeline.process(item, source);
      if (!result.accepted) droppedItems.push({ item, reason: result.reason, detail: result.detail });
      return result;
    },
    pageDone: (page) => pipeline.pageDone?.(page),
  };
  await pipeline.open();
  // Opened after the pipeline, closed before it (as in a crawl); their own lines show with the spider's.
  const spiderMiddlewares = await openDrySpiderChain({ spider, settings, log: shown, stats, runId: 'check', projectRoot }).catch(async (error: unknown) => {
    await pipeline.close();
    throw error;
  });
  try {
    const result = await runCallback(spider, response, { spider: spider.name, runId: 'check', requestId, url: response.url, rawHash: response.rawHash }, {
      requests: { push: async (request) => void requests.push(request), flush: async () => undefined },
      items,
      stats,
      log,
      depthLimit: settings.depth.limit,
      spiderChain: spiderMiddlewares.chain,
      sentCredentials: credentialsSentFor(response, settings.http.headers),
    }, dryRunLimit(response, settings));
    await result.durable;
    return { items: sink.rows, requests, dropped: stats.byPrefix('items/dropped/'), droppedItems, skippedLinks: stats.byPrefix('follow/skipped/'), spiderMiddlewares: stats.byPrefix('spider-middleware/'), error: result.error };
  } finally {
    await spiderMiddlewares.close();
    await pipeline.close();
  }
}

/**
 * The crawl's callback limit (the host's, else its fetch mode's): a callback that hangs on a page must end
 * `parse` and `check` (in CI) with `callback/timeout`, as it would end in a crawl, not hold them for ever.
 * Nothing is retained to free: these commands' fetches close a browser page before the callback runs.
 */
function dryRunLimit(response: CrawlResponse, settings: Settings): CallbackTimeout {
  const hostKey = hostKeyOf(response.request.url, settings.politeness.hostKey);
  return { ms: callbackLimitMs(settings, hostKey, response.fetchMode), onTimeout: () => Promise.resolve() };
}
