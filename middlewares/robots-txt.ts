// robots.txt middleware: one file per origin, fetched once per run without holding a slot; disallowed URLs and redirect targets fail, Crawl-delay goes to the host gate.
import { FetchError, FetchWait } from '../src/core/errors';
import type { CrawlRequest } from '../src/core/request';
import type { CrawlResponse } from '../src/core/response';
import type { BlockRules } from '../src/downloader/block-rules';
import { reasonForCode } from '../src/downloader/downloader-chain';
import { CONTINUE, fail, type Defer, type DownloaderMiddleware, type MiddlewareContext, type RequestOutcome } from '../src/downloader/middleware';
import type { Fetcher, HopDeadline } from '../src/fetch/fetcher';
import type { HostGate } from '../src/ports/host-gate';
import { hostKeyOf } from '../src/politeness/host-key';
import { fetchRobots } from '../src/robots/fetch-robots';
import { CrawlDelays } from '../src/robots/crawl-delays';
import { userAgentHeader } from '../src/robots/crawler-names';
import { RobotsHopPacing } from '../src/robots/robots-hop-pacing';
import { logRobotsFetch } from '../src/robots/robots-fetch-log';
import type { RobotsCache, RobotsEntry } from '../src/ports/robots-cache';
import { OriginRules } from '../src/robots/origin-rules';
import { rulesRefusal } from '../src/robots/rules-refusal';
import { settledOrAfter } from '../src/robots/settled-or-after';
import type { Settings } from '../src/settings/schema';

type OriginState =
  /** A look-up (the shared cache, then maybe a fetch) is on its way. */
  | { state: 'loading' }
  /** Another worker is fetching it: look in the cache again at `recheckAtMs`. */
  | { state: 'elsewhere'; recheckAtMs: number }
  | { state: 'known'; entry: RobotsEntry; rules: OriginRules | null; expiresAtMs: number };

/** While robots.txt is on its way, the host's requests look again this often (no slot is held meanwhile). */
const RECHECK_MS = 50;

/**
 * Rules are per origin (scheme, host, port; RFC 9309 §2.3): an https page is never judged by the http
 * file, nor one subdomain by another's when host keys merge them. `processRequest` runs while the host
 * slot is reserved, so it never waits for robots.txt: it starts a look-up in the background and defers
 * the request. The look-up reads the crawl's `RobotsCache` (shared by the workers of a Redis frontier)
 * and only the worker that claims the origin fetches the file. The fetch goes around the host slots, so it
 * is told to the host gate as a send (when it goes, and when its request is written: the first page
 * waits a full interval after that write), and the Crawl-delay becomes a floor under the host's interval there, for every
 * worker of a shared frontier and across a resume. A Retry-After on robots.txt pauses the host.
 */
