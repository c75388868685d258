// The script of a seeded fault-injecting shop: which page answers how, and how each planned request must end.
// Pure and deterministic: the same seed gives the same site, so a failing seed can be replayed.

/**
 * How a page answers, `times` times (Infinity: every time), before it serves its real content:
 * - `gone-404` / `gone-410`: the product is gone (permanent; `times` is always Infinity)
 * - `throttle-429` / `unavailable-503`: with `Retry-After: 0` (a server wait, no attempt counted)
 * - `throttle-429-bare`: 429 without Retry-After (a wait too: retry.waitStatuses)
 * - `unavailable-503-bare`: 503 without Retry-After (a failed try)
 * - `reset`: the connection is destroyed before any answer
 * - `truncated`: the head promises more body than is sent, then the connection is destroyed
 * - `timeout`: no answer at all (the crawler's http.timeoutMs ends it)
 * - `block-page`: a 200 whose page is a wall ("Access denied")
 * - `redirect`: a 301 to the product's canonical path (every time; not a fault: the hop is followed)
 */
export type FaultKind =
  | 'ok'
  | 'gone-404'
  | 'gone-410'
  | 'throttle-429'
  | 'throttle-429-bare'
  | 'unavailable-503'
  | 'unavailable-503-bare'
  | 'reset'
  | 'truncated'
  | 'timeout'
  | 'block-page'
  | 'redirect';

/** The crawl settings the expected outcomes assume (fault-accounting.test.ts passes them to every crawl). */
export const FAULT_CRAWL_SETTINGS = {
  maxAttempts: 4,
  maxDeferrals: 40,
  timeoutMs: 600,
} as const;

/**
 * Failed tries a page with a finite script makes at most: two below maxAttempts, so one try lost to the
 * crawler's own side (seen under load: a `fetch/timeout` for a request the server never received) does
 * not change how the page ends.
 */
const MOST_FAILED_TRIES = FAULT_CRAWL_SETTINGS.maxAttempts - 2;

export type Expected = { outcome: 'succeeded' } | { outcome: 'failed'; reason: string };

export interface PagePlan {
  /** Path the crawl requests (what the ledger holds). */
  path: string;
  fault: FaultKind;
  times: number;
  expected: Expected;
}

export interface ProductPlan extends PagePlan {
  sku: string;
  /** Exact price the product page shows once it answers (plain decimal string). */
  price: string;
  /** Where a `redirect` product's hop lands (its canonical page); the path itself otherwise. */
  canonicalPath: string;
}

export interface HostPlan {
  listings: PagePlan[];
  products: ProductPlan[];
  /** Product indexes each listing links to (with duplicates across listings and within one). */
  listingLinks: number[][];
  /** Product index each product page links to as "related" (already linked from a listing: a duplicate). */
  related: number[];
  /** Products the spider's start() yields directly (seeding), besides the first listing. */
  seeded: number[];
}

export interface FaultPlan {
  seed: number;
  hosts: HostPlan[];
}

/** mulberry32: a tiny seeded generator, enough to pick faults (not for anything secret). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Weighted mix of product faults: most pages answer, every fault is common enough to show in a handful of seeds. */
const PRODUCT_MIX: Array<[FaultKind, number]> = [
  ['ok', 30],
  ['gone-404', 4],
  ['gone-410', 3],
  ['throttle-429', 5],
  ['throttle-429-bare', 4],
  ['unavailable-503', 4],
  ['unavailable-503-bare', 5],
  ['reset', 5],
  ['truncated', 5],
  ['timeout', 2],
  ['block-page', 5],
  ['redirect', 5],
];

/** Faults that cost an attempt each time: `times` below maxAttempts ends well, Infinity ends `retry/exhausted`. */
const ATTEMPT_FAULTS = new Set<FaultKind>(['unavailable-503-bare', 'reset', 'truncated', 'block-page', 'timeout']);
/** Faults that are server waits (no attempt): a few always end well (maxDeferrals is far above them). */
const WAIT_FAULTS = new Set<FaultKind>(['throttle-429', 'throttle-429-bare', 'unavailable-503']);

function pick<T>(random: () => number, weighted: Array<[T, number]>): T {
  const total = weighted.reduce((sum, [, w]) => sum + w, 0);
  let roll = random() * total;
  for (const [value, weight] of weighted) if ((roll -= weight) < 0) return value;
  return weighted[weighted.length - 1][0];
}

