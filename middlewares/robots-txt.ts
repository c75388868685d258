// robots.txt middleware: one file per origin, fetched once per run without holding a slot; disallowed URLs and redirect targets fail, Crawl-delay goes to the host gate.
import { FetchError, FetchWait, HopTargetError } from '../src/core/errors';
import type { CrawlRequest } from '../src/core/request';
import type { BlockRules } from '../src/downloader/block-rules';
import { reasonForCode } from '../src/downloader/downloader-chain';
import { CONTINUE, fail, type Defer, type DownloaderMiddleware, type MiddlewareContext, type RequestOutcome } from '../src/downloader/middleware';
import type { Fetcher, HopDeadline } from '../src/fetch/fetcher';
import type { HostGate } from '../src/ports/host-gate';
import type { RobotsCache } from '../src/ports/robots-cache';
import { hostKeyOf } from '../src/politeness/host-key';
import { userAgentHeader } from '../src/robots/crawler-names';
import { RECHECK_MS, RobotsOrigins, wasRead } from '../src/robots/robots-origins';
import type { AgentRules } from '../src/robots/robots-rules';
import { rulesRefusal } from '../src/robots/rules-refusal';
import { settledOrAfter } from '../src/robots/settled-or-after';
import type { Settings } from '../src/settings/schema';

/**
 * Rules are per origin (scheme, host, port; RFC 9309 §2.3): an https page is never judged by the http
 * file, nor one subdomain by another's when host keys merge them. `processRequest` runs while the host
 * slot is reserved, so it never waits for robots.txt: it starts a look-up in the background
 * (robots-origins.ts) and defers the request. A Retry-After on robots.txt pauses the host.
 */
export class RobotsTxtMiddleware implements DownloaderMiddleware {
  readonly name = 'robots-txt';
  private readonly origins: RobotsOrigins;

  constructor(
    private readonly settings: Settings,
    fetcher: Fetcher,
    cache: RobotsCache,
    gate: HostGate,
    /** The crawl's block rules (null with block detection off): a wall served as robots.txt is not the file. */
    blocks: BlockRules | null = null,
  ) {
    this.origins = new RobotsOrigins(settings, fetcher, cache, gate, blocks);
  }

  processRequest: DownloaderMiddleware['processRequest'] = (request, ctx) => {
    if (!this.settings.robots.obey) return CONTINUE;
    const outcome = this.decide(request.url, request, ctx);
    return outcome.type === 'continue' ? this.paceOwnAgent(request, ctx) : outcome;
  };

  /**
   * A redirect target (or a browser page's part) is judged by its own origin's file before it is sent. Not
   * known yet: the fetch stops (ROBOTS_PENDING) and `processError` defers the request until it is. A file that
   * could not be read is a complete disallow (RFC 9309 §2.3.1.4): ROBOTS_UNAVAILABLE, which a page's part is
   * refused by (as pending, it went) and a document waits out as before. Each error names its target.
   */
  checkRedirect: DownloaderMiddleware['checkRedirect'] = (request, _fromUrl, toUrl, ctx) => {
    if (!this.settings.robots.obey) return;
    const origin = new URL(toUrl).origin;
    const known = this.origins.get(origin);
    if (known?.state === 'known' && (known.entry.kind === 'unreachable' || known.entry.kind === 'retry-after')) {
      throw new HopTargetError('ROBOTS_UNAVAILABLE', toUrl, `robots.txt of ${origin} could not be read (${known.entry.status}): nothing there is fetched until it can (redirect to ${toUrl})`);
    }
    if (!this.origins.settled(known, ctx.nowMs())) {
      // A file read before and run out (robots.cacheTtlMs, a long run): as "not known" a page's part went
      // unjudged, and the old rules are past their day. It is read again now (a part's origin, an API's, may see
      // no page of its own to start that) and the part held for the new file (whenKnown); while another worker
      // reads it, refused. A document's hop is held by processError, which waits for the file.
      if (wasRead(known)) {
        // The request holds no slot of the origin's host: the refetch waits for one beside it (sideSlot).
        if (this.origins.isDue(known!, ctx.nowMs())) this.origins.startLookup(origin, request, ctx, known, ctx.sideSlot);
        throw new HopTargetError('ROBOTS_REFETCHING', toUrl, `robots.txt of ${origin} is being read again (redirect to ${toUrl})`, this.origins.lookupOf(origin));
      }
      throw new HopTargetError('ROBOTS_PENDING', toUrl, `robots.txt of ${origin} is not known yet (redirect to ${toUrl})`);
    }
    if (!known.rules) return;
    // A Crawl-delay the target's origin cannot be crawled under refuses the hop as it refuses the origin's own pages.
    const rules = known.rules.forRequest(request.headers);
    const refusal = rulesRefusal(rules, toUrl, this.settings.robots.maxCrawlDelayMs);
    if (refusal) {
      if (refusal.reason === 'robots/disallowed') ctx.stats.inc('robots/disallowed');
      throw new FetchError(refusal.code, `${refusal.message} (a redirect target)`);
    }
    // Outside the target's visiting hours the hop is not sent: processError holds the request until they open.
    // Its own code, not ROBOTS_PENDING ("not known yet"): a browser page's part is refused by it (route-verdicts.ts).
    if (rules.nextVisitAtMs(ctx.nowMs()) === null) return;
    throw new HopTargetError('ROBOTS_VISIT_TIME', toUrl, `robots.txt of ${new URL(toUrl).origin} takes no visit now (Visit-time; redirect to ${toUrl})`);
  };

