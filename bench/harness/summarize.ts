// Reduces a scenario's rounds to one row per crawler: medians for speed, worst case for limits.
import type { CrawlerName } from './bench-config';
import type { RunRecord } from './measure-run';

export interface CrawlerSummary {
  crawler: CrawlerName;
  rounds: number;
  /** Rounds that ended with a result line (not killed, not crashed). */
  okRounds: number;
  errors: string[];
  /** Fewest pages any round fetched (completeness is judged on the worst round). */
  minPages: number;
  medianItems: number;
  medianSeconds: number;
  medianPagesPerSecond: number;
  medianCpuSeconds: number;
  medianCpuMsPerPage: number;
  medianServerSpanSeconds: number;
  /** Limits are judged on the worst round. */
  maxPeakRssMb: number;
  maxViolations: number;
  total429: number;
  minGapMs: number | null;
  maxInFlightPerHost: number;
  perRoundSeconds: number[];
  perRoundPagesPerSecond: number[];
}

export function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function summarize(crawler: CrawlerName, runs: RunRecord[]): CrawlerSummary {
  const mine = runs.filter((r) => r.crawler === crawler);
  // A killed run has no crawler-side figures; its timings only bound the speed from above.
  const ok = mine.filter((r) => r.ok);
  const timed = ok.length > 0 ? ok : mine;
  const gaps = mine.map((r) => r.server.minGapMs).filter((g): g is number => g !== null);
  return {
    crawler,
    rounds: mine.length,
    okRounds: ok.length,
    errors: mine.filter((r) => !r.ok).map((r) => `round ${r.round}: ${r.error}`),
    minPages: Math.min(...mine.map((r) => r.pages)),
    medianItems: median(timed.map((r) => r.items)),
    medianSeconds: median(timed.map((r) => r.seconds)),
    medianPagesPerSecond: median(timed.map((r) => r.pagesPerSecond)),
    medianCpuSeconds: median(timed.map((r) => r.cpuSeconds)),
    medianCpuMsPerPage: median(timed.map((r) => r.cpuMsPerPage)),
    medianServerSpanSeconds: median(mine.map((r) => r.server.spanSeconds)),
    maxPeakRssMb: Math.max(...mine.map((r) => r.peakRssMb)),
    maxViolations: Math.max(...mine.map((r) => r.server.violations)),
    total429: mine.reduce((s, r) => s + r.server.status429, 0),
    minGapMs: gaps.length ? Math.min(...gaps) : null,
    maxInFlightPerHost: Math.max(...mine.map((r) => r.server.maxInFlightPerHost)),
    perRoundSeconds: mine.map((r) => round2(r.seconds)),
    perRoundPagesPerSecond: mine.map((r) => round2(r.pagesPerSecond)),
  };
}

export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