function timesFor(random: () => number, fault: FaultKind): number {
  if (fault === 'gone-404' || fault === 'gone-410') return Infinity;
  if (fault === 'ok' || fault === 'redirect') return 0;
  if (WAIT_FAULTS.has(fault)) return 1 + Math.floor(random() * 3);
  // A timeout costs a whole http.timeoutMs per try: at most one, never for ever (the suite stays fast).
  if (fault === 'timeout') return 1;
  return random() < 0.3 ? Infinity : 1 + Math.floor(random() * MOST_FAILED_TRIES);
}

/** How a page with this script must end under FAULT_CRAWL_SETTINGS. */
export function expectedOutcome(fault: FaultKind, times: number): Expected {
  if (fault === 'gone-404') return { outcome: 'failed', reason: 'http/404' };
  if (fault === 'gone-410') return { outcome: 'failed', reason: 'http/410' };
  if (ATTEMPT_FAULTS.has(fault) && times >= FAULT_CRAWL_SETTINGS.maxAttempts) {
    // A breaker answer (503, a block page) may open the host's breaker, which parks the request instead of
    // counting a try; one that keeps being the half-open probe runs out of deferrals first.
    return { outcome: 'failed', reason: BREAKER_FAULTS.has(fault) ? EXHAUSTED_EITHER_WAY : 'retry/exhausted' };
  }
  return { outcome: 'succeeded' };
}

/** Faults the circuit breaker counts as throttling answers (breaker.statuses, block pages). */
const BREAKER_FAULTS = new Set<FaultKind>(['unavailable-503-bare', 'block-page']);

/** An expected reason with alternatives, `a|b`: either ending is right (both transient). */
export const EXHAUSTED_EITHER_WAY = 'retry/exhausted|retry/deferrals-exhausted';

/** Whether `reason` is what `expected` (a reason, or alternatives `a|b`) allows. */
export function reasonAllowed(expected: string, reason: string): boolean {
  return expected.split('|').includes(reason);
}

function priceOf(random: () => number): string {
  const cents = 100 + Math.floor(random() * 250_000);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

export function faultPlan(seed: number, options: { hosts?: number; productsPerHost?: number; perListing?: number } = {}): FaultPlan {
  const random = seededRandom(seed);
  const hostCount = options.hosts ?? 3;
  const productCount = options.productsPerHost ?? 18;
  const perListing = options.perListing ?? 6;
  const hosts: HostPlan[] = [];
  for (let h = 0; h < hostCount; h++) {
    const products: ProductPlan[] = [];
    for (let i = 0; i < productCount; i++) {
      const fault = pick(random, PRODUCT_MIX);
      const times = timesFor(random, fault);
      const sku = `S${seed}-H${h}-P${i}`;
      const path = fault === 'redirect' ? `/go/${i}` : `/p/${i}`;
      products.push({ sku, price: priceOf(random), path, canonicalPath: `/p/${i}`, fault, times, expected: expectedOutcome(fault, times) });
    }
    const listingCount = Math.ceil(productCount / perListing);
    // Listings answer in the end (a reset or a 429 first, sometimes), so the planned set is known in advance.
    const listings: PagePlan[] = Array.from({ length: listingCount }, (_, k) => {
      const fault = pick<FaultKind>(random, [['ok', 6], ['reset', 1], ['throttle-429', 1], ['unavailable-503-bare', 1]]);
      const times = fault === 'ok' ? 0 : 1;
      return { path: `/list/${k}`, fault, times, expected: expectedOutcome(fault, times) };
    });
    const listingLinks = listings.map((_, k) => {
      const own = products.slice(k * perListing, (k + 1) * perListing).map((_, j) => k * perListing + j);
      // Duplicates: a product of another listing, and one of its own twice.
      const other = Math.floor(random() * productCount);
      return [...own, other, own[0]];
    });
    const related = products.map(() => Math.floor(random() * productCount));
    const seeded = products.map((_, i) => i).filter(() => random() < 0.4);
    hosts.push({ listings, products, listingLinks, related, seeded });
  }
  return { seed, hosts };
}

/** Every request the plan makes a crawl plan on one host (distinct paths): what its ledger must count. */
export function plannedPaths(host: HostPlan): PagePlan[] {
  return [...host.listings, ...host.products];
}
