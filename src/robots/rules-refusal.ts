// Why an origin's rules keep one URL from being fetched, read alike by a crawl (the robots middleware) and a one-off command.
import type { ErrorCode } from '../core/errors';
import type { AgentRules } from './robots-rules';

export interface RulesRefusal {
  /** The ledger's reason in a crawl. */
  reason: 'robots/disallowed' | 'robots/crawl-delay-too-long' | 'robots/crawl-delay-unreadable';
  /** The code a redirect hop or a one-off command fails with (the chain reads it as `reason`). */
  code: ErrorCode;
  message: string;
}

/**
 * Null when the rules let the URL be fetched. A Crawl-delay above the ceiling refuses every URL of the
 * origin: obeying it could take days, shortening it would be ruder than the site allows. So does one that
 * cannot be read (or a Visit-time): the site asked for a wait or hours we cannot tell, and any we chose would be a guess.
 */
export function rulesRefusal(rules: AgentRules, url: string, maxCrawlDelayMs: number): RulesRefusal | null {
  const origin = new URL(url).origin;
  if (!rules.isAllowed(url)) return { reason: 'robots/disallowed', code: 'ROBOTS_DISALLOWED', message: `robots.txt of ${origin} disallows ${url}${cutNote(rules)}` };
  if (rules.unreadableCrawlDelay !== null) {
    const message = `robots.txt of ${origin} asks for a Crawl-delay, Request-rate or Visit-time that cannot be read ("${rules.unreadableCrawlDelay}")`;
    return { reason: 'robots/crawl-delay-unreadable', code: 'ROBOTS_CRAWL_DELAY_UNREADABLE', message };
  }
  const crawlDelayMs = rules.crawlDelayMs ?? 0;
  if (crawlDelayMs > maxCrawlDelayMs) {
    const message = `robots.txt of ${origin} asks for a Crawl-delay of ${crawlDelayMs / 1000} s, above robots.maxCrawlDelayMs (${maxCrawlDelayMs} ms)`;
    return { reason: 'robots/crawl-delay-too-long', code: 'ROBOTS_CRAWL_DELAY_TOO_LONG', message };
  }
  return null;
}

/** A verdict the matching budget may have made (rule-index.ts): said with it, so nobody reads it as the file's word alone. */
function cutNote(rules: AgentRules): string {
  if (rules.cutPatterns === 0) return '';
  return ` (or may allow it: the file holds more wildcard patterns than a URL check searches, and ${rules.cutPatterns} of them were read as keeping out every path that starts as they do)`;
}
