// A CrawlResponse over an HTML string, for tests of what spiders read from a page (no server needed for pure parsing).
import { CrawlRequest } from '../../src/core/request';
import { CrawlResponse } from '../../src/core/response';

export function htmlResponse(html: string, headers: Record<string, string> = {}, url = 'https://shop.example/p/1'): CrawlResponse {
  const body = Buffer.from(html);
  return new CrawlResponse({ request: new CrawlRequest({ url }), url, status: 200, headers, body, text: html, encoding: 'utf-8', timings: { startedAtMs: 0, finishedAtMs: 0 } });
}