  /**
   * A hop to an origin whose file is not known waits for its look-up inside the fetch, as the origin's own
   * first request waits in the frontier: deferring the request instead fetched its start URL again at every
   * recheck (57 times for a file that took 3 s, at a 0 ms interval). Past half the fetch's time left, the
   * request is deferred, counted against retry.maxDeferrals: each try costs the start host a request.
   */
  awaitRedirect: DownloaderMiddleware['awaitRedirect'] = (request, toUrl, ctx, deadline, takeSlot) => {
    if (!this.settings.robots.obey) return undefined;
    const origin = new URL(toUrl).origin;
    if (this.origins.settled(this.origins.get(origin), ctx.nowMs())) return undefined;
    return this.waitForFile(origin, request, ctx, deadline, takeSlot);
  };

  /** Resolves once the origin's file is known (its verdict is checkRedirect's); throws a counted FetchWait past the fetch's patience. */
  private async waitForFile(origin: string, page: CrawlRequest, ctx: MiddlewareContext, deadline: HopDeadline, takeSlot: HopSlotTaker | undefined): Promise<void> {
    const patienceUntilMs = ctx.nowMs() + deadline.remainingMs() / 2;
    for (;;) {
      const nowMs = ctx.nowMs();
      const known = this.origins.get(origin);
      if (!known || this.origins.isDue(known, nowMs)) {
        await this.lookUpInSlot(origin, page, ctx, takeSlot && ((url) => takeSlot(url, deadline)));
        continue;
      }
      if (known.state === 'known') return;
      if (nowMs >= patienceUntilMs) {
        ctx.stats.inc('robots/redirect-wait-exhausted');
        throw new FetchWait('ROBOTS_PENDING', `robots.txt of ${origin} still not known after the redirect waited for it`, nowMs, true);
      }
      // Loading here: its look-up settles it; fetched by another worker: look in the cache again when due.
      const next = known.state === 'loading' ? this.origins.lookupOf(origin) : undefined;
      const untilMs = Math.min(patienceUntilMs, known.state === 'elsewhere' ? known.recheckAtMs : patienceUntilMs);
      await settledOrAfter(next, untilMs - nowMs, deadline.signal);
    }
  }

  /**
   * A page's own file is fetched in the page's slot; a redirect target's has none, and went out at once: a
   * page of `http://shop/` answered 301 to `https://shop/` and that origin's robots.txt followed it by a few
   * ms on the same host key at a 400 ms interval. It now waits for a slot of its host as the hop would
   * (too far off: the FetchWait defers the request). Another request may have started the look-up meanwhile.
   * Another worker fetching it: the cache is only read again, and a slot would be one the host never used.
   */
  private async lookUpInSlot(origin: string, page: CrawlRequest, ctx: MiddlewareContext, takeSlot: ((url: string) => Promise<void>) | undefined): Promise<void> {
    if (this.origins.get(origin)?.state !== 'elsewhere') await takeSlot?.(`${origin}/robots.txt`);
    const known = this.origins.get(origin);
    if (!known || this.origins.isDue(known, ctx.nowMs())) this.origins.startLookup(origin, page, ctx, known);
  }

