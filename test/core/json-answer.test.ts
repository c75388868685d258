// res.json() on answers that are not JSON: each refused with the reason its body shows, a short safe sample, never the body.
import { describe, expect, it } from 'vitest';
import { CrawlRequest } from '../../src/core/request';
import { CrawlResponse } from '../../src/core/response';
import { InvalidJsonError } from '../../src/core/json-answer';

const URL_ = 'https://api.shop.example/v1/price?sku=7&api_key=k3y-in-url';

function answer(body: Buffer | string, status = 200, contentType: string | null = 'application/json', text?: string): CrawlResponse {
  const headers: Record<string, string> = contentType === null ? {} : { 'content-type': contentType };
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  return new CrawlResponse({ request: new CrawlRequest({ url: URL_ }), url: URL_, status, headers, body: bytes, text, encoding: 'utf-8', timings: { startedAtMs: 0, finishedAtMs: 0 } });
}

function refusalOf(res: CrawlResponse): InvalidJsonError {
  try {
    res.json();
  } catch (error) {
    if (error instanceof InvalidJsonError) return error;
    throw error;
  }
  throw new Error('res.json() parsed it');
}

describe('res.json() on an answer that is not JSON', () => {
  it.each([
    ['an empty 200', '', 200, 'parse/json-cut'],
    ['white space only', ' \r\n ', 200, 'parse/json-cut'],
    ['JSON cut inside a string', '{"items":[{"price":"12.', 200, 'parse/json-cut'],
    ['JSON cut after a comma, then a crash message', '[{"price":"1.00"}, Fatal error: out of memory', 200, 'parse/json-cut'],
    ['an HTML error page', '<!DOCTYPE html><html><body><h1>502</h1></body></html>', 200, 'parse/json-html'],
    ['a PHP warning before the JSON', '<br /> <b>Warning</b>: undefined index {"price":"1"}', 200, 'parse/json-html'],
    ['a 503 maintenance page', '<html><body>back soon</body></html>', 503, 'parse/json-html'],
    ['a 404 page in markup', '<html><body>not found</body></html>', 404, 'parse/json-invalid'],
    ['a 204 with no content', '', 204, 'parse/json-invalid'],
    ['an XSSI guard', ')]}\', {"price":"1.00"}', 200, 'parse/json-invalid'],
    ['JSONP', 'jQuery3_1({"price":"1.00"});', 200, 'parse/json-invalid'],
    ['NaN, which JavaScript writes and JSON has not', '{"price":NaN}', 200, 'parse/json-invalid'],
  ])('%s is %s', (_what, body, status, reason) => {
    const refusal = refusalOf(answer(body, status));
    expect(refusal).toMatchObject({ code: 'JSON_INVALID', reason, status, contentType: 'application/json' });
    expect(refusal.message).toContain(`status ${status}`);
    // Still what JSON.parse and fetch's Response.json() throw: a spider catching SyntaxError keeps working.
    expect(refusal).toBeInstanceOf(SyntaxError);
  });

  it('reads a body behind a UTF-8 byte-order mark, from the bytes or from a text that kept it', () => {
    const json = '{"price":"3.10"}';
    expect(answer(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(json)])).json()).toEqual({ price: '3.10' });
    expect(answer(json, 200, 'application/json', `\ufeff${json}`).json()).toEqual({ price: '3.10' });
  });

  it('shows a short sample, on one line, with no control character and no secret; never the body', () => {
    const wall = `<html><body>\x1b[2J\x1b]8;;https://x.example\x07\u202e<a href="/v?token=s3cr3t">verify</a>${'x'.repeat(100_000)}</body></html>`;
    const refusal = refusalOf(answer(wall, 200, 'application/json; charset=utf-8'));
    for (const text of [refusal.message, refusal.sample]) {
      expect(text).not.toMatch(/[\x00-\x1f\x7f-\x9f\u202a-\u202e]/);
      expect(text).not.toContain('s3cr3t');
      expect(text).not.toContain('k3y-in-url');
      expect(text.length).toBeLessThan(400);
    }
    expect(refusal.sample).toMatch(/^<html><body>.*verify.*…$/);
  });

  it('names no Content-Type when the answer had none, and keeps a hostile one safe', () => {
    expect(refusalOf(answer('oops', 200, null)).message).toContain('no Content-Type');
    const hostile = refusalOf(answer('oops', 200, 'application/json\x1b[31m'));
    expect(hostile.message).not.toContain('\x1b');
    expect(hostile.contentType).toBe('application/json');
  });

  it("leaves the spider's own errors alone: a valid body parses, whatever it holds", () => {
    expect(answer('null').json()).toBeNull();
    expect(answer(' [1, 2] ').json()).toEqual([1, 2]);
  });
});
