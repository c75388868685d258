// The crawl's spider middlewares for `parse` and `check`: what they show is what a crawl would store, not the callback's raw outputs.
import type { Logger } from 'pino';
import { assembleSpiderMiddlewares } from '../../../spider-middlewares/index';
import { loadProjectSpiderMiddlewares } from '../../components/project-components';
import { openComponent } from '../../components/load-component';
import type { Spider } from '../../core/spider';
import type { Stats } from '../../engine/stats';
import type { Settings } from '../../settings/schema';
import { SpiderMiddlewareChain } from '../../spider-middleware/spider-chain';

export interface DrySpiderChain {
  chain: SpiderMiddlewareChain;
  /** Closes every middleware it opened; a close that fails is logged, as at a crawl's end. */
  close(): Promise<void>;
}

/**
 * Loads, orders and opens the spider middlewares a crawl of this project would run. A middleware that drops,
 * adds or recovers outputs does the same here, so a contract judges (and `parse` prints) what a crawl keeps.
 */
export async function openDrySpiderChain(args: { spider: Spider; settings: Settings; log: Logger; stats: Stats; runId: string; projectRoot: string }): Promise<DrySpiderChain> {
  const { spider, settings, log, stats, runId, projectRoot } = args;
  const middlewares = assembleSpiderMiddlewares(settings, await loadProjectSpiderMiddlewares(settings, projectRoot)).map((c) => c.value);
  const ctx = { spider, settings, log, stats, runId };
  const opened: typeof middlewares = [];
  const close = async () => {
    for (const middleware of opened) await Promise.resolve(middleware.close?.()).catch((error: unknown) => log.error({ err: error, spiderMiddleware: middleware.name }, 'closing a spider middleware failed'));
  };
  try {
    for (const middleware of middlewares) {
      await openComponent('spider-middleware', middleware.name, () => middleware.open?.(ctx));
      opened.push(middleware);
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { chain: new SpiderMiddlewareChain(middlewares, ctx), close };
}
