// Test helper: fetches real pages from the demo shops into CrawlResponses and walks a spider's callbacks.
import iconv from 'iconv-lite';
import type { Item } from '../../../src/core/item';
import { CrawlRequest } from '../../../src/core/request';
import { CrawlResponse } from '../../../src/core/response';
import { isRequest, isSkippedLink, resolveCallback, type Spider, type SpiderOutput } from '../../../src/core/spider';

/** The declared charset: header first, then a <meta charset> near the top, else utf-8. */
function charsetOf(contentType: string | null, body: Buffer): string {
  const fromHeader = /charset=([\w-]+)/i.exec(contentType ?? '')?.[1];
  if (fromHeader) return fromHeader.toLowerCase();
  const fromMeta = /<meta[^>]+charset=["']?([\w-]+)/i.exec(body.subarray(0, 1024).toString('latin1'))?.[1];
  return (fromMeta ?? 'utf-8').toLowerCase();
}

/** GETs the request's URL with plain fetch and builds the CrawlResponse a callback would receive. */
export async function fetchResponse(request: CrawlRequest | string): Promise<CrawlResponse> {
  const req = typeof request === 'string' ? new CrawlRequest({ url: request }) : request;
  const startedAtMs = Date.now();
  const res = await fetch(req.url, { redirect: 'manual' });
  const body = Buffer.from(await res.arrayBuffer());
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const encoding = charsetOf(res.headers.get('content-type'), body);
  return new CrawlResponse({
    request: req,
    url: req.url,
    status: res.status,
    headers,
    body,
    text: iconv.decode(body, encoding),
    encoding,
    timings: { startedAtMs, finishedAtMs: Date.now() },
  });
}

export async function collect(outputs: AsyncIterable<SpiderOutput>): Promise<{ requests: CrawlRequest[]; items: Item[] }> {
  const requests: CrawlRequest[] = [];
  const items: Item[] = [];
  for await (const output of outputs) {
    if (isSkippedLink(output)) continue;
    if (isRequest(output)) requests.push(output);
    else items.push(output);
  }
  return { requests, items };
}

/** Runs the callback the request names on its real fetched page. */
export async function runCallback(spider: Spider, request: CrawlRequest): Promise<{ response: CrawlResponse; requests: CrawlRequest[]; items: Item[] }> {
  const response = await fetchResponse(request);
  return { response, ...(await collect(resolveCallback(spider, request.callback)(response))) };
}

export interface WalkResult {
  items: Item[];
  /** Every URL fetched, in order. */
  fetched: string[];
  /** Non-2xx answers: the engine would record these as failures. */
  failures: { url: string; status: number }[];
  /** Requests the spider yielded for hosts outside its allowedDomains. */
  offsite: string[];
}

/** A minimal sequential crawl: start(), then every yielded request once (by fingerprint). */
export async function walkSpider(spider: Spider, maxPages = 5_000): Promise<WalkResult> {
  const queue: CrawlRequest[] = (await collect(spider.start())).requests;
  const seen = new Set(queue.map((r) => r.fingerprint));
  const result: WalkResult = { items: [], fetched: [], failures: [], offsite: [] };
  while (queue.length > 0) {
    if (result.fetched.length >= maxPages) throw new Error(`walk exceeded ${maxPages} pages`);
    const request = queue.shift() as CrawlRequest;
    if (!spider.allowedDomains.includes(new URL(request.url).host)) {
      result.offsite.push(request.url);
      continue;
    }
    const response = await fetchResponse(request);
    result.fetched.push(request.url);
    if (response.status < 200 || response.status > 299) {
      result.failures.push({ url: request.url, status: response.status });
      continue;
    }
    const out = await collect(resolveCallback(spider, request.callback)(response));
    result.items.push(...out.items);
    for (const child of out.requests) {
      if (seen.has(child.fingerprint)) continue;
      seen.add(child.fingerprint);
      queue.push(child);
    }
  }
  return result;
}
