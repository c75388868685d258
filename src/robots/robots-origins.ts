// Each origin's robots.txt as this worker knows it, and the look-ups (shared cache, claim, fetch) that learn it.
import type { CrawlRequest } from '../core/request';
import type { CrawlResponse } from '../core/response';
import type { BlockRules } from '../downloader/block-rules';
import { FetchError } from '../core/errors';
import type { MiddlewareContext, SideSlot } from '../downloader/middleware';
import type { Fetcher } from '../fetch/fetcher';
import type { HostGate } from '../ports/host-gate';
import type { RobotsCache, RobotsEntry } from '../ports/robots-cache';
import { hostKeyOf } from '../politeness/host-key';
import type { Settings } from '../settings/schema';
import { CrawlDelays } from './crawl-delays';
import { fetchRobots } from './fetch-robots';
import { cacheTtlFor, heldUntilMs } from './last-good-copy';
import { OriginRules } from './origin-rules';
import { logRobotsFetch } from './robots-fetch-log';
import { RobotsHopPacing } from './robots-hop-pacing';

export type OriginState =
  /** A look-up (the shared cache, then maybe a fetch) is on its way; `readBefore`: the file was known and ran out. */
  | { state: 'loading'; readBefore?: true }
  /** Another worker is fetching it: look in the cache again at `recheckAtMs`. */
  | { state: 'elsewhere'; recheckAtMs: number; readBefore?: true }
  | { state: 'known'; entry: RobotsEntry; rules: OriginRules | null; expiresAtMs: number; readFor?: ReadFor };

/** The request a look-up was made for, which the file judges once even after it ran out (see `isDue`). */
interface ReadFor {
  key: string;
  /** RFC 9309 §2.4: a copy is not used more than 24 hours after its fetch. */
  untilMs: number;
}

const RFC_MAX_AGE_MS = 86_400_000;

export type KnownOrigin = Extract<OriginState, { state: 'known' }>;

/** While robots.txt is on its way, the host's requests look again this often (no slot is held meanwhile). */
export const RECHECK_MS = 50;

/**
 * One worker's view of every origin's robots.txt. A look-up reads the crawl's `RobotsCache` (shared by the
 * workers of a Redis frontier) and only the worker that claims the origin fetches the file. The fetch goes
 * around the host slots, so it is told to the host gate as a send (when it goes, and when its request is
 * written: the first page waits a full interval after that write), and the Crawl-delay becomes a floor under
 * the host's interval there, for every worker of a shared frontier and across a resume.
 */
export class RobotsOrigins {
  private readonly origins = new Map<string, OriginState>();
  private readonly pending = new Set<Promise<void>>();
  /** Each origin's look-up on its way, for redirect hops that wait for it. */
  private readonly lookups = new Map<string, Promise<void>>();
  /** Each origin's Crawl-delay put in force; the gate gets the longest of a host key's origins. */
  private readonly crawlDelays: CrawlDelays;
  /** Origins whose entry this process has taken or stored: the fetches behind an unreachable verdict it saw run. */
  private readonly seenHere = new Set<string>();

  constructor(
    private readonly settings: Settings,
    private readonly fetcher: Fetcher,
    private readonly cache: RobotsCache,
    private readonly gate: HostGate,
    /** The crawl's block rules (null with block detection off): a wall served as robots.txt is not the file. */
    private readonly blocks: BlockRules | null,
  ) {
    this.crawlDelays = new CrawlDelays(gate, (origin) => hostKeyOf(origin, settings.politeness.hostKey), settings.robots.maxCrawlDelayMs);
  }

  get(origin: string): OriginState | undefined {
    return this.origins.get(origin);
  }

  /** The origin's look-up on its way, if any. */
  lookupOf(origin: string): Promise<void> | undefined {
    return this.lookups.get(origin);
  }

  /** Known, not due and a verdict (rules or none): a hop to it can be judged now. */
  settled(known: OriginState | undefined, nowMs: number): known is KnownOrigin {
    return known?.state === 'known' && !this.isDue(known, nowMs) && (known.entry.kind === 'rules' || known.entry.kind === 'allow-all');
  }

