// Block detection middleware: a block or CAPTCHA page (often a 200) is retried later instead of reaching the spider.
import { accept, CONTINUE, fail, type DownloaderMiddleware, type MiddlewareContext } from '../src/downloader/middleware';
import { BlockRules, type BlockMatch } from '../src/downloader/block-rules';
import { OffsiteHopError, RedirectChainError } from '../src/core/errors';
import type { CrawlRequest } from '../src/core/request';
import { backoffMs } from '../src/downloader/retry-policy';
import type { Settings } from '../src/settings/schema';

export interface BlockDetectionOptions {
  rules: BlockRules;
  /** Attempt cap and backoff are the retry policy's: a blocked send is one more send. */
  retry: Settings['retry'];
  random?: () => number;
}

/**
 * Sits above the circuit breaker in the list, so the breaker has already counted the block as a
 * throttling answer (the same rules) by the time this turns it into a retry. The retry counts an
 * attempt: a page that is blocked on every send ends as `retry/exhausted`, never as a parsed page.
 */
export class BlockDetectionMiddleware implements DownloaderMiddleware {
  readonly name = 'block-detection';
  private readonly random: () => number;

  constructor(private readonly options: BlockDetectionOptions) {
    this.random = options.random ?? Math.random;
  }

  processResponse: DownloaderMiddleware['processResponse'] = (request, response, ctx) => {
    const match = this.options.rules.detect(ctx.hostKey, response);
    return match ? this.blocked(request, response.status, match, ctx) : accept(response);
  };

  /**
   * A redirect off the allowed domains is never sent, so there is no page to scan; but where it went can
   * say it was a wall (a bot-check vendor, a gate naming the page to return to). That is a block like a
   * CAPTCHA page, retried, not the page's permanent `offsite/redirect`; so is a redirect loop through a wall.
   */
  processError: DownloaderMiddleware['processError'] = (request, error, ctx) => {
    const match = this.options.rules.detectWallHop(ctx.hostKey, request.url, error);
    return match && (error instanceof OffsiteHopError || error instanceof RedirectChainError) ? this.blocked(request, null, match, ctx, error.toUrl) : CONTINUE;
  };

  /** `status`: the block page's, null for a refused hop to a wall (`wall`: where it led). */
  private blocked(request: CrawlRequest, status: number | null, match: BlockMatch, ctx: MiddlewareContext, wall?: string) {
    ctx.stats.inc('block/detected');
    ctx.log.warn({ url: request.url, status, wall, rule: match.rule, attempt: request.attempt + 1 }, 'block page detected');
    const sends = request.attempt + 1;
    if (sends >= this.options.retry.maxAttempts) {
      ctx.stats.inc('retry/exhausted');
      return fail('retry/exhausted', `blocked on ${sends} sends; last rule: ${match.rule}`);
    }
    ctx.stats.inc('retry/reason/block/detected');
    return { type: 'retry' as const, reason: 'block/detected', notBeforeMs: ctx.nowMs() + backoffMs(request.attempt, this.options.retry, this.random) };
  }
}
