// Scrapy's CLOSESPIDER_* limits: which one (if any) a run has reached, read from the run's counters.
import type { Settings } from '../settings/schema';
import type { Stats } from './stats';

/** Stop reasons of the limits: stable codes, shown in the summary and stored in the run record. */
export type CloseSpiderReason = 'closespider/itemcount' | 'closespider/pagecount' | 'closespider/errorcount' | 'closespider/timeout' | 'closespider/idlerounds';

export function isCloseSpiderReason(reason: string | null): reason is CloseSpiderReason {
  return reason !== null && reason.startsWith('closespider/');
}

const sum = (counts: Record<string, number>): number => Object.values(counts).reduce((a, b) => a + b, 0);

/** The first count limit reached, or null; the time limit is a timer of the engine (it must fire with nothing else happening). */
export function reachedLimit(limits: Settings['closeSpider'], stats: Stats): CloseSpiderReason | null {
  if (limits.itemCount > 0 && stats.get('items/scraped') - sum(stats.byPrefix('items/dropped/')) >= limits.itemCount) return 'closespider/itemcount';
  if (limits.pageCount > 0 && sum(stats.byPrefix('http/status/')) >= limits.pageCount) return 'closespider/pagecount';
  if (limits.errorCount > 0 && stats.get('requests/failed') >= limits.errorCount) return 'closespider/errorcount';
  return null;
}
