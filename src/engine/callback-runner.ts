// Runs one spider callback on a response: requests go to the frontier, items into the pipeline.
import type { Logger } from 'pino';
import { UnknownCallbackError } from '../core/errors';
import type { Item, ItemSource } from '../core/item';
import type { CrawlResponse } from '../core/response';
import type { PageOutputs } from '../pipeline/stage';
import { isRequest, resolveCallback, type Spider } from '../core/spider';
import type { Stats } from './stats';
import type { RequestSink } from './request-sink';

/** What the pipeline runner offers the engine; an accepted item resolves `durable` once stored. */
export interface ItemProcessor {
  process(item: Item, source: ItemSource): Promise<{ accepted: true; durable: Promise<void> } | { accepted: false; reason: string }>;
  /** What a completed callback yielded (page watchers such as the listing-drop alarm). */
  pageDone?(page: PageOutputs): void;
}

export interface CallbackResult {
  /** Resolves when every accepted item of this response is durable; rejects if a write failed. */
  durable: Promise<unknown>;
  itemsAccepted: number;
  itemsDropped: number;
  /** Set when the callback threw: the request fails with this reason after its items are durable. */
  error: { reason: string; message: string } | null;
}

export async function runCallback(
  spider: Spider,
  response: CrawlResponse,
  source: Omit<ItemSource, 'scrapedAtMs'>,
  deps: { requests: Pick<RequestSink, 'push' | 'flush'>; items: ItemProcessor; stats: Stats; log: Logger },
): Promise<CallbackResult> {
  const durables: Promise<void>[] = [];
  let itemsAccepted = 0;
  let itemsDropped = 0;
  let error: CallbackResult['error'] = null;
  const requestsByCallback: Record<string, number> = {};
  try {
    const callback = resolveCallback(spider, response.request.callback);
    for await (const output of callback(response)) {
      if (isRequest(output)) {
        requestsByCallback[output.callback] = (requestsByCallback[output.callback] ?? 0) + 1;
        await deps.requests.push(output);
        continue;
      }
      deps.stats.inc('items/scraped');
      const result = await deps.items.process(output, { ...source, scrapedAtMs: Date.now() });
      if (result.accepted) {
        itemsAccepted++;
        durables.push(result.durable);
      } else {
        itemsDropped++;
      }
    }
    await deps.requests.flush();
    deps.items.pageDone?.({ url: response.url, callback: response.request.callback, items: itemsAccepted + itemsDropped, requests: requestsByCallback });
  } catch (thrown) {
    const isUnknown = thrown instanceof UnknownCallbackError;
    const message = thrown instanceof Error ? thrown.message : String(thrown);
    error = { reason: isUnknown ? 'callback/unknown' : 'callback/error', message };
    deps.stats.inc(`spider/errors/${isUnknown ? 'unknown-callback' : 'exception'}`);
    if (isUnknown) deps.stats.inc(`spider/unknown-callback/${response.request.callback}`);
    deps.log.error({ url: response.url, callback: response.request.callback, err: thrown }, 'spider callback failed');
    await deps.requests.flush().catch(() => undefined);
  }
  return { durable: Promise.all(durables), itemsAccepted, itemsDropped, error };
}
