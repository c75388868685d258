// Runs the spider middlewares: seeds and callback outputs pass them from the spider's end to the engine's, a callback's throw asks them to recover.
import { PricecrawlError } from '../core/errors';
import type { RequestFailure } from '../core/request-failure';
import type { CrawlResponse } from '../core/response';
import { isSkippedLink, type SpiderOutput } from '../core/spider';
import type { SpiderMiddleware, SpiderMiddlewareContext } from './spider-middleware';

export type SpiderHook = 'processStart' | 'processSpiderOutput' | 'processSpiderException';

/** A spider middleware's hook threw or gave back no outputs: the project's bug, named with the hook. */
export class SpiderMiddlewareFailure extends PricecrawlError {
  constructor(
    readonly middleware: string,
    readonly hook: SpiderHook,
    message: string,
    cause?: unknown,
  ) {
    super('SPIDER_MIDDLEWARE_FAILED', `spider middleware "${middleware}" ${hook}: ${message}`, { cause });
  }
}

export class SpiderMiddlewareChain {
  /** `middlewares` in list order: the first nearest the engine, the last nearest the spider. */
  constructor(
    readonly middlewares: readonly SpiderMiddleware[],
    private readonly ctx: SpiderMiddlewareContext,
  ) {}

  /** Seeding's outputs through every `processStart`, the spider's end first. */
  start(seeds: AsyncIterable<SpiderOutput>): AsyncIterable<SpiderOutput> {
    let stream = seeds;
    for (const middleware of [...this.middlewares].reverse()) {
      const hook = middleware.processStart;
      if (hook) stream = guarded(middleware, 'processStart', stream, (input) => hook.call(middleware, input, this.ctx));
    }
    return stream;
  }

  /**
   * A callback's outputs through every `processSpiderOutput`. When the callback throws an error `recoverable`
   * accepts, its outputs end there and the exception hooks are asked, the spider's end first; the first that
   * gives outputs recovers the page, and those pass the output hooks of the middlewares nearer the engine
   * (after everything the callback yielded, as in Scrapy). When none does, the error is thrown on as it was.
   */
  outputs(response: CrawlResponse, callback: AsyncIterator<SpiderOutput>, recoverable: (error: unknown) => boolean): AsyncIterator<SpiderOutput> {
    if (!this.middlewares.some((m) => m.processSpiderOutput || m.processSpiderException)) return callback;
    const thrown: { error?: unknown } = {};
    const source = untilThrown(callback, recoverable, thrown);
    const passed = this.throughOutputHooks(response, source, this.middlewares.length);
    const chain = this;
    return (async function* (): AsyncGenerator<SpiderOutput> {
      yield* passed;
      if ('error' in thrown) yield* chain.recover(response, thrown.error);
    })();
  }

  /**
   * An errback's outputs through every `processSpiderOutput`, told the failure instead of a page: the same
   * middlewares see every request and item the spider yields. Its throw is not asked to be recovered (no page
   * to recover): it stays the errback's code error.
   */
  errbackOutputs(failure: RequestFailure, errback: AsyncIterator<SpiderOutput>): AsyncIterator<SpiderOutput> {
    if (!this.middlewares.some((m) => m.processSpiderOutput)) return errback;
    return this.throughOutputHooks(failure, { [Symbol.asyncIterator]: () => errback }, this.middlewares.length)[Symbol.asyncIterator]();
  }

  /** The output hooks of the middlewares before index `end` (those nearer the engine), the nearest to the spider first. */
  private throughOutputHooks(from: CrawlResponse | RequestFailure, outputs: AsyncIterable<SpiderOutput>, end: number): AsyncIterable<SpiderOutput> {
    let stream = outputs;
    for (let i = end - 1; i >= 0; i--) {
      const middleware = this.middlewares[i]!;
      const hook = middleware.processSpiderOutput;
      if (!hook) continue;
      const read = { count: 0 };
      const given = guarded(middleware, 'processSpiderOutput', reading(stream, read), (input) => hook.call(middleware, from, input, this.ctx));
      stream = tallied(middleware, given, read, this.ctx);
    }
    return stream;
  }

