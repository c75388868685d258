// A spider middleware whose hook throws after the runner gave the page up (its callback's time limit): the page keeps its timeout, no middleware bug is counted.
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Item } from '../../src/core/item';
import type { CrawlResponse } from '../../src/core/response';
import { Spider, type SpiderOutput } from '../../src/core/spider';
import { runCallback } from '../../src/engine/callback-runner';
import { Stats } from '../../src/engine/stats';
import { codeErrors } from '../../src/engine/code-errors';
import { resolveSettings } from '../../src/settings/load-settings';
import { SpiderMiddlewareChain } from '../../src/spider-middleware/spider-chain';
import type { SpiderMiddleware } from '../../src/spider-middleware/spider-middleware';
import { htmlResponse } from '../support/html-response';

/** Yields one item, then waits on `held` (a page that never loads its second half) and ends. */
class HangingSpider extends Spider {
  readonly name = 'hanging';
  release: () => void = () => undefined;
  private readonly held = new Promise<void>((resolve) => (this.release = resolve));
  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    yield { sku: 'a', price: '1.00', currency: 'USD', url: res.url };
    await this.held;
  }
}

describe('a spider middleware that throws after the runner gave up on the page', () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => void unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  afterEach(() => void process.off('unhandledRejection', onUnhandled));

  it('leaves the page failed as callback/timeout; the late throw is neither the page\'s reason nor a counted middleware bug', async () => {
    const spider = new HangingSpider();
    const stats = new Stats();
    const log = pino({ level: 'silent' });
    const late = { threw: false };
    const lateThrower: SpiderMiddleware = {
      name: 'late-thrower',
      async *processSpiderOutput(_response, outputs) {
        for await (const output of outputs) yield output;
        late.threw = true;
        throw new Error('a bug that runs once the callback ends');
      },
    };
    const chain = new SpiderMiddlewareChain([lateThrower], { spider, settings: resolveSettings([]).settings, log, stats, runId: 'r1' });
    const items: Item[] = [];
    const result = await runCallback(spider, htmlResponse('<p>half a page</p>'), { spider: 'hanging', runId: 'r1', requestId: '1', url: 'https://shop.example/p/1', rawHash: '', leaseFence: 0 }, {
      requests: { push: async () => undefined, flush: async () => undefined },
      items: { process: async (item) => (items.push(item), { accepted: true, durable: Promise.resolve() }) },
      stats,
      log,
      spiderChain: chain,
    }, { ms: 20, onTimeout: () => Promise.resolve() });
    expect(result.error?.reason).toBe('callback/timeout');
    expect(items).toHaveLength(1);
    // The abandoned callback resumes, ends, and the middleware throws on what it then reads.
    spider.release();
    await vi.waitFor(() => expect(late.threw).toBe(true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(unhandled).toEqual([]);
    expect(stats.get('spider/errors/spider-middleware')).toBe(0);
    expect(codeErrors(stats)).toEqual({});
    expect(stats.get('spider/errors/timeout')).toBe(1);
  });
});
