// PriceHistory port: change events (price / currency / availability) between a SKU's consecutive observations.
export interface PriceChange {
  spider: string;
  sku: string;
  runId: string;
  previousRunId: string;
  observedAtMs: number;
  previousObservedAtMs: number;
  /** Exact decimal strings as stored; null for a missing price. */
  oldPrice: string | null;
  newPrice: string | null;
  oldCurrency: string | null;
  newCurrency: string | null;
  oldAvailability: string | null;
  newAvailability: string | null;
  url: string;
}

export interface PriceHistoryFilter {
  spider?: string;
  /** Only events observed at or after this epoch ms. */
  sinceMs?: number;
}

/**
 * The history is the items table itself (every run stores each observation with its time); the
 * backend compares a run's rows with each SKU's previous row once the run's items are durable.
 */
export interface PriceHistory {
  /** Records the run's change events (idempotent: a resumed run adds only new ones); resolves to how many were new. */
  recordRun(spider: string, runId: string): Promise<number>;
  /** Events ordered by observation time, then spider, then sku. */
  list(filter?: PriceHistoryFilter): Promise<PriceChange[]>;
  close(): Promise<void>;
}
