// robots.txt middleware: fetched once per host per run without holding a slot; disallowed URLs fail, Crawl-delay spaces the host.
import robotsParser from 'robots-parser';
import { CrawlRequest } from '../src/core/request';
import { accept, CONTINUE, fail, type Defer, type DownloaderMiddleware, type MiddlewareContext } from '../src/downloader/middleware';
import type { Fetcher } from '../src/fetch/fetcher';
import { policyFromSettings, type PolicyFor } from '../src/politeness/host-policy';
import type { Settings } from '../src/settings/schema';

type Robots = ReturnType<typeof robotsParser>;

type HostRobots =
  | { state: 'fetching' }
  /** `robots` null: no robots.txt (4xx), everything allowed. */
  | { state: 'ready'; robots: Robots | null; crawlDelayMs: number; fetchedAtMs: number; lastPassAtMs: number }
  | { state: 'unreachable'; attempts: number; retryAtMs: number };

/** While robots.txt is on its way, the host's requests look again this often (no slot is held meanwhile). */
const RECHECK_MS = 50;

/**
 * `processRequest` runs while the host slot is reserved, so it never waits for robots.txt: it starts the
 * fetch in the background (same fetcher, so same user agent, pool and limits) and defers the request.
 * The first request after the fetch waits one host interval after it, and with a Crawl-delay every
 * request waits max(interval, Crawl-delay) after the previous one was let through and after its answer
 * came back (the later of the two: a send can lag the pass): the robots.txt fetch and the Crawl-delay
 * both count against the host's politeness budget.
 */
export class RobotsTxtMiddleware implements DownloaderMiddleware {
  readonly name = 'robots-txt';
  private readonly hosts = new Map<string, HostRobots>();
  private readonly pending = new Set<Promise<void>>();
  private readonly policyFor: PolicyFor;

  constructor(
    private readonly settings: Settings,
    private readonly fetcher: Fetcher,
  ) {
    this.policyFor = policyFromSettings(settings.politeness);
  }

  processRequest: DownloaderMiddleware['processRequest'] = (request, ctx) => {
    const config = this.settings.robots;
    if (!config.obey) return CONTINUE;
    const nowMs = ctx.nowMs();
    const entry = this.hosts.get(ctx.hostKey);
    if (!entry || (entry.state === 'unreachable' && nowMs >= entry.retryAtMs && entry.attempts < config.maxFetchAttempts)) {
      this.startFetch(request, ctx, entry?.state === 'unreachable' ? entry.attempts : 0);
      // The fetch goes out in this request's slot: the host's next slot is a full interval later, for every
      // process that shares the host gates (a worker joining a running crawl fetches robots.txt mid-crawl).
      const afterFetchMs = nowMs + this.policyFor(ctx.hostKey).minIntervalMs + RECHECK_MS;
      return { ...wait(nowMs + RECHECK_MS, false), pauseHostUntilMs: afterFetchMs };
    }
    if (entry.state === 'fetching') return wait(nowMs + RECHECK_MS, false);
    if (entry.state === 'unreachable') {
      if (entry.attempts >= config.maxFetchAttempts) return fail('robots/unavailable', `robots.txt of ${ctx.hostKey} unreachable after ${entry.attempts} fetches`);
      return wait(entry.retryAtMs, false);
    }
    if (entry.robots?.isDisallowed(request.url, config.userAgentToken)) {
      ctx.stats.inc('robots/disallowed');
      return fail('robots/disallowed', `robots.txt of ${ctx.hostKey} disallows ${request.url}`);
    }
    // The host slots space everything else; only the robots.txt fetch (outside the slots) and a
    // Crawl-delay longer than the host interval need spacing here.
    const minIntervalMs = this.policyFor(ctx.hostKey).minIntervalMs;
    const earliestMs = Math.max(entry.fetchedAtMs + minIntervalMs, entry.crawlDelayMs > minIntervalMs ? entry.lastPassAtMs + entry.crawlDelayMs : 0);
    if (nowMs < earliestMs) return wait(earliestMs, true);
    entry.lastPassAtMs = nowMs;
    return CONTINUE;
  };

  /** The answer is in: count the Crawl-delay from now too, as a late send may have followed the pass. */
  processResponse: DownloaderMiddleware['processResponse'] = (_request, response, ctx) => {
    this.markDone(ctx);
    return accept(response);
  };

  processError: DownloaderMiddleware['processError'] = (_request, _error, ctx) => {
    this.markDone(ctx);
    return CONTINUE;
  };

  async close(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }

  private markDone(ctx: MiddlewareContext): void {
    const entry = this.hosts.get(ctx.hostKey);
    if (entry?.state === 'ready' && entry.crawlDelayMs > 0) entry.lastPassAtMs = Math.max(entry.lastPassAtMs, ctx.nowMs());
  }

  private startFetch(page: CrawlRequest, ctx: MiddlewareContext, attemptsBefore: number): void {
    this.hosts.set(ctx.hostKey, { state: 'fetching' });
    ctx.stats.inc('robots/fetched');
    const robotsRequest = new CrawlRequest({ url: new URL('/robots.txt', page.url).href });
    // Same session as the page that asked: through its proxy and with its cookies, never from our own address.
    robotsRequest.session = page.session;
    const done = this.fetchRobots(robotsRequest, ctx, attemptsBefore).finally(() => this.pending.delete(done));
    this.pending.add(done);
  }

  private async fetchRobots(request: CrawlRequest, ctx: MiddlewareContext, attemptsBefore: number): Promise<void> {
    const { url } = request;
    let status: number | string;
    try {
      const response = await this.fetcher.fetch(request);
      status = response.status;
      if (response.status < 500) {
        // 4xx: no rules (RFC 9309 §2.3.1.3); 2xx: the rules; 3xx only after too many redirects: treat as none.
        const robots = response.status >= 200 && response.status < 300 ? robotsParser(url, response.text) : null;
        const crawlDelayS = robots?.getCrawlDelay(this.settings.robots.userAgentToken) ?? 0;
        const nowMs = ctx.nowMs();
        this.hosts.set(ctx.hostKey, { state: 'ready', robots, crawlDelayMs: Math.round(crawlDelayS * 1000), fetchedAtMs: nowMs, lastPassAtMs: 0 });
        ctx.log.info({ url, status: response.status, crawlDelayS: crawlDelayS || undefined }, 'robots.txt loaded');
        return;
      }
    } catch (error) {
      status = (error as { code?: string }).code ?? 'error';
    }
    // 5xx or unreachable: RFC 9309 says assume everything is disallowed, so the host's requests wait.
    const attempts = attemptsBefore + 1;
    const retryAtMs = ctx.nowMs() + this.settings.robots.refetchAfterMs * 2 ** (attempts - 1);
    this.hosts.set(ctx.hostKey, { state: 'unreachable', attempts, retryAtMs });
    ctx.stats.inc('robots/unreachable');
    ctx.log.warn({ url, status, attempts }, 'robots.txt unreachable');
  }
}

function wait(untilMs: number, pauseHost: boolean): Defer {
  return { type: 'defer', reason: 'robots/wait', untilMs, pauseHostUntilMs: pauseHost ? untilMs : undefined };
}
