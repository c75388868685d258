// What a fetcher hands over to make a CrawlResponse: the answer's bytes, headers, timings and where it came from.
import type { LivePage } from './live-page';
import type { CapturedResponse } from './browser-options';
import type { CrawlRequest, FetchMode } from './request';

export interface ResponseTimings {
  /** Epoch ms when the request was handed to the fetcher. */
  startedAtMs: number;
  /** Epoch ms when the full body had arrived. */
  finishedAtMs: number;
}

export interface CrawlResponseInit {
  request: CrawlRequest;
  /** URL after redirects. */
  url: string;
  status: number;
  /** Header names lower-cased; repeated headers joined with ", " (set-cookie kept as array). */
  headers: Record<string, string | string[]>;
  /** Exact bytes as received after content-decoding (gzip/br/deflate), before charset decoding. */
  body: Buffer;
  /** Body decoded with `encoding`; omitted, it is decoded from `body` when first read. */
  text?: string;
  /** Charset of `text` (e.g. "utf-8", "windows-1252", "shift_jis"). */
  encoding: string;
  timings: ResponseTimings;
  /** Every URL visited before `url`, in order. */
  redirectChain?: string[];
  /** Which fetcher produced this response; `http` when omitted. */
  fetchMode?: FetchMode;
  /** Browser fetches: the XHR/fetch responses matching the request's `browser.capture` patterns. */
  captured?: CapturedResponse[];
  /** Browser fetches inside a crawl: the live page, open until the callback ends. */
  page?: LivePage;
}