export class RobotsTxtMiddleware implements DownloaderMiddleware {
  readonly name = 'robots-txt';
  private readonly origins = new Map<string, OriginState>();
  private readonly pending = new Set<Promise<void>>();
  /** Each origin's look-up on its way, for redirect hops that wait for it. */
  private readonly lookups = new Map<string, Promise<void>>();
  /** The redirect target a fetch stopped at because its origin's robots.txt was not known yet. */
  private readonly redirectTargets = new WeakMap<CrawlRequest, string>();
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
    private readonly blocks: BlockRules | null = null,
  ) {
    this.crawlDelays = new CrawlDelays(gate, (origin) => hostKeyOf(origin, settings.politeness.hostKey), settings.robots.maxCrawlDelayMs);
  }

  processRequest: DownloaderMiddleware['processRequest'] = (request, ctx) => {
    if (!this.settings.robots.obey) return CONTINUE;
    const outcome = this.decide(request.url, request, ctx);
    return outcome.type === 'continue' ? this.paceOwnAgent(request, ctx) : outcome;
  };

  /**
   * A redirect target is judged by its own origin's file before the fetcher follows it. Not known yet:
   * the fetch stops (ROBOTS_PENDING) and `processError` defers the request until it is.
   */
  checkRedirect: DownloaderMiddleware['checkRedirect'] = (request, _fromUrl, toUrl, ctx) => {
    if (!this.settings.robots.obey) return;
    const known = this.origins.get(new URL(toUrl).origin);
    if (!this.settled(known, ctx.nowMs())) {
      this.redirectTargets.set(request, toUrl);
      throw new FetchError('ROBOTS_PENDING', `robots.txt of ${new URL(toUrl).origin} is not known yet (redirect to ${toUrl})`);
    }
    // A Crawl-delay the target's origin cannot be crawled under refuses the hop as it refuses the origin's own pages.
    const refusal = known.rules ? rulesRefusal(known.rules.forRequest(request.headers), toUrl, this.settings.robots.maxCrawlDelayMs) : null;
    if (!refusal) return;
    if (refusal.reason === 'robots/disallowed') ctx.stats.inc('robots/disallowed');
    throw new FetchError(refusal.code, `${refusal.message} (a redirect target)`);
  };

  /**
   * A hop to an origin whose file is not known waits for its look-up inside the fetch, as the origin's own
   * first request waits in the frontier: deferring the request instead fetched its start URL again at every
   * recheck (57 times for a file that took 3 s, at a 0 ms interval). Past half the fetch's time left, the
   * request is deferred, counted against retry.maxDeferrals: each try costs the start host a request.
   */
  awaitRedirect: DownloaderMiddleware['awaitRedirect'] = (request, toUrl, ctx, deadline) => {
    if (!this.settings.robots.obey) return undefined;
    const origin = new URL(toUrl).origin;
    if (this.settled(this.origins.get(origin), ctx.nowMs())) return undefined;
    return this.waitForFile(origin, request, ctx, deadline);
  };

  /** Resolves once the origin's file is known (its verdict is checkRedirect's); throws a counted FetchWait past the fetch's patience. */
  private async waitForFile(origin: string, page: CrawlRequest, ctx: MiddlewareContext, deadline: HopDeadline): Promise<void> {
    const patienceUntilMs = ctx.nowMs() + deadline.remainingMs() / 2;
    for (;;) {
      const nowMs = ctx.nowMs();
      const known = this.origins.get(origin);
      if (!known || this.isDue(known, nowMs)) {
        this.startLookup(origin, page, ctx, known);
        continue;
      }
      if (known.state === 'known') return;
      if (nowMs >= patienceUntilMs) {
        ctx.stats.inc('robots/redirect-wait-exhausted');
        throw new FetchWait('ROBOTS_PENDING', `robots.txt of ${origin} still not known after the redirect waited for it`, nowMs, true);
      }
      // Loading here: its look-up settles it; fetched by another worker: look in the cache again when due.
      const next = known.state === 'loading' ? this.lookups.get(origin) : undefined;
      const untilMs = Math.min(patienceUntilMs, known.state === 'elsewhere' ? known.recheckAtMs : patienceUntilMs);
      await settledOrAfter(next, untilMs - nowMs, deadline.signal);
    }
  }

  /** Known, not due and a verdict (rules or none): checkRedirect can judge a hop to it now. */
  private settled(known: OriginState | undefined, nowMs: number): known is Extract<OriginState, { state: 'known' }> {
    return known?.state === 'known' && !this.isDue(known, nowMs) && (known.entry.kind === 'rules' || known.entry.kind === 'allow-all');
  }

  /** Judges the URL (the request's, or a redirect target's) by its origin's robots.txt, looking it up first when needed. */
  private decide(url: string, page: CrawlRequest, ctx: MiddlewareContext): RequestOutcome {
    const nowMs = ctx.nowMs();
    const origin = new URL(url).origin;
    const known = this.origins.get(origin);
    if (!known || this.isDue(known, nowMs)) {
      this.startLookup(origin, page, ctx, known);
      return wait('robots/wait', nowMs + RECHECK_MS);
    }
    if (known.state === 'loading') return wait('robots/wait', nowMs + RECHECK_MS);
    if (known.state === 'elsewhere') return wait('robots/wait', known.recheckAtMs);
    const { entry, rules } = known;
    if (entry.kind === 'retry-after') {
      // The server named the time: the whole host waits for it; no attempt is counted, a deferral is (retry.maxDeferrals).
      return { ...wait('robots/retry-after', entry.untilMs), pauseHostUntilMs: entry.untilMs, serverWait: true };
    }
    if (entry.kind === 'unreachable') {
      // What the last fetch met (a refused connection, a 503) is named with the loss (run-losses.ts).
      if (entry.attempts >= this.settings.robots.maxFetchAttempts) return fail('robots/unavailable', `robots.txt of ${origin} unreachable after ${entry.attempts} fetches`, typeof entry.status === 'number' ? `http/${entry.status}` : reasonForCode(entry.status));
      return wait('robots/unreachable', entry.retryAtMs);
    }
    const refusal = rules ? rulesRefusal(rules.forRequest(page.headers), url, this.settings.robots.maxCrawlDelayMs) : null;
    if (!refusal) return CONTINUE;
    if (refusal.reason === 'robots/disallowed') ctx.stats.inc('robots/disallowed');
    return fail(refusal.reason, refusal.message);
  }

  processError: DownloaderMiddleware['processError'] = (request, error, ctx) => {
    const target = this.redirectTargets.get(request);
    if (error.code !== 'ROBOTS_PENDING' || target === undefined) return CONTINUE;
    this.redirectTargets.delete(request);
    const outcome = this.decide(target, request, ctx);
    // Every try fetches the request's start URL again, so each counts against retry.maxDeferrals: a target
    // whose file keeps answering 503 with a Retry-After had the start page fetched again for ever.
    // Known by now after all (another request's look-up finished): go again at once.
    if (outcome.type === 'continue') return { ...wait('robots/wait', ctx.nowMs()), serverWait: true };
    if (outcome.type !== 'defer') return outcome;
    // A pause asked for the target's host must not stop the host the request started on.
    if (hostKeyOf(target, this.settings.politeness.hostKey) !== ctx.hostKey) return { ...wait(outcome.reason, outcome.untilMs), serverWait: true };
    return { ...outcome, serverWait: true };
  };

  async close(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }

  /** A known state runs out: entries past their TTL, a Retry-After window or a refetch time that has come. */
  private isDue(known: OriginState, nowMs: number): boolean {
    if (known.state === 'loading') return false;
    if (known.state === 'elsewhere') return nowMs >= known.recheckAtMs;
    return nowMs >= known.expiresAtMs || this.needsFetch(known.entry, nowMs);
  }

  private needsFetch(entry: RobotsEntry, nowMs: number): boolean {
    if (entry.kind === 'retry-after') return nowMs >= entry.untilMs;
    return entry.kind === 'unreachable' && nowMs >= entry.retryAtMs && entry.attempts < this.settings.robots.maxFetchAttempts;
  }

  /**
   * The look-up tells the gate of the origin's host (its fetch as a send, its Crawl-delay), which is not the
   * asking request's when a redirect target's file is looked up: the target's Crawl-delay once spaced the
   * host the redirect came from and never the target's own pages.
   */
  private startLookup(origin: string, page: CrawlRequest, requestCtx: MiddlewareContext, before: OriginState | undefined): void {
    this.origins.set(origin, { state: 'loading' });
    const ctx = { ...requestCtx, hostKey: hostKeyOf(origin, this.settings.politeness.hostKey) };
    const done = this.lookup(origin, page, ctx, before)
      .catch((error: unknown) => {
        ctx.log.warn({ err: error, origin }, 'robots.txt look-up failed; trying again');
        this.origins.set(origin, { state: 'elsewhere', recheckAtMs: ctx.nowMs() + this.settings.robots.refetchAfterMs });
      })
      .finally(() => {
        this.pending.delete(done);
        if (this.lookups.get(origin) === done) this.lookups.delete(origin);
      });
    this.pending.add(done);
    this.lookups.set(origin, done);
  }

  /** The shared entry if it still holds, else the claim and a fetch; a worker that loses the claim reads again shortly. */
  private async lookup(origin: string, page: CrawlRequest, ctx: MiddlewareContext, before: OriginState | undefined): Promise<void> {
    const cached = await this.cache.get(origin);
    if (this.useCached(origin, cached, ctx)) return;
    const fetchBudgetMs = this.settings.http.timeoutMs + this.settings.http.connectTimeoutMs + RECHECK_MS;
    if (!(await this.cache.claim(origin, fetchBudgetMs))) {
      this.origins.set(origin, { state: 'elsewhere', recheckAtMs: ctx.nowMs() + RECHECK_MS });
      return;
    }
    let stored = false;
    try {
      // Another worker may have stored the file between the read above and this claim (its put frees the
      // claim): read once more, or the host gets robots.txt twice.
      if (this.useCached(origin, await this.cache.get(origin), ctx)) return;
      const fetched = await this.fetchEntry(origin, page, ctx, cached ?? (before?.state === 'known' ? before.entry : null));
      await this.cache.put(origin, fetched.entry, this.settings.robots.cacheTtlMs);
      stored = true;
      this.learn(origin, fetched, ctx);
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
    const entry = await fetchRobots({ fetcher: this.fetcher, origin, page, attemptsBefore, avoidProxyId, refetchAfterMs: this.settings.robots.refetchAfterMs, nowMs: ctx.nowMs, onSend, beforeHop: pacing.beforeHop, isBlockPage });
    return { entry, written };
  }

  /** What this worker fetched and stored: its verdict here, its Crawl-delay in the gate, a log line. */
  private learn(origin: string, fetched: { entry: RobotsEntry; written: boolean }, ctx: MiddlewareContext): void {
    const { entry, written } = fetched;
    const known = this.knownState(entry, ctx.nowMs() + this.settings.robots.cacheTtlMs);
    this.origins.set(origin, known);
    this.seenHere.add(origin);
    // No write seen (the fetcher failed before it, or one that cannot tell): the interval counts from now.
    // A Crawl-delay counts from each answer too (HostSlots.release), the file's own answer included.
    const crawlDelayMs = this.crawlDelays.set(origin, known.rules?.crawl.crawlDelayMs ?? 0);
    if (!written || crawlDelayMs > 0) this.gate.noteSend(ctx.hostKey, ctx.nowMs());
    logRobotsFetch(ctx, origin, entry, known.rules?.crawl ?? null);
  }

  /** Takes a cached entry that still holds (true), else leaves the look-up to go on (false). */
  private useCached(origin: string, cached: RobotsEntry | null, ctx: MiddlewareContext): boolean {
    if (!cached || this.needsFetch(cached, ctx.nowMs()) || this.spentBeforeUs(origin, cached)) return false;
    // Held no longer here than in the cache: from when the worker that fetched it did. One our clock says
    // ran out is fetched again: the cache may hold it a while longer (its clock, or the fetcher's, behind
    // ours), and taking it made it due at once, so the origin's requests asked the cache every 50 ms until then.
    const fetchedAtMs = 'fetchedAtMs' in cached ? cached.fetchedAtMs : ctx.nowMs();
    const expiresAtMs = fetchedAtMs + this.settings.robots.cacheTtlMs;
    if (expiresAtMs <= ctx.nowMs()) return false;
    const known = this.knownState(cached, expiresAtMs);
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

  /**
   * A request's own User-Agent may name a group asking for a longer Crawl-delay than the settings' names
   * were given: the host is spaced by it from then on, and this request goes again in its turn under it
   * (it went out at the settings' pace before, 10 ms apart where 300 were asked).
   */
  private paceOwnAgent(request: CrawlRequest, ctx: MiddlewareContext): RequestOutcome {
    // Without a User-Agent of its own a request goes by the settings' names, whose Crawl-delay is in force already.
    if (userAgentHeader(request.headers) === undefined) return CONTINUE;
    const origin = new URL(request.url).origin;
    const known = this.origins.get(origin);
    if (known?.state !== 'known' || !known.rules) return CONTINUE;
    const askedMs = known.rules.forRequest(request.headers).crawlDelayMs ?? 0;
    return this.crawlDelays.raise(origin, askedMs) ? wait('robots/wait', ctx.nowMs()) : CONTINUE;
  }

  private knownState(entry: RobotsEntry, expiresAtMs: number): Extract<OriginState, { state: 'known' }> {
    const rules = entry.kind === 'rules' ? new OriginRules(entry.text, this.settings) : null;
    return { state: 'known', entry, rules, expiresAtMs };
  }
}

function wait(reason: string, untilMs: number): Defer {
  return { type: 'defer', reason, untilMs };
}