  /** Raises the origin's Crawl-delay in force to one a request's own User-Agent asks for; true when it was raised. */
  raiseCrawlDelay(origin: string, askedMs: number): boolean {
    return this.crawlDelays.raise(origin, askedMs);
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }

  /**
   * A known state runs out: entries past their TTL, a Retry-After window or a refetch time that has come.
   * Past its TTL a file still judges the request it was read for (`asker`), once: the file goes out in that
   * request's slot, so the request waits an interval after it, and a TTL shorter than the interval had run out
   * by then every time. The host got robots.txt once an interval and never a page (measured: 27 reads, no page).
   */
  isDue(known: OriginState, nowMs: number, asker?: CrawlRequest): boolean {
    if (known.state === 'loading') return false;
    if (known.state === 'elsewhere') return nowMs >= known.recheckAtMs;
    if (this.needsFetch(known.entry, nowMs)) return true;
    if (nowMs < known.expiresAtMs) return false;
    const { readFor } = known;
    if (asker === undefined || readFor === undefined || readFor.key !== readForKey(asker) || nowMs >= readFor.untilMs) return true;
    delete known.readFor;
    return false;
  }

  private needsFetch(entry: RobotsEntry, nowMs: number): boolean {
    if (entry.kind === 'retry-after') return nowMs >= entry.untilMs;
    if (entry.kind === 'rules' && entry.stale) return nowMs >= entry.stale.retryAtMs;
    return entry.kind === 'unreachable' && nowMs >= entry.retryAtMs && entry.attempts < this.settings.robots.maxFetchAttempts;
  }

  /**
   * The look-up tells the gate of the origin's host (its fetch as a send, its Crawl-delay), which is not the
   * asking request's when a redirect target's file is looked up: the target's Crawl-delay once spaced the
   * host the redirect came from and never the target's own pages.
   */
  startLookup(origin: string, page: CrawlRequest, requestCtx: MiddlewareContext, before: OriginState | undefined, slotFor?: MiddlewareContext['sideSlot']): void {
    this.origins.set(origin, { state: 'loading', ...(wasRead(before) ? { readBefore: true as const } : {}) });
    const ctx = { ...requestCtx, hostKey: hostKeyOf(origin, this.settings.politeness.hostKey) };
    // A recheck of a file another worker is fetching sends nothing, so it needs no slot.
    const done = (slotFor && before?.state !== 'elsewhere' ? this.lookupBeside(origin, page, ctx, before, slotFor) : this.lookupNow(origin, page, ctx, before))
      .catch((error: unknown) => {
        ctx.log.warn({ err: error, origin }, 'robots.txt look-up failed; trying again');
        this.origins.set(origin, { state: 'elsewhere', recheckAtMs: ctx.nowMs() + this.settings.robots.refetchAfterMs, ...(wasRead(before) ? { readBefore: true as const } : {}) });
      })
      .finally(() => {
        this.pending.delete(done);
        if (this.lookups.get(origin) === done) this.lookups.delete(origin);
      });
    this.pending.add(done);
    this.lookups.set(origin, done);
  }

  private lookupNow(origin: string, page: CrawlRequest, ctx: MiddlewareContext, before: OriginState | undefined): Promise<void> {
    // Told at once, not only once the cache is read and the claim won: the page that started the look-up is
    // deferred now, and the slot it gave back let another origin of the host key be picked and fetch its file
    // first (www. and the apex under hostKey: domain, two Redis workers: 134 ms apart at a 250 ms interval).
    if (before?.state !== 'elsewhere') this.gate.noteSend(ctx.hostKey, ctx.nowMs());
    return this.lookup(origin, page, ctx, before);
  }

