// What a request's errback is told: the request that ended failed, why, and the status it got (Scrapy's `failure`).
import type { CrawlRequest } from './request';

export interface RequestFailure {
  /** The request as stored, with its meta, callback and the attempt it ended on (0-based). */
  readonly request: CrawlRequest;
  /** The stable reason the run ledger records (`http/404`, `retry/exhausted`, `robots/disallowed`, `callback/error`). */
  readonly reason: string;
  /** The last answer's status; null when none was received (refused by robots.txt, a connection that failed). */
  readonly status: number | null;
  /** What went wrong in words, for a log line; '' when the reason says it all. */
  readonly message: string;
}
