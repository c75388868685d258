// How a worker opens the shared Redis frontier: the run to create or join, its hosts' policies and the frontier settings.
import type { Logger } from 'pino';
import type { BreakerOptions } from '../../src/politeness/breaker-board';
import type { PolicyFor } from '../../src/politeness/host-policy';
import type { Settings } from '../../src/settings/schema';
import type { StoreLocation } from '../../src/settings/store-url';

export interface RedisFrontierOptions {
  url: string;
  spider: string;
  /** Create or resume this run id, `new`, `resume-latest` (the spider's latest running run, else new: `crawl --resume`), or (joining) `latest`: the spider's latest running run. */
  runId: string;
  /** Join a run another process started (wait for it up to `joinTimeoutMs`) instead of creating it. */
  join: boolean;
  /** This process seeds the run: workers do not finish while the seeder is at it (or until its marker lapses). */
  seeding: boolean;
  hostKeyOf: (url: string) => string;
  policyFor: PolicyFor;
  /** The host breakers' policy; the settings' defaults when absent (frontier tests). */
  breaker?: BreakerOptions;
  /** politeness.intervalMarginMs: added to every non-zero interval. */
  intervalMarginMs?: number;
  settings: Settings['frontier'];
  /** Where this process keeps the run's items (run-item-store.ts); checked against the run's when set. */
  itemStore?: StoreLocation;
  /**
   * The fencing token of this process's claim on the spider (a seeding crawl on PostgreSQL), recorded in the
   * run's meta: the workers that join the run claim nothing and write under it (RedisFrontier.runFence).
   */
  fence?: number;
  log: Logger;
  joinTimeoutMs?: number;
  /** Uniform in [0, 1) for the jitter; injected so tests can pin it. */
  random?: () => number;
}
