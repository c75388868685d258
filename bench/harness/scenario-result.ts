// The shape every scenario returns: its runs, one summary row per crawler, and the targets it checks.
import type { RunRecord } from './measure-run';
import type { CrawlerSummary } from './summarize';

export interface TargetCheck {
  label: string;
  measured: string;
  target: string;
  /** null: not measured this time (crawler skipped or failed), printed as n/a. */
  pass: boolean | null;
}

export interface ScenarioResult {
  name: string;
  /** One line: what this scenario measures. */
  description: string;
  site: { hosts: number; pages: number; pagesPerHost: number[]; productBytes: { min: number; max: number; mean: number } };
  minIntervalMs: number;
  /** Polite scenarios: max over hosts of pages × interval, seconds. */
  idealSeconds?: number;
  runs: RunRecord[];
  summaries: CrawlerSummary[];
  targets: TargetCheck[];
  notes: string[];
  wallSeconds: number;
}