  /** Judges the URL (the request's, or a redirect target's) by its origin's robots.txt, looking it up first when needed. */
  private decide(url: string, page: CrawlRequest, ctx: MiddlewareContext): RequestOutcome {
    const nowMs = ctx.nowMs();
    const origin = new URL(url).origin;
    const known = this.origins.get(origin);
    if (!known || this.origins.isDue(known, nowMs, page)) {
      this.origins.startLookup(origin, page, ctx, known);
      return wait('robots/wait', nowMs + RECHECK_MS);
    }
    if (known.state === 'loading') return wait('robots/wait', nowMs + RECHECK_MS);
    if (known.state === 'elsewhere') return wait('robots/wait', known.recheckAtMs);
    const { entry, rules } = known;
    // The server named the time (a last good copy's refetch too): the whole host waits for it; no attempt is counted, a deferral is (retry.maxDeferrals).
    const pauseUntilMs = entry.kind === 'retry-after' ? entry.untilMs : entry.kind === 'rules' ? (entry.stale?.pauseUntilMs ?? 0) : 0;
    if (pauseUntilMs > nowMs) return { ...wait('robots/retry-after', pauseUntilMs), pauseHostUntilMs: pauseUntilMs, serverWait: true };
    if (entry.kind === 'unreachable') {
      // What the last fetch met (a refused connection, a 503) is named with the loss (run-losses.ts).
      if (entry.attempts >= this.settings.robots.maxFetchAttempts) return fail('robots/unavailable', `robots.txt of ${origin} unreachable after ${entry.attempts} fetches`, typeof entry.status === 'number' ? `http/${entry.status}` : reasonForCode(entry.status));
      return wait('robots/unreachable', entry.retryAtMs);
    }
    if (!rules) return CONTINUE;
    const agentRules = rules.forRequest(page.headers);
    const refusal = rulesRefusal(agentRules, url, this.settings.robots.maxCrawlDelayMs);
    if (refusal) {
      if (refusal.reason === 'robots/disallowed') ctx.stats.inc('robots/disallowed');
      return fail(refusal.reason, refusal.message);
    }
    const visit = visitTimeOutcome(agentRules, origin, nowMs);
    if (visit.type === 'defer') ctx.stats.inc('robots/visit-time');
    return visit;
  }

  /**
   * A hop stopped because its target's file is not known (Chromium cannot wait inside a hop; a refresh the
   * chain follows): the file is looked up in a slot of the target's host, as awaitRedirect's is. Started
   * from here at once, it reached a host of the same key (http:// → https://, www. → img.) 170 ms after the
   * page that redirected, at a 400 ms interval.
   */
  processError: DownloaderMiddleware['processError'] = async (request, error, ctx, takeSlot) => {
    if (!(error instanceof HopTargetError)) return CONTINUE;
    const target = error.toUrl;
    const origin = new URL(target).origin;
    const known = this.origins.get(origin);
    if (!known || this.origins.isDue(known, ctx.nowMs())) {
      try {
        await this.lookUpInSlot(origin, request, ctx, takeSlot);
      } catch (slotError) {
        // No slot within the wait (a FetchWait names when), or the crawl is stopping: the request goes again then, counted.
        if (!(slotError instanceof FetchError)) throw slotError;
        return { ...wait('robots/wait', slotError instanceof FetchWait ? slotError.untilMs : ctx.nowMs()), serverWait: true };
      }
    }
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
    await this.origins.close();
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
    return this.origins.raiseCrawlDelay(origin, askedMs) ? wait('robots/wait', ctx.nowMs()) : CONTINUE;
  }
}

/**
 * `Visit-time` (the Extended Standard for Robot Exclusion; RFC 9309 leaves other records to the crawler):
 * the hours, UTC, the site takes crawlers in. Ignored, we crawled a shop that asks for 10:00-12:45 at any
 * hour. Outside them the request waits for the next opening, a wait of our own (not counted against
 * retry.maxDeferrals: the site named it, and it comes). Windows of our names that never meet: refused.
 */
function visitTimeOutcome(rules: AgentRules, origin: string, nowMs: number): RequestOutcome {
  const visitAtMs = rules.nextVisitAtMs(nowMs);
  if (visitAtMs === null) return CONTINUE;
  if (visitAtMs === Infinity) return fail('robots/visit-time-never', `robots.txt of ${origin} names Visit-time windows for our names that never meet`);
  return wait('robots/visit-time', visitAtMs);
}

type HopSlotTaker = NonNullable<Parameters<NonNullable<DownloaderMiddleware['awaitRedirect']>>[4]>;

function wait(reason: string, untilMs: number): Defer {
  return { type: 'defer', reason, untilMs };
}
