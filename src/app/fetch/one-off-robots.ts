// robots.txt for a one-off fetch (`fetch`, `parse`, `shell`): each origin's file read once, the page and every hop judged as a crawl judges them.
import { FetchError } from '../../core/errors';
import type { CrawlRequest } from '../../core/request';
import type { CrawlResponse } from '../../core/response';
import { BlockRules } from '../../downloader/block-rules';
import type { Fetcher } from '../../fetch/fetcher';
import { hostKeyOf } from '../../politeness/host-key';
import type { RobotsEntry } from '../../ports/robots-cache';
import { fetchRobots } from '../../robots/fetch-robots';
import { OriginRules } from '../../robots/origin-rules';
import { rulesRefusal } from '../../robots/rules-refusal';
import { visitHours } from '../../robots/visit-time';
import type { Settings } from '../../settings/schema';

interface KnownFile {
  entry: RobotsEntry;
  rules: OriginRules | null;
}

/**
 * These commands claim to fetch "as the crawler does", and they did not read robots.txt: `parse` of a
 * disallowed page printed a price no crawl may store, and the page was fetched against the site's word.
 * One try per origin: a file that cannot be read (5xx, a Retry-After, no connection) refuses the page
 * with its reason, as a crawl disallows everything then; there is no run to come back later in.
 */
export class OneOffRobots {
  private readonly files = new Map<string, KnownFile>();
  /** Origins a check stopped at because their file was not read yet (a page's subresources ask too). */
  private readonly pending = new Set<string>();
  /** The crawl's block rules, unless block detection is disabled: a wall served as robots.txt is not the file. */
  private readonly blocks: BlockRules | null;

  constructor(
    private readonly settings: Settings,
    /** An HTTP fetcher: Chromium hands back its HTML rendering of a text file. */
    private readonly fetcher: Fetcher,
    /** The page asked for: robots.txt goes with its session (its proxy). */
    private readonly page: CrawlRequest,
  ) {
    this.blocks = settings.middlewares.disabled.includes('block-detection') ? null : new BlockRules(settings.blockDetection);
  }

  /** Reads the file of the URL's origin unless it has been read. */
  async load(url: string): Promise<void> {
    if (!judged(url)) return;
    const { origin } = new URL(url);
    if (this.files.has(origin)) return;
    const { robots } = this.settings;
    const { blocks } = this;
    const hostKey = hostKeyOf(origin, this.settings.politeness.hostKey);
    const isBlockPage = blocks ? (response: CrawlResponse) => blocks.detect(hostKey, response) !== null : undefined;
    const entry = await fetchRobots({ fetcher: this.fetcher, origin, page: this.page, attemptsBefore: 0, refetchAfterMs: robots.refetchAfterMs, nowMs: Date.now, isBlockPage });
    const rules = entry.kind === 'rules' ? new OriginRules(entry.text, this.settings) : null;
    this.files.set(origin, { entry, rules });
  }

  /** Throws unless the URL may be fetched; ROBOTS_PENDING (see `takePending`) when its origin's file is not read yet. */
  check(url: string): void {
    if (!judged(url)) return;
    const { origin } = new URL(url);
    const known = this.files.get(origin);
    if (!known) {
      this.pending.add(origin);
      throw new FetchError('ROBOTS_PENDING', `robots.txt of ${origin} is not read yet (${url})`);
    }
    const { entry, rules } = known;
    if (entry.kind === 'unreachable' || entry.kind === 'retry-after') {
      throw new FetchError('ROBOTS_UNAVAILABLE', `robots.txt of ${origin} could not be read (${entry.status}); a crawl fetches nothing there until it can, so ${url} was not fetched`);
    }
    if (!rules) return;
    const agentRules = rules.forRequest(this.page.headers);
    const refusal = rulesRefusal(agentRules, url, this.settings.robots.maxCrawlDelayMs);
    if (refusal) throw new FetchError(refusal.code, `${refusal.message}; not fetched (-s robots.obey=false fetches it anyway)`);
    // A crawl holds the page until the hours open; a one-off fetch has no later to wait for.
    if (agentRules.nextVisitAtMs(Date.now()) !== null) {
      const hours = visitHours(agentRules.visitWindowSets).join(', ');
      throw new FetchError('ROBOTS_VISIT_TIME', `robots.txt of ${origin} takes visits at ${hours} UTC only (Visit-time); ${url} not fetched now (-s robots.obey=false fetches it anyway)`);
    }
  }

  /** The origins of the ROBOTS_PENDING checks so far, once: their files are read and the fetch tried again. */
  takePending(): string[] {
    const origins = [...this.pending];
    this.pending.clear();
    return origins;
  }
}

/** Only http(s) URLs have a robots.txt; the fetcher refuses other hops by its own rules. */
function judged(url: string): boolean {
  const { protocol } = new URL(url);
  return protocol === 'http:' || protocol === 'https:';
}
