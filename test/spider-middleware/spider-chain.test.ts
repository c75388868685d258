// The spider middleware chain: the order outputs pass the hooks, recovery from a callback's throw, and whose bug a throw is.
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { CrawlRequest } from '../../src/core/request';
import { Spider, type SpiderOutput } from '../../src/core/spider';
import { Stats } from '../../src/engine/stats';
import { resolveSettings } from '../../src/settings/load-settings';
import { SpiderMiddlewareChain, SpiderMiddlewareFailure } from '../../src/spider-middleware/spider-chain';
import type { SpiderMiddleware } from '../../src/spider-middleware/spider-middleware';
import { htmlResponse } from '../support/html-response';

class ShopSpider extends Spider {
  readonly name = 'shop';
}

const item = (sku: string) => ({ sku, price: '1.00', url: `https://shop.example/${sku}` });
const skus = (outputs: SpiderOutput[]) => outputs.map((o) => (o instanceof CrawlRequest ? `request ${new URL(o.url).pathname}` : (o as { sku: string }).sku));

function chainOf(middlewares: SpiderMiddleware[]) {
  const stats = new Stats();
  const ctx = { spider: new ShopSpider(), settings: resolveSettings([]).settings, log: pino({ level: 'silent' }), stats, runId: 'r1' };
  return { chain: new SpiderMiddlewareChain(middlewares, ctx), stats };
}

async function* callback(outputs: SpiderOutput[], error?: unknown): AsyncGenerator<SpiderOutput> {
  yield* outputs;
  if (error !== undefined) throw error;
}

async function collect(outputs: AsyncIterator<SpiderOutput>): Promise<SpiderOutput[]> {
  const all: SpiderOutput[] = [];
  for (let step = await outputs.next(); !step.done; step = await outputs.next()) all.push(step.value);
  return all;
}

/** Appends its name to every item's sku, so the order of the hooks shows in the result. */
const tagging = (name: string, extra: Partial<SpiderMiddleware> = {}): SpiderMiddleware => ({
  name,
  async *processSpiderOutput(_response, outputs) {
    for await (const output of outputs) yield output instanceof CrawlRequest ? output : { ...output, sku: `${(output as { sku: string }).sku}>${name}` };
  },
  ...extra,
});

describe('SpiderMiddlewareChain', () => {
  const response = htmlResponse('<p>page</p>');

  it('passes outputs from the last middleware in the list (nearest the spider) to the first', async () => {
    const { chain } = chainOf([tagging('engine-side'), tagging('spider-side')]);
    const outputs = await collect(chain.outputs(response, callback([item('a')]), () => true));
    expect(skus(outputs)).toEqual(['a>spider-side>engine-side']);
  });

  it('recovers a throw at the first exception hook from the spider end that gives outputs; they pass only the hooks nearer the engine, after the callback\'s', async () => {
    const recovering = tagging('recovering', { processSpiderException: () => [item('fallback')] });
    const declining = tagging('declining', { processSpiderException: () => null });
    const { chain, stats } = chainOf([tagging('engine-side'), recovering, declining]);
    const outputs = await collect(chain.outputs(response, callback([item('a')], new Error('no .price')), () => true));
    expect(skus(outputs)).toEqual(['a>declining>recovering>engine-side', 'fallback>engine-side']);
    expect(stats.get('spider-middleware/recovered/recovered')).toBe(0);
    expect(stats.get('spider-middleware/recovering/recovered')).toBe(1);
  });

  it('throws the callback\'s own error on when no hook recovers it, or when it is not the callback\'s to recover', async () => {
    const error = new Error('no .price');
    const { chain } = chainOf([tagging('declining', { processSpiderException: () => undefined })]);
    await expect(collect(chain.outputs(response, callback([], error), () => true))).rejects.toBe(error);
    let asked = false;
    const { chain: watching } = chainOf([tagging('watching', { processSpiderException: () => ((asked = true), [item('x')]) })]);
    await expect(collect(watching.outputs(response, callback([], error), () => false))).rejects.toBe(error);
    expect(asked).toBe(false);
  });

  it('names the middleware whose hook threw or gave back no outputs', async () => {
    const throwing: SpiderMiddleware = {
      name: 'throwing',
      // eslint-disable-next-line require-yield
      async *processSpiderOutput() {
        throw new Error('bug');
      },
    };
    const { chain } = chainOf([throwing]);
    const failure = await collect(chain.outputs(response, callback([item('a')]), () => true)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SpiderMiddlewareFailure);
    expect(failure).toMatchObject({ middleware: 'throwing', hook: 'processSpiderOutput', code: 'SPIDER_MIDDLEWARE_FAILED' });
    // Returning nothing would drop every output without a word: refused.
    const { chain: silent } = chainOf([{ name: 'silent', processSpiderOutput: () => undefined as never }]);
    const silentFailure = (await collect(silent.outputs(response, callback([item('a')]), () => true)).catch((error: unknown) => error)) as Error;
    expect(silentFailure).toMatchObject({ middleware: 'silent', hook: 'processSpiderOutput' });
    // The middleware and its hook, once each (before: "… processSpiderOutput: processSpiderOutput gives outputs back …").
    expect(silentFailure.message).toMatch(/^spider middleware "silent" processSpiderOutput: returned nothing, not outputs: /);
    expect(silentFailure.message.split('processSpiderOutput')).toHaveLength(2);
  });

  it('counts what each output hook dropped or added on a page (net)', async () => {
    const { chain, stats } = chainOf([
      {
        name: 'filter',
        async *processSpiderOutput(_response, outputs) {
          for await (const output of outputs) if ((output as { sku?: string }).sku !== 'b') yield output;
        },
      },
      {
        name: 'adder',
        async *processSpiderOutput(_response, outputs) {
          yield* outputs;
          yield new CrawlRequest({ url: 'https://shop.example/more' });
        },
      },
    ]);
    const outputs = await collect(chain.outputs(response, callback([item('a'), item('b')]), () => true));
    expect(skus(outputs)).toEqual(['a', 'request /more']);
    expect(stats.get('spider-middleware/filter/dropped')).toBe(1);
    expect(stats.get('spider-middleware/adder/added')).toBe(1);
  });

  it('passes the seeds through processStart, the spider end first', async () => {
    const seen: string[] = [];
    const start = (name: string): SpiderMiddleware => ({
      name,
      async *processStart(seeds) {
        for await (const seed of seeds) {
          seen.push(name);
          yield seed;
        }
      },
    });
    const { chain } = chainOf([start('engine-side'), start('spider-side')]);
    const seeds: SpiderOutput[] = [];
    for await (const seed of chain.start(callback([new CrawlRequest({ url: 'https://shop.example/list' })]))) seeds.push(seed);
    expect(seeds).toHaveLength(1);
    expect(seen).toEqual(['spider-side', 'engine-side']);
  });
});