  /**
   * A look-up started for a request that holds no slot of the origin's host (a browser page's part meets the
   * file run out): it went out at once, 560 ms after that host's last page at a 1 s interval. It waits for a
   * slot of the host beside the request's own. None within the wait (the page's own host at its cap of one,
   * held by the page): the origin is left as it was, due, and its next request reads the file in its own slot.
   */
  private async lookupBeside(origin: string, page: CrawlRequest, ctx: MiddlewareContext, before: OriginState | undefined, slotFor: NonNullable<MiddlewareContext['sideSlot']>): Promise<void> {
    let slot: SideSlot;
    try {
      slot = await slotFor(`${origin}/robots.txt`);
    } catch (error) {
      if (!(error instanceof FetchError)) throw error;
      ctx.stats.inc('robots/refetch-no-slot');
      if (before && this.origins.get(origin)?.state === 'loading') this.origins.set(origin, before);
      return;
    }
    slot.markSent();
    try {
      await this.lookupNow(origin, page, ctx, before);
    } finally {
      slot.releaseSlot();
    }
  }

  /** The shared entry if it still holds, else the claim and a fetch; a worker that loses the claim reads again shortly. */
  private async lookup(origin: string, page: CrawlRequest, ctx: MiddlewareContext, before: OriginState | undefined): Promise<void> {
    const cached = await this.cache.get(origin);
    if (this.useCached(origin, cached, ctx, page)) return;
    const fetchBudgetMs = this.settings.http.timeoutMs + this.settings.http.connectTimeoutMs + RECHECK_MS;
    if (!(await this.cache.claim(origin, fetchBudgetMs))) {
      this.origins.set(origin, { state: 'elsewhere', recheckAtMs: ctx.nowMs() + RECHECK_MS, ...(wasRead(before) ? { readBefore: true as const } : {}) });
      return;
    }
    let stored = false;
    try {
      // Another worker may have stored the file between the read above and this claim (its put frees the
      // claim): read once more, or the host gets robots.txt twice.
      if (this.useCached(origin, await this.cache.get(origin), ctx, page)) return;
      const fetched = await this.fetchEntry(origin, page, ctx, cached ?? (before?.state === 'known' ? before.entry : null));
      await this.cache.put(origin, fetched.entry, cacheTtlFor(fetched.entry, this.settings.robots, ctx.nowMs()));
      stored = true;
      this.learn(origin, fetched, ctx, page);
    } finally {
      // put frees the claim; without one it goes back, or every worker's next fetch of the file (a due
      // Retry-After, an unreachable file's retry) would wait for it to run out (the HTTP timeouts).
      if (!stored) await this.cache.release(origin).catch((error: unknown) => ctx.log.warn({ err: error, origin }, 'robots.txt claim not released; it runs out by itself'));
    }
  }

  /** The claim is held: fetches the file in the page's slot, told to the host gate as a send. */
  private async fetchEntry(origin: string, page: CrawlRequest, ctx: MiddlewareContext, previous: RobotsEntry | null): Promise<{ entry: RobotsEntry; written: boolean }> {
    const attemptsBefore = previous?.kind === 'unreachable' || previous?.kind === 'retry-after' ? previous.attempts : 0;
    const avoidProxyId = previous?.kind === 'unreachable' ? previous.proxyId : undefined;
    ctx.stats.inc('robots/fetched');
    // The fetch goes out in the page's slot: the host's next slot is a full interval later, for every
    // process that shares the host gate (a worker joining a running crawl fetches robots.txt mid-crawl).
    this.gate.noteSend(ctx.hostKey, ctx.nowMs());
    // Anchored on the socket write, like every slot: the host's pages wait for the answer anyway (they
    // need the rules), so counting the interval from the answer added the file's whole answer time.
    // Its redirect hops wait for their host's interval and are told to that host's gate.
    const pacing = new RobotsHopPacing(`${origin}/robots.txt`, { gate: this.gate, hostKeyOf: (url) => hostKeyOf(url, this.settings.politeness.hostKey), marginMs: this.settings.politeness.intervalMarginMs, nowMs: ctx.nowMs });
    let written = false;
    const onSend = () => {
      written = true;
      pacing.onSend();
    };
    const { blocks } = this;
    const isBlockPage = blocks ? (response: CrawlResponse) => blocks.detect(ctx.hostKey, response) !== null : undefined;
    const { refetchAfterMs, maxStaleAgeMs } = this.settings.robots;
    const lastCopy = previous?.kind === 'rules' ? previous : null;
    const entry = await fetchRobots({ fetcher: this.fetcher, origin, page, attemptsBefore, avoidProxyId, refetchAfterMs, previous: lastCopy, maxStaleAgeMs, nowMs: ctx.nowMs, onSend, beforeHop: pacing.beforeHop, isBlockPage });
    return { entry, written };
  }

