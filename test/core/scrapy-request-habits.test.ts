// Request options written as Scrapy writes them (a method as callback or errback, cb_kwargs) stop at the call that made them, saying what to use; an errback by name is kept.
import { describe, expect, it } from 'vitest';
import { CrawlRequest, type CrawlRequestInit } from '../../src/core/request';
import { CrawlResponse } from '../../src/core/response';

function page(html: string, url = 'https://shop.example/list/'): CrawlResponse {
  return new CrawlResponse({ request: new CrawlRequest({ url }), url, status: 200, headers: { 'content-type': 'text/html' }, body: Buffer.from(html), text: html, encoding: 'utf-8', timings: { startedAtMs: 0, finishedAtMs: 0 } });
}

/** What a spider the CLI runs without type-checking (or a .js one) can pass. */
const untyped = (init: object) => init as CrawlRequestInit;

describe('Scrapy habits in requests', () => {
  it("a method passed as the callback is refused with its name to use (before: stored as no callback, the page went to parse and its items were lost)", () => {
    const spider = { async *parseProduct() {} };
    const res = page('<a href="/p/1">P1</a>');
    expect(() => res.follow('/p/1', spider.parseProduct as unknown as string)).toThrow(
      "a request's callback is the name of a spider method, a string such as 'parseProduct', not the function parseProduct: requests wait in the durable queue, which keeps names (res.follow(href, 'parseProduct'))",
    );
    expect(() => res.followAll('a', spider.parseProduct as unknown as string)).toThrow(/not the function parseProduct/);
    expect(() => new CrawlRequest({ url: 'https://shop.example/p/1', callback: '' })).toThrow(/a string such as 'parseProduct', not ""/);
  });

  it('cb_kwargs and dont_filter name where each lives (before: silently dropped)', () => {
    const res = page('<p></p>');
    expect(() => new CrawlRequest(untyped({ url: 'https://shop.example/p/1', cb_kwargs: { category: 'tools' } }))).toThrow(/no option "cb_kwargs": data for the callback goes in meta/);
    expect(() => res.follow('/p/1', 'parse', {}, untyped({ dont_filter: true }))).toThrow(/no option "dont_filter": the option is dontFilter/);
    expect(() => res.follow('/p/1', 'parse', {}, untyped({ priorty: 3 }))).toThrow(/no option "priorty"; did you mean "priority"\?/);
    expect(() => res.follow('/p/1', 'parse', {}, untyped({ errbak: 'onFailed' }))).toThrow(/no option "errbak"; did you mean "errback"\?/);
  });

  it('an errback goes by name and is stored with the request (before: refused, pointing at the request.failed event)', () => {
    const res = page('<p></p>');
    const request = res.follow('/p/1', 'parseProduct', { sku: '1' }, { errback: 'onProductFailed' }) as CrawlRequest;
    expect(request.errback).toBe('onProductFailed');
    const stored = JSON.parse(JSON.stringify(request.toJSON())) as ReturnType<CrawlRequest['toJSON']>;
    expect(stored.errback).toBe('onProductFailed');
    expect(CrawlRequest.fromJSON(stored, '3').errback).toBe('onProductFailed');
    // A row stored before errbacks existed has none, and a request without one stores no key.
    const { errback: _errback, ...older } = stored;
    expect(CrawlRequest.fromJSON(older, '4').errback).toBeNull();
    expect('errback' in new CrawlRequest({ url: 'https://shop.example/p/2' }).toJSON()).toBe(false);
  });

  it('a method passed as the errback is refused with its name to use, as a callback is', () => {
    const spider = { async *onProductFailed() {} };
    expect(() => new CrawlRequest(untyped({ url: 'https://shop.example/p/1', errback: spider.onProductFailed }))).toThrow(
      "a request's errback is the name of a spider method, a string such as 'onProductFailed', not the function onProductFailed: requests wait in the durable queue, which keeps names (new CrawlRequest({ url, callback, errback: 'onProductFailed' }))",
    );
    expect(() => new CrawlRequest({ url: 'https://shop.example/p/1', errback: '' })).toThrow(/errback is the name of a spider method, a string such as 'onProductFailed', not ""/);
  });

  it('the options it knows still pass, and a stored row with fields of another version still loads', () => {
    const res = page('<p></p>');
    const request = res.follow('/p/1', 'parseProduct', { category: 'tools' }, { priority: 5, dontFilter: true, headers: { 'x-a': '1' }, method: 'GET' });
    expect(request).toMatchObject({ url: 'https://shop.example/p/1', callback: 'parseProduct', priority: 5, dontFilter: true });
    const stored = { ...(request as CrawlRequest).toJSON(), attempt: 2, depth: 3, addedInAFutureVersion: true };
    expect(CrawlRequest.fromJSON(stored, '7')).toMatchObject({ url: 'https://shop.example/p/1', callback: 'parseProduct', attempt: 2, depth: 3, id: '7', priority: 5 });
  });
});
