// What a spider callback gave, as one stream of outputs: an async generator as written here, or the shapes a Scrapy callback may return.

/**
 * pricecrawl's callbacks are async generators, and TypeScript says so; but the CLI runs a project's files
 * without type-checking, and a callback ported from Scrapy is often a plain generator (`*parse(res)`), or
 * returns a list, one item, or nothing. Each of those failed its page with "callback(...)[Symbol.asyncIterator]
 * is not a function" (and its host "broken by a redesign?"). They are read as Scrapy reads them: an iterable is
 * iterated, a promise awaited, one object is one output, nothing is no output. Only a value that can be no
 * output (a string, a number) is refused, saying what a callback gives.
 */
export function callbackOutputs<T>(result: unknown): AsyncIterator<T> {
  // The common case untouched: its return() still reaches the generator's own finally.
  if (isAsyncIterable(result)) return result[Symbol.asyncIterator]() as AsyncIterator<T>;
  return otherShapes<T>(result);
}

async function* otherShapes<T>(result: unknown): AsyncGenerator<T> {
  const value = typeof (result as PromiseLike<unknown> | null)?.then === 'function' ? await result : result;
  if (value === undefined || value === null) return;
  if (isAsyncIterable(value)) return yield* value as AsyncIterable<T>;
  if (typeof value === 'object' && Symbol.iterator in value) return yield* value as Iterable<T>;
  if (typeof value === 'object') return yield value as T;
  throw new TypeError(
    `a callback gives items and requests: yield them (async *parseProduct(res) { yield { sku, price, url } }), or return a list, one of them, or nothing; it returned ${typeof value === 'string' ? 'a string' : String(value)}`,
  );
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function';
}