  /** What this worker fetched and stored: its verdict here, its Crawl-delay in the gate, a log line. */
  private learn(origin: string, fetched: { entry: RobotsEntry; written: boolean }, ctx: MiddlewareContext, page: CrawlRequest): void {
    const { entry, written } = fetched;
    const known = this.knownState(entry, heldUntilMs(entry, this.settings.robots.cacheTtlMs) ?? ctx.nowMs() + this.settings.robots.cacheTtlMs, page);
    this.origins.set(origin, known);
    this.seenHere.add(origin);
    // No write seen (the fetcher failed before it, or one that cannot tell): the interval counts from now.
    // A Crawl-delay counts from each answer too (HostSlots.release), the file's own answer included.
    const crawlDelayMs = this.crawlDelays.set(origin, known.rules?.crawl.crawlDelayMs ?? 0);
    if (!written || crawlDelayMs > 0) this.gate.noteSend(ctx.hostKey, ctx.nowMs());
    logRobotsFetch(ctx, origin, entry, known.rules?.crawl ?? null);
  }

  /** Takes a cached entry that still holds (true), else leaves the look-up to go on (false). */
  private useCached(origin: string, cached: RobotsEntry | null, ctx: MiddlewareContext, page: CrawlRequest): boolean {
    if (!cached || this.needsFetch(cached, ctx.nowMs()) || this.spentBeforeUs(origin, cached)) return false;
    // Held no longer here than in the cache: from when the worker that fetched it did. One our clock says
    // ran out is fetched again: the cache may hold it a while longer (its clock, or the fetcher's, behind
    // ours), and taking it made it due at once, so the origin's requests asked the cache every 50 ms until then.
    // A stale copy holds until its next fetch (last-good-copy.ts).
    const expiresAtMs = heldUntilMs(cached, this.settings.robots.cacheTtlMs) ?? ctx.nowMs() + this.settings.robots.cacheTtlMs;
    if (expiresAtMs <= ctx.nowMs()) return false;
    const known = this.knownState(cached, expiresAtMs, page);
    this.origins.set(origin, known);
    this.seenHere.add(origin);
    this.crawlDelays.set(origin, known.rules?.crawl.crawlDelayMs ?? 0);
    return true;
  }

  /**
   * An unreachable file whose fetches ran out before this process first looked (a resume after the outage,
   * a restart): held for the cache TTL under the run id, it failed every page of the host at once for a day.
   * Asked once more (one more failure fails the pages as before); rules and "no file" are kept (RFC 9309 §2.4).
   */
  private spentBeforeUs(origin: string, entry: RobotsEntry): boolean {
    return entry.kind === 'unreachable' && entry.attempts >= this.settings.robots.maxFetchAttempts && !this.seenHere.has(origin);
  }

  private knownState(entry: RobotsEntry, expiresAtMs: number, page: CrawlRequest): KnownOrigin {
    const rules = entry.kind === 'rules' ? new OriginRules(entry.text, this.settings) : null;
    const readUntilMs = entry.kind === 'rules' && entry.stale ? null : heldUntilMs(entry, RFC_MAX_AGE_MS);
    return { state: 'known', entry, rules, expiresAtMs, ...(readUntilMs === null ? {} : { readFor: { key: readForKey(page), untilMs: readUntilMs } }) };
  }
}

/** A request as the same one on every try (its frontier row; the fingerprint before it has one). */
function readForKey(request: CrawlRequest): string {
  return request.id ?? request.fingerprint;
}

/** The origin's file was known to this worker: a state not settled now is a file being read again, not one never read. */
export function wasRead(state: OriginState | undefined): boolean {
  return state?.state === 'known' || (state !== undefined && 'readBefore' in state && state.readBefore === true);
}
