// The robots cache port: what each origin's robots.txt said, shared by every worker of a crawl (memory or Redis).

/**
 * One origin's robots.txt as last fetched, in a form every backend can store. `rules` keeps the text
 * (each worker parses it once), the others are the fetch's verdict.
 */
export type RobotsEntry =
  /**
   * 2xx: the file's rules. `cut`: it ran past 500 KiB, and what follows was not read (RFC 9309 §2.5).
   * `openEnd`: only the connection's close ended it, inside a last Allow or user-agent line, which `text` leaves out.
   * `validators`: what the answer named its copy by, sent back when it is fetched again (a 304 keeps it).
   * `stale`: fetched again past its 24 hours and unreachable; this last good copy is still obeyed (RFC 9309 §2.4).
   */
  | { kind: 'rules'; text: string; fetchedAtMs: number; cut?: true; openEnd?: true; validators?: RobotsValidators; stale?: StaleUse }
  /** 4xx or too many redirects: no rules, everything allowed (RFC 9309 §2.3.1.2–3). */
  | { kind: 'allow-all'; status: number | string; fetchedAtMs: number }
  /**
   * 5xx or unreachable: everything disallowed until fetched again at `retryAtMs` (RFC 9309 §2.3.1.4).
   * `proxyId`: the proxy the failed fetch went through; the next fetch goes through another when one is usable.
   */
  | { kind: 'unreachable'; status: number | string; attempts: number; retryAtMs: number; proxyId?: string }
  /** 429/5xx with Retry-After: nothing may go to the host before `untilMs`; not counted as a failed fetch. */
  | { kind: 'retry-after'; status: number; attempts: number; untilMs: number };

/** The answer's ETag and Last-Modified, as sent. */
export interface RobotsValidators {
  etag?: string;
  lastModified?: string;
}

/**
 * A refetch of a file past its 24 hours that could not be read (5xx, 429, a transport error, a wall), while the
 * last good copy is younger than `robots.maxStaleAgeMs`: the copy is obeyed until `retryAtMs`, when the file is
 * fetched again. `pauseUntilMs`: the answer named a Retry-After; nothing goes to the host before it.
 */
export interface StaleUse {
  status: number | string;
  /** Failed refetches in a row. */
  attempts: number;
  /** When the first of them failed. */
  sinceMs: number;
  retryAtMs: number;
  pauseUntilMs?: number;
}

/**
 * Keyed by origin (scheme, host, port), as RFC 9309 scopes a robots.txt. `claim` makes one worker the
 * fetcher of an origin; the others read the entry it puts.
 */
export interface RobotsCache {
  get(origin: string): Promise<RobotsEntry | null>;
  /** True for exactly one caller per origin until that caller puts an entry or `ttlMs` runs out (it died). */
  claim(origin: string, ttlMs: number): Promise<boolean>;
  /** Stores the entry for `ttlMs` and releases the claim. */
  put(origin: string, entry: RobotsEntry, ttlMs: number): Promise<void>;
  /**
   * Gives this caller's claim back without an entry (the file was in the cache after all, or a step after
   * the claim failed): the next fetch of the file need not wait for the claim to run out. A claim that ran
   * out and went to another caller meanwhile stays theirs.
   */
  release(origin: string): Promise<void>;
  close(): Promise<void>;
}