  private async *recover(response: CrawlResponse, error: unknown): AsyncGenerator<SpiderOutput> {
    for (let i = this.middlewares.length - 1; i >= 0; i--) {
      const middleware = this.middlewares[i]!;
      if (!middleware.processSpiderException) continue;
      let given: unknown;
      try {
        given = await middleware.processSpiderException(response, error, this.ctx);
      } catch (failure) {
        throw new SpiderMiddlewareFailure(middleware.name, 'processSpiderException', messageOf(failure), failure);
      }
      if (given === null || given === undefined) continue;
      // Recovered, never silently: the callback's error is logged with the middleware that took it.
      this.ctx.stats.inc(`spider-middleware/${middleware.name}/recovered`);
      this.ctx.log.warn({ middleware: middleware.name, url: response.url, callback: response.request.callback, err: error }, 'a spider middleware recovered the callback\'s error');
      const recovered = guarded(middleware, 'processSpiderException', nothing(), () => given);
      yield* this.throughOutputHooks(response, recovered, i);
      return;
    }
    throw error;
  }
}

/** The callback's outputs, ending quietly at a recoverable throw (kept in `thrown` for the exception hooks). */
async function* untilThrown(callback: AsyncIterator<SpiderOutput>, recoverable: (error: unknown) => boolean, thrown: { error?: unknown }): AsyncGenerator<SpiderOutput> {
  try {
    yield* { [Symbol.asyncIterator]: () => callback };
  } catch (error) {
    if (!recoverable(error)) throw error;
    thrown.error = error;
  }
}

/**
 * Runs one hook over its input. A throw that came up from the input (the callback's, a middleware's nearer the
 * spider) passes as it is; a throw of the hook's own, or a result that is no outputs, is its failure.
 */
async function* guarded(middleware: SpiderMiddleware, hook: SpiderHook, input: AsyncIterable<SpiderOutput>, call: (input: AsyncIterable<SpiderOutput>) => unknown): AsyncGenerator<SpiderOutput> {
  const fromInput: { error?: unknown } = {};
  const watched = (async function* () {
    try {
      yield* input;
    } catch (error) {
      fromInput.error = error;
      throw error;
    }
  })();
  try {
    yield* outputsOf(await call(watched));
  } catch (error) {
    if ('error' in fromInput && fromInput.error === error) throw error;
    throw error instanceof SpiderMiddlewareFailure ? error : new SpiderMiddlewareFailure(middleware.name, hook, messageOf(error), error);
  }
}

/** Counts the outputs a hook reads (SkippedLinks aside: yielding one changes nothing). */
async function* reading(input: AsyncIterable<SpiderOutput>, read: { count: number }): AsyncGenerator<SpiderOutput> {
  for await (const output of input) {
    if (!isSkippedLink(output)) read.count++;
    yield output;
  }
}

/** What a hook gave on one page against what it read: fewer is `…/dropped`, more `…/added` (net, per page). */
async function* tallied(middleware: SpiderMiddleware, outputs: AsyncIterable<SpiderOutput>, read: { count: number }, ctx: SpiderMiddlewareContext): AsyncGenerator<SpiderOutput> {
  let given = 0;
  for await (const output of outputs) {
    if (!isSkippedLink(output)) given++;
    yield output;
  }
  const net = given - read.count;
  if (net < 0) ctx.stats.inc(`spider-middleware/${middleware.name}/dropped`, -net);
  else if (net > 0) ctx.stats.inc(`spider-middleware/${middleware.name}/added`, net);
}

/** The failure's message already starts with the middleware and the hook (SpiderMiddlewareFailure): this says only what went wrong. */
function outputsOf(result: unknown): AsyncIterable<SpiderOutput> | Iterable<SpiderOutput> {
  if (typeof result === 'object' && result !== null && (Symbol.asyncIterator in result || Symbol.iterator in result)) return result as AsyncIterable<SpiderOutput>;
  const error = new TypeError(`returned ${result === undefined ? 'nothing' : typeof result}, not outputs: yield the outputs to keep (an async generator method) or return a list`);
  // No line of the middleware's is on this stack (its hook had returned), but the hooks awaiting this one are:
  // the summary's "at" (code-location.ts) named another middleware's file. Without frames it names none.
  error.stack = `TypeError: ${error.message}`;
  throw error;
}

async function* nothing(): AsyncGenerator<SpiderOutput> {}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
