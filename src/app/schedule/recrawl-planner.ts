// Decides which known SKUs are due for a recrawl, in what order, within a per-host budget; pure.
import { createHash } from 'node:crypto';
import type { CatalogEntry } from '../../catalog/catalog-entry';
import { BoundedBest } from './bounded-best';

export interface RecrawlTier {
  name: string;
  /** A SKU whose velocity reaches this takes the tier (tiers are checked fastest first). */
  minChangesPerDay: number;
  everyMs: number;
}

export interface PlannerOptions {
  nowMs: number;
  tiers: readonly RecrawlTier[];
  /** Share of a tier's interval a SKU's due time may move either way (fixed per SKU). */
  jitterRatio: number;
  maxPerHostPerRun: number;
  hostKeyOf: (url: string) => string;
  /**
   * Also plan SKUs that fall due before this time (the scheduler's next tick for the spider). Measured from
   * the moment each SKU's page was fetched, a SKU is never quite due at the next tick of a cadence equal to
   * its interval: a hot SKU of a crawl every 15 min was visited every 30 min, a cold one of a daily crawl
   * every other day (its page came minutes into the run, or its jitter moved it past the tick). Planned at the
   * last tick before it falls due, it is never visited later than due, nor earlier than one cadence before.
   */
  dueUntilMs?: number;
}

export interface PlannedSku {
  sku: string;
  url: string;
  hostKey: string;
  tier: string;
  dueAtMs: number;
  /** Higher is planned first: staleness in tier intervals, weighted up by velocity. */
  score: number;
  /** Consecutive runs its primary page failed (the seeds add the fallback source from a threshold on). */
  consecutiveFailures: number;
}

/** The tier of a velocity: the one with the highest threshold the velocity reaches. */
export function tierFor(velocityPerDay: number, tiers: readonly RecrawlTier[]): RecrawlTier {
  const sorted = [...tiers].sort((a, b) => b.minChangesPerDay - a.minChangesPerDay);
  return sorted.find((tier) => velocityPerDay >= tier.minChangesPerDay) ?? sorted[sorted.length - 1];
}

/** A fixed offset in [-ratio × every, +ratio × every], from a hash of spider and SKU: the same every run, different per SKU. */
export function jitterOffsetMs(spider: string, sku: string, everyMs: number, ratio: number): number {
  const digest = createHash('sha1').update(spider).update('\0').update(sku).digest();
  const unit = digest.readUInt32BE(0) / 0xffff_ffff; // [0, 1]
  return Math.round((unit * 2 - 1) * ratio * everyMs) + 0; // + 0 turns -0 into 0
}

export function dueAtMs(entry: CatalogEntry, tier: RecrawlTier, jitterRatio: number): number {
  return entry.lastAttemptMs + tier.everyMs + jitterOffsetMs(entry.spider, entry.sku, tier.everyMs, jitterRatio);
}

/** Best score first, ties by SKU: a total order, so the plan is the same whatever order the catalog streams in. */
function rankFirst(a: PlannedSku, b: PlannedSku): number {
  return b.score - a.score || (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0);
}

/**
 * Every due (or due before `dueUntilMs`), non-retired SKU, best score first (ties by SKU), at most `maxPerHostPerRun` per host.
 * Memory: each host's best `maxPerHostPerRun` only. Holding the whole due set (every SKU, the first run after
 * a pause) cost 115 MB of heap for 400,000 SKUs, and a catalog of a few million ran out of the 1 GB heap.
 */
export async function planDue(entries: Iterable<CatalogEntry> | AsyncIterable<CatalogEntry>, options: PlannerOptions): Promise<PlannedSku[]> {
  const perHost = new Map<string, BoundedBest<PlannedSku>>();
  const horizonMs = Math.max(options.nowMs, options.dueUntilMs ?? options.nowMs);
  for await (const entry of entries) {
    if (entry.retiredAtMs !== null) continue;
    const tier = tierFor(entry.velocityPerDay, options.tiers);
    // An attempt after now was stamped by a clock that ran ahead (or ours was set back): measured from it, the
    // SKU left the plan until real time caught up. Its interval cannot be measured: due now, ranked as just due.
    const ahead = entry.lastAttemptMs > options.nowMs;
    const at = ahead ? options.nowMs : dueAtMs(entry, tier, options.jitterRatio);
    if (at > horizonMs) continue;
    const stalenessIntervals = ahead ? 1 : (options.nowMs - entry.lastAttemptMs) / tier.everyMs;
    const score = stalenessIntervals * (1 + entry.velocityPerDay);
    const hostKey = options.hostKeyOf(entry.productUrl);
    let best = perHost.get(hostKey);
    if (!best) perHost.set(hostKey, (best = new BoundedBest<PlannedSku>(options.maxPerHostPerRun, rankFirst)));
    best.offer({ sku: entry.sku, url: entry.productUrl, hostKey, tier: tier.name, dueAtMs: at, score, consecutiveFailures: entry.consecutiveFailures });
  }
  return [...perHost.values()].flatMap((best) => best.sorted()).sort(rankFirst);
}
