// The run record store port: one row per crawl (mode, trigger, process, outcome, counts, settings snapshot), and the scheduler's per-spider lock, in the storage backend.

/**
 * `running` until the crawl ends; then the run summary's status, or `failed` when the process died first
 * (a scheduler saw its child exit). `crashed` is never stored: a `running` record whose process is gone by
 * the exact liveness check (gone, a zombie, or its pid reused) reads as `crashed`.
 */
export type RunOutcome = 'scheduled' | 'running' | 'finished' | 'stopped' | 'interrupted' | 'failed' | 'crashed';

export interface RunRecord {
  runId: string;
  spider: string;
  mode: string | null;
  trigger: 'manual' | 'schedule';
  pid: number | null;
  startedAtMs: number;
  endedAtMs: number | null;
  outcome: RunOutcome;
  exitCode: number | null;
  planned: number | null;
  succeeded: number | null;
  failed: number | null;
  pending: number | null;
  items: number | null;
  settingsHash: string | null;
  settingsJson: string | null;
  error: string | null;
  /** The end-of-run summary (RunSummary) as JSON, for `pricecrawl report`; null until the crawl ends. */
  summaryJson: string | null;
}

export interface CrawlStart {
  runId: string;
  spider: string;
  mode: string;
  pid: number;
  atMs: number;
  settingsHash: string;
  settingsJson: string;
}

export interface CrawlEnd {
  outcome: RunOutcome;
  exitCode: number;
  atMs: number;
  planned: number;
  succeeded: number;
  failed: number;
  pending: number;
  items: number;
  summaryJson: string;
}

/**
 * Where run records live follows the stores (`storage.url`): beside the embedded frontier in
 * frontier.sqlite, or in PostgreSQL, where every machine of a deployment sees every run.
 */
export interface RunRecordStore {
  /** The scheduler's row before its child starts; the child's crawl fills in the rest. */
  recordScheduled(run: { runId: string; spider: string; mode: string; atMs: number }): Promise<void>;
  /** A crawl starts (or resumes): its mode, process and settings snapshot. Keeps a scheduler's trigger. */
  recordCrawlStart(run: CrawlStart): Promise<void>;
  /** The crawl's own outcome and exit code; a scheduler that spawned it may overwrite the exit code. */
  recordCrawlEnd(runId: string, end: CrawlEnd): Promise<void>;
  /** The scheduler saw its child exit: the exit code, and `failed` with a reason when the crawl never recorded an end. */
  recordChildExit(runId: string, exit: { exitCode: number | null; atMs: number; error: string | null }): Promise<void>;
  get(runId: string): Promise<RunRecord | null>;
  /** Oldest first. */
  list(spider?: string): Promise<RunRecord[]>;
  close(): Promise<void>;
}

export interface LockHolder {
  runId: string;
  pid: number;
  hostname: string;
  lockedAtMs: number;
}

/**
 * `fence`: the claim's fencing token, a number that grows with every claim of any spider on the backend. Where a
 * claim can be taken from a holder that still lives (a lease that ran out while it paused), the stores refuse the
 * writes made under a token that is no longer the spider's (CrawlStores.fence); absent where it cannot (SQLite:
 * a claim is taken only from a dead process).
 */
export type LockResult = { ok: true; fence?: number } | { ok: false; holder: LockHolder };

/**
 * A claim its holder no longer has: its renewal found the row another holder's (the lease ran out during a GC
 * pause, a suspended VM, a partition), or renewals kept failing until the lease's end. `reason` is the stop
 * reason a run ends with; `detail` says which of the two, for the log.
 */
export interface LockLoss {
  spider: string;
  runId: string;
  reason: 'schedule/lock-lost';
  detail: string;
}

/**
 * One running scheduled run per spider across schedulers sharing the backend. A holder that dies must
 * not hold it forever: the SQLite lock checks the holder's pid, the PostgreSQL one is a lease that
 * its holder renews while it lives and that lapses when it stops, both judged by the database server's
 * clock (machines sharing it need not agree on the time).
 */
export interface ScheduleLock {
  /**
   * Claims the spider for `runId` unless a live holder has it (a dead holder's claim is taken over). A claim for
   * the same run id is the caller's own: the scheduler claims for the run it spawns, whose crawl claims it again.
   * `nowMs` (the caller's clock) stamps the claim's start where the backend has no clock of its own (SQLite: one
   * machine); a backend shared by machines stamps it with its own clock and never judges a claim by `nowMs`.
   */
  tryLock(spider: string, runId: string, pid: number, nowMs: number): Promise<LockResult>;
  /** Hands the claim to the child process that runs the crawl. */
  transfer(spider: string, runId: string, pid: number): Promise<void>;
  unlock(spider: string, runId: string): Promise<void>;
  /**
   * Tells `listener` of each claim of this lock that was lost while held (at most once per claim); the holder
   * must stop what it runs under that claim, since another holder may already run the spider.
   */
  onLost(listener: (loss: LockLoss) => void): void;
  close(): Promise<void>;
}
