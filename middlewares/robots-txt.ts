// robots.txt middleware: fetched once per host per run without holding a slot; disallowed URLs fail, Crawl-delay goes to the host gate.
import robotsParser from 'robots-parser';
import { CrawlRequest } from '../src/core/request';
import { CONTINUE, fail, type Defer, type DownloaderMiddleware, type MiddlewareContext } from '../src/downloader/middleware';
import type { Fetcher } from '../src/fetch/fetcher';
import type { HostGate } from '../src/ports/host-gate';
import type { Settings } from '../src/settings/schema';

type Robots = ReturnType<typeof robotsParser>;

type HostRobots =
  | { state: 'fetching' }
  /** `robots` null: no robots.txt (4xx), everything allowed. */
  | { state: 'ready'; robots: Robots | null }
  | { state: 'unreachable'; attempts: number; retryAtMs: number };

/** While robots.txt is on its way, the host's requests look again this often (no slot is held meanwhile). */
const RECHECK_MS = 50;

/**
 * `processRequest` runs while the host slot is reserved, so it never waits for robots.txt: it starts the
 * fetch in the background (same fetcher, so same user agent, pool and limits) and defers the request.
 * The robots.txt fetch and the Crawl-delay both count against the host's politeness budget, kept by the
 * host gate: the fetch is told to it as a send (when it goes and when its answer is in, so the first page
 * waits a full interval after it), and the Crawl-delay becomes a floor under the host's interval there,
 * for every worker of a shared frontier and across a resume.
 */
export class RobotsTxtMiddleware implements DownloaderMiddleware {
  readonly name = 'robots-txt';
  private readonly hosts = new Map<string, HostRobots>();
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly settings: Settings,
    private readonly fetcher: Fetcher,
    private readonly gate: HostGate,
  ) {}

  processRequest: DownloaderMiddleware['processRequest'] = (request, ctx) => {
    const config = this.settings.robots;
    if (!config.obey) return CONTINUE;
    const nowMs = ctx.nowMs();
    const entry = this.hosts.get(ctx.hostKey);
    if (!entry || (entry.state === 'unreachable' && nowMs >= entry.retryAtMs && entry.attempts < config.maxFetchAttempts)) {
      this.startFetch(request, ctx, entry?.state === 'unreachable' ? entry.attempts : 0);
      // The fetch goes out in this request's slot: the host's next slot is a full interval later, for every
      // process that shares the host gate (a worker joining a running crawl fetches robots.txt mid-crawl).
      this.gate.noteSend(ctx.hostKey, nowMs);
      return wait(nowMs + RECHECK_MS);
    }
    if (entry.state === 'fetching') return wait(nowMs + RECHECK_MS);
    if (entry.state === 'unreachable') {
      if (entry.attempts >= config.maxFetchAttempts) return fail('robots/unavailable', `robots.txt of ${ctx.hostKey} unreachable after ${entry.attempts} fetches`);
      return wait(entry.retryAtMs);
    }
    if (entry.robots?.isDisallowed(request.url, config.userAgentToken)) {
      ctx.stats.inc('robots/disallowed');
      return fail('robots/disallowed', `robots.txt of ${ctx.hostKey} disallows ${request.url}`);
    }
    return CONTINUE;
  };

  async close(): Promise<void> {
    await Promise.allSettled([...this.pending]);
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

  /** The answer is in: the first page waits a full interval after it, and Crawl-delay (0: none) floors the host's interval. */
  private applyCrawlDelay(ctx: MiddlewareContext, crawlDelayS: number): void {
    this.gate.setCrawlDelayMs(ctx.hostKey, Math.round(crawlDelayS * 1000));
    this.gate.noteSend(ctx.hostKey, ctx.nowMs());
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
        this.applyCrawlDelay(ctx, crawlDelayS);
        this.hosts.set(ctx.hostKey, { state: 'ready', robots });
        ctx.log.info({ url, status: response.status, crawlDelayS: crawlDelayS || undefined }, 'robots.txt loaded');
        return;
      }
    } catch (error) {
      status = (error as { code?: string }).code ?? 'error';
    }
    // 5xx or unreachable: RFC 9309 says assume everything is disallowed, so the host's requests wait.
    const attempts = attemptsBefore + 1;
    this.gate.noteSend(ctx.hostKey, ctx.nowMs()); // an answer or a failed try: it still reached the host
    const retryAtMs = ctx.nowMs() + this.settings.robots.refetchAfterMs * 2 ** (attempts - 1);
    this.hosts.set(ctx.hostKey, { state: 'unreachable', attempts, retryAtMs });
    ctx.stats.inc('robots/unreachable');
    ctx.log.warn({ url, status, attempts }, 'robots.txt unreachable');
  }
}

function wait(untilMs: number): Defer {
  return { type: 'defer', reason: 'robots/wait', untilMs };
}
