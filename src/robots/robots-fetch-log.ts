// The log line and counters of one robots.txt fetch: what the answer was, and what of the file was not read or held nothing.
import type { MiddlewareContext } from '../downloader/middleware';
import type { RobotsEntry } from '../ports/robots-cache';
import { MAX_ROBOTS_BYTES, robotsDirectives } from './robots-lines';
import type { AgentRules } from './robots-rules';
import { WILDCARD_PART_BUDGET } from './rule-index';
import { visitHours } from './visit-time';

/**
 * Logs a fetched entry. Two answers read by the RFC still leave the team something to know, and said
 * nothing before: a file past 500 KiB, whose later rules are not obeyed (RFC 9309 §2.5 lets them go; a
 * page they name may be fetched), and a 2xx body with no directive and lines no robots.txt holds (a shop's
 * "not found" page served at 200), read as no rules, so every page is allowed. Both warn and are counted for
 * the report. An empty file, or one of comments and a Sitemap, says "allow all" as meant: no warning.
 * A file the connection's close ended inside an Allow or user-agent line had that line left out (open-end.ts):
 * a page it allows may go unfetched.
 * A file with more wildcard patterns for us than a URL check searches (rule-index.ts) is read so as to keep
 * out more than it says: pages it allows may go unfetched, which the team must hear of.
 */
export function logRobotsFetch(ctx: MiddlewareContext, origin: string, entry: RobotsEntry, rules: AgentRules | null): void {
  const url = `${origin}/robots.txt`;
  if (entry.kind === 'rules' && entry.stale) {
    // Obeyed past its 24 hours (RFC 9309 §2.4): the team hears which copy held the crawl, and since when.
    ctx.stats.inc('robots/stale');
    const { status, attempts, sinceMs, retryAtMs } = entry.stale;
    ctx.log.warn({ url, status, attempts, copyFetchedAtMs: entry.fetchedAtMs, unreachableSinceMs: sinceMs, retryAtMs }, 'robots.txt unreachable when fetched again: its last good copy is obeyed until it can be read');
  } else if (entry.kind === 'rules') {
    const fields = { url, status: 200, rules: true, crawlDelayMs: rules?.crawlDelayMs ?? undefined, visitTimeUtc: rules && rules.visitWindowSets.length > 0 ? visitHours(rules.visitWindowSets) : undefined };
    const cutPatterns = rules?.cutPatterns ?? 0;
    if (cutPatterns > 0) {
      ctx.stats.inc('robots/patterns-cut');
      ctx.log.warn({ ...fields, cutPatterns, partBudget: WILDCARD_PART_BUDGET }, 'robots.txt holds more wildcard patterns than a URL check searches: the rest are not searched, each Disallow of them keeps out every path starting as it does, each Allow is dropped');
    }
    if (entry.openEnd) {
      ctx.stats.inc('robots/open-end');
      ctx.log.warn(fields, 'robots.txt ended with its connection inside its last line, which may be cut short: that Allow or user-agent line is not read');
    }
    if (entry.cut) {
      ctx.stats.inc('robots/cut');
      ctx.log.warn({ ...fields, readBytes: MAX_ROBOTS_BYTES }, 'robots.txt is longer than 500 KiB: rules after that are not read (RFC 9309 §2.5)');
    } else if (robotsDirectives(entry.text).length === 0 && holdsForeignLine(entry.text)) {
      ctx.stats.inc('robots/no-directives');
      ctx.log.warn({ ...fields, directives: 0 }, 'robots.txt answered with no directive and lines no robots.txt holds (a page in its place?): everything allowed');
    } else if (cutPatterns === 0 && !entry.openEnd) ctx.log.info(fields, 'robots.txt loaded');
  } else if (entry.kind === 'allow-all') {
    ctx.log.info({ url, status: entry.status, rules: false }, 'robots.txt loaded');
  } else if (entry.kind === 'retry-after') {
    ctx.stats.inc('robots/retry-after');
    ctx.log.warn({ url, status: entry.status, untilMs: entry.untilMs }, 'robots.txt asks to retry later; host paused');
  } else {
    ctx.stats.inc('robots/unreachable');
    ctx.log.warn({ url, status: entry.status, attempts: entry.attempts }, 'robots.txt unreachable');
  }
}

/** A line that is not blank, not a comment and no `key: value` record: markup, JSON, a "Not found" sentence. */
function holdsForeignLine(text: string): boolean {
  return text.split(/\r\n|\r|\n/).some((line) => {
    const trimmed = line.trim();
    return trimmed !== '' && !trimmed.startsWith('#') && !/^[A-Za-z][\w -]*:/.test(trimmed);
  });
}
