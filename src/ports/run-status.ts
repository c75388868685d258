// What `pricecrawl status` shows of one run, read from its frontier without joining it (Redis or the embedded file).
import type { BreakerState } from '../politeness/host-breaker';
import type { LedgerCounts } from './frontier';
import type { IntervalCause, PauseCause } from './host-gate';

export interface HostStatus extends LedgerCounts {
  queued: number;
  delayed: number;
  leased: number;
  inflight: number;
  /** The interval in force: the slowest worker's adaptive throttle, else the configured one, never under Crawl-delay. */
  intervalMs: number;
  intervalCause: IntervalCause;
  crawlDelayMs: number;
  nextOpenInMs: number;
  pausedForMs: number;
  /** Set while a pause runs. */
  pauseCause?: PauseCause;
  breaker: BreakerState;
}

export interface RunStatusReport {
  runId: string;
  nowMs: number;
  meta: { spider?: string; status?: string; startedAt?: string; finishedAt?: string };
  seeding: boolean;
  planned: number;
  succeeded: number;
  failed: number;
  pending: number;
  /** Leases taken back from dead workers; null where the frontier does not count them (the embedded file). */
  reclaimed: number | null;
  leases: number;
  failedByReason: Record<string, number>;
  byHost: Record<string, HostStatus>;
  workers: Record<string, { heartbeatAgoMs: number; leases: number }>;
  /** Requests settled in the last 10 s; null where the frontier keeps no settle times (the embedded file). */
  settledLast10s: number | null;
}

/** Which run to show: the given id, else the spider's latest (running first), else the newest of any spider. */
export interface RunSelector {
  run?: string;
  spider?: string;
}

/** One frontier's runs as `pricecrawl status` reads them, without joining the crawl (Redis or the embedded file). */
export interface RunStatusReader {
  /** Where the runs are, fit for the screen (secrets masked). */
  readonly where: string;
  /** The run the selector names; null when there is none. */
  resolveRunId(select: RunSelector): Promise<string | null>;
  /** Null when the frontier holds no such run. */
  read(runId: string, nowMs: number): Promise<RunStatusReport | null>;
  close(): Promise<void>;
}
