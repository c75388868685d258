// FetchLog port: one row per fetch (url, status, attempt, rawHash, bytes, duration, outcome); backends in sqlite/ and postgres/.
export interface FetchLogRow {
  runId: string;
  spider: string;
  requestId: string | null;
  url: string;
  /** URL after redirects; null when no response arrived. */
  finalUrl: string | null;
  host: string;
  status: number | null;
  /** 0 on the first send. */
  attempt: number;
  /** Session and proxy ids (never credentials); null until sessions/proxies exist. */
  sessionId: string | null;
  proxyId: string | null;
  /** The response's Retry-After header as sent, when present. */
  retryAfter: string | null;
  rawHash: string | null;
  bytes: number | null;
  durationMs: number | null;
  /** `response`, or the transport error's stable reason (`fetch/timeout`, ...). */
  outcome: string;
  fetchedAtMs: number;
}

export interface FetchLog {
  /**
   * Takes the row without waiting on I/O (the fetch path must not stall on logging); a backend may
   * buffer it. `flush()` makes every recorded row durable and rejects if a write failed.
   */
  record(row: FetchLogRow): void;
  flush(): Promise<void>;
  /** A run's rows in the order they were recorded. */
  rows(runId: string): Promise<FetchLogRow[]>;
  /** Flushes, then releases the backend. */
  close(): Promise<void>;
}
