// res.follow / res.followAll on links a crawler cannot fetch: skipped with a counted reason, never thrown.
import { describe, expect, it } from 'vitest';
import { CrawlRequest } from '../../src/core/request';
import { CrawlResponse } from '../../src/core/response';
import { SkippedLink } from '../../src/core/skipped-link';

function page(html: string, url = 'https://shop.example/list/'): CrawlResponse {
  const body = Buffer.from(html);
  return new CrawlResponse({ request: new CrawlRequest({ url }), url, status: 200, headers: { 'content-type': 'text/html' }, body, text: html, encoding: 'utf-8', timings: { startedAtMs: 0, finishedAtMs: 0 } });
}

describe('res.follow', () => {
  it.each([
    ['mailto:a@b.example', 'mailto'],
    ['  MAILTO:a@b.example', 'mailto'],
    ['tel:+15550100', 'tel'],
    ['javascript:void(0)', 'javascript'],
    ['data:text/html,hi', 'data'],
    ['ftp://files.example/x', 'ftp'],
    ['whatsapp://send?text=hi', 'other-scheme'],
    ['http://[::1', 'invalid-url'],
  ])('skips %s as %s and counts it', (href, reason) => {
    const res = page('<p></p>');
    const out = res.follow(href, 'parse');
    expect(out).toBeInstanceOf(SkippedLink);
    expect(out).toMatchObject({ href, reason });
    expect(Object.fromEntries(res.skippedLinks)).toEqual({ [reason]: 1 });
  });

  it('resolves a relative link against <base href> and carries callback and meta', () => {
    const out = page('<head><base href="https://cdn.shop.example/p/"></head>').follow('x?y=1', 'parseProduct', { page: 2 });
    expect(out).toBeInstanceOf(CrawlRequest);
    expect(out).toMatchObject({ url: 'https://cdn.shop.example/p/x?y=1', callback: 'parseProduct', meta: { page: 2 } });
  });
});

describe('res.followAll', () => {
  it('takes a selector (href, or src for frames) and returns only crawlable, distinct requests', () => {
    const res = page('<a href="/p/1">1</a><a href="/p/1#reviews">1 again</a><a href="mailto:x@y.example">m</a><a>no href</a><iframe src="/frame"></iframe><a href="/p/2">2</a>');
    const requests = res.followAll('a, iframe', 'parseProduct');
    expect(requests.map((r) => r.url)).toEqual(['https://shop.example/p/1', 'https://shop.example/frame', 'https://shop.example/p/2']);
    expect(requests.every((r) => r.callback === 'parseProduct')).toBe(true);
    expect(Object.fromEntries(res.skippedLinks)).toEqual({ duplicate: 1, mailto: 1 });
  });

  it('takes a list of hrefs', () => {
    const res = page('');
    expect(res.followAll(['a', 'b', 'a', 'tel:1']).map((r) => r.url)).toEqual(['https://shop.example/list/a', 'https://shop.example/list/b']);
    expect(Object.fromEntries(res.skippedLinks)).toEqual({ duplicate: 1, tel: 1 });
  });
});

describe('a request made from a text that is no absolute URL', () => {
  it('throws naming the text and what to use for a relative link, not the parser\'s bare "Invalid URL"', () => {
    expect(() => new CrawlRequest({ url: '/p/1' })).toThrow('not an absolute URL: "/p/1" (a link relative to the page goes through res.follow() or res.urljoin())');
    expect(() => new CrawlRequest({ url: 'ftp://shop.example/p' })).toThrow('only http(s) URLs can be crawled, got ftp://shop.example/p');
  });
});
