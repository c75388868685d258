// Parsed robots.txt: groups per user agent (merged), the group that applies to our token, allow/disallow by the longest match.
import { delaySecondsOf } from './delay-seconds';
import { latin1Spelling } from './legacy-spelling';
import { PathPattern, matchTarget, normalizePath, querySpellings } from './path-pattern';
import { robotsDirectives } from './robots-lines';
import { agentPatternMatches, agentPatterns, leadingName, listedTokens, nameRunsOn, productToken, type AgentPattern } from './product-token';
import { insideQuotes } from './quoted';
import { RuleIndex, beats, type Best, type Rule } from './rule-index';
import { nextVisitAtMs, visitWindowOf, type VisitWindow } from './visit-time';

interface Group {
  agents: string[];
  /** Crawlers a user-agent line lists after its first token (product-token.ts `listedTokens`). */
  listed: string[];
  /** Whole names of user-agent lines whose token runs on (`pricecrawl2`): the group names a crawler of exactly that name. */
  runOn: string[];
  /** Entries written as name patterns (`*bot`, product-token.ts `agentPatterns`): obeyed by a crawler whose name they match, as a listed one. */
  patterns: AgentPattern[];
  rules: Rule[];
  crawlDelayS: number | null;
  /** The first Crawl-delay, Request-rate or Visit-time value of the group that could not be read. */
  unreadableDelay: string | null;
  /** Its Visit-time windows (UTC), any of which lets a crawler in; none: any hour. */
  visitWindows: VisitWindow[];
  /** The waits written before any user-agent line: asked of every crawler, beside the groups that apply. */
  everyone?: true;
}

/** What one crawler (one product token) may do on one origin. */
export interface AgentRules {
  isAllowed(url: string): boolean;
  /** The group's Crawl-delay (or Request-rate's wait) in ms, the largest when it gives several, or null. */
  readonly crawlDelayMs: number | null;
  /** A Crawl-delay, Request-rate or Visit-time of the group that could not be read (`ten`), as written: the pace asked for is unknown. */
  readonly unreadableCrawlDelay: string | null;
  /** Visit-time windows (UTC), one set per part of the rules that must let the crawler in (visit-time.ts); none: any hour. */
  readonly visitWindowSets: ReadonlyArray<readonly VisitWindow[]>;
  /** Null when the Visit-time windows that apply let the crawler in at `nowMs`, else the first time they do (Infinity: never). */
  nextVisitAtMs(nowMs: number): number | null;
  /** Wildcard patterns past the matching budget (rule-index.ts), read so as to keep out more, never less. */
  readonly cutPatterns: number;
}

/** RFC 9309 §2.2.2: the robots.txt file itself is always allowed. */
const ROBOTS_PATH = '/robots.txt';

export class RobotsRules {
  private constructor(private readonly groups: readonly Group[]) {}

  static parse(text: string): RobotsRules {
    return new RobotsRules(readGroups(text));
  }

  /**
   * The rules for a crawler that goes by several names (crawler-names.ts): each name's own verdict, and a
   * URL fetched only when every name may fetch it; the longest Crawl-delay of them.
   */
  forAgents(names: readonly string[]): AgentRules {
    // No name (a request's User-Agent without a product token): the `*` groups, as for a crawler no group names.
    if (names.length <= 1) return this.forAgent(names[0] ?? '');
    return new EveryNameRules(names.map((name) => this.forAgent(name)));
  }

  /**
   * The rules of our token's groups merged, else of the `*` groups merged, else none (everything allowed).
   * Groups whose user-agent lines list the token after another crawler's are obeyed too, merged apart: a
   * URL is fetched only when both allow it, and the longer Crawl-delay holds.
   */
  forAgent(userAgent: string): AgentRules {
    const token = productToken(userAgent);
    const name = leadingName(userAgent);
    let chosen = this.groups.filter((group) => group.agents.includes(token) || group.runOn.includes(name));
    if (chosen.length === 0) chosen = this.groups.filter((group) => group.agents.includes('*'));
    chosen = [...chosen, ...this.groups.filter((group) => group.everyone)];
    // A Set: a file of thousands of repeated `User-agent: *` groups made this check quadratic (~250 ms for 12,000 groups).
    const taken = new Set(chosen);
    const listing = this.groups.filter((group) => !taken.has(group) && (group.listed.includes(token) || group.patterns.some((pattern) => agentPatternMatches(pattern, name))));
    return listing.length === 0 ? merged(chosen) : new EveryNameRules([merged(chosen), merged(listing)]);
  }
}

/** Groups read as one: their rules together, the longest of their Crawl-delays, any of their Visit-time windows. */
function merged(chosen: readonly Group[]): AgentRules {
  const rules = chosen.flatMap((group) => group.rules);
  const delays = chosen.flatMap((group) => (group.crawlDelayS === null ? [] : [group.crawlDelayS]));
  const unreadable = chosen.find((group) => group.unreadableDelay !== null)?.unreadableDelay ?? null;
  const windows = chosen.flatMap((group) => group.visitWindows);
  return new MatchedRules(rules, delays.length > 0 ? Math.round(Math.max(...delays) * 1000) : null, unreadable, windows.length > 0 ? [windows] : []);
}

class MatchedRules implements AgentRules {
  /** Compiled once per crawler: a URL check walks it instead of trying every rule of the file. */
  private readonly index: RuleIndex;
  readonly cutPatterns: number;

  constructor(
    rules: readonly Rule[],
    readonly crawlDelayMs: number | null,
    readonly unreadableCrawlDelay: string | null,
    readonly visitWindowSets: ReadonlyArray<readonly VisitWindow[]>,
  ) {
    this.index = new RuleIndex(rules);
    this.cutPatterns = this.index.cutPatterns;
  }

  nextVisitAtMs(nowMs: number): number | null {
    return nextVisitAtMs(this.visitWindowSets, nowMs);
  }

  /**
   * The longest matching pattern decides; on equal length allow wins (RFC 9309 §2.2.2). No match: allowed.
   * A rule matches the URL when it matches any spelling of its query, which all name one page.
   */
  isAllowed(url: string): boolean {
    const parsed = new URL(url);
    const target = matchTarget(parsed);
    if (target === ROBOTS_PATH) return true;
    // A query mark with no query (`/p?`): the URL parser drops it, and our HTTP fetcher sends `/p`, but Chromium
    // sends `/p?`, which `Disallow: /*?` (every URL with a query, a common shop rule) keeps out. Fetched only when both are allowed.
    if (parsed.search === '' && parsed.href.split('#')[0]!.endsWith('?') && !this.servedAllowed(`${target}?`)) return false;
    return this.servedAllowed(target);
  }

  private servedAllowed(target: string): boolean {
    // nginx (merge_slashes, its default) and most servers serve `//private/x` as `/private/x`, which a spider
    // that joins URLs with one slash too many asks for, nginx serves `/private%2Fx` there too (it decodes the
    // path before it maps it), and a servlet container `/private;jsessionid=1/x` (it drops a segment's path
    // parameters): allowed only when the path as served is allowed too.
    const served = servedPath(target);
    return this.verdict(target) && (served === target || this.verdict(served));
  }

  /**
   * A Disallow also matches the URL's Latin-1 escapes read as UTF-8 (`/f%FCr/` as `/f%C3%BCr/`): a legacy
   * server's links so spell the page a UTF-8 file names. An Allow matches the URL only as sent.
   */
  private verdict(target: string): boolean {
    const legacy = latin1Spelling(target);
    const asked = querySpellings(target).map((spelling) => ({ spelling, allows: true }));
    if (legacy !== null) asked.push(...querySpellings(legacy).map((spelling) => ({ spelling, allows: false })));
    let best: Best | null = null;
    for (const { spelling, allows } of asked) {
      const found = this.index.best(spelling, allows);
      if (found && beats(found.length, found.allow, best)) best = found;
    }
    return best?.allow ?? true;
  }
}

/**
 * Rule sets that must each allow a URL (a crawler known by several names; the groups that apply and those
 * that list the crawler): what any of them disallows is not fetched, and the longest wait holds.
 */
class EveryNameRules implements AgentRules {
  readonly crawlDelayMs: number | null;
  readonly unreadableCrawlDelay: string | null;
  readonly cutPatterns: number;
  readonly visitWindowSets: ReadonlyArray<readonly VisitWindow[]>;

  constructor(private readonly each: readonly AgentRules[]) {
    const delays = each.flatMap((rules) => (rules.crawlDelayMs === null ? [] : [rules.crawlDelayMs]));
    this.crawlDelayMs = delays.length > 0 ? Math.max(...delays) : null;
    this.cutPatterns = Math.max(...each.map((rules) => rules.cutPatterns));
    this.unreadableCrawlDelay = each.find((rules) => rules.unreadableCrawlDelay !== null)?.unreadableCrawlDelay ?? null;
    this.visitWindowSets = each.flatMap((rules) => rules.visitWindowSets);
  }

  /** A time every name's windows let the crawler in. */
  nextVisitAtMs(nowMs: number): number | null {
    return nextVisitAtMs(this.visitWindowSets, nowMs);
  }

  isAllowed(url: string): boolean {
    return this.each.every((rules) => rules.isAllowed(url));
  }
}

/**
 * The path as servers may serve it: without each segment's path parameters (`;jsessionid=1`), each encoded slash
 * (upper-case already: path-pattern.ts) as one, each run of slashes as one. The query is data and stays as written.
 */
function servedPath(target: string): string {
  const query = target.indexOf('?');
  const path = query < 0 ? target : target.slice(0, query);
  return path.replace(/;[^/]*/g, '').replace(/%2F/g, '/').replace(/\/{2,}/g, '/') + (query < 0 ? '' : target.slice(query));
}

/**
 * User-agent lines in a row open one group; a rule line (Allow, Disallow) after them closes the list, so
 * the next user-agent line opens a new group. Rules before any user-agent line belong to no group and are ignored.
 */
function readGroups(text: string): Group[] {
  const groups: Group[] = [];
  let current: Group | null = null;
  let takingAgents = false;
  for (const { key, value } of robotsDirectives(text)) {
    if (key === 'user-agent') {
      if (!current || !takingAgents) {
        current = { agents: [], listed: [], runOn: [], patterns: [], rules: [], crawlDelayS: null, unreadableDelay: null, visitWindows: [] };
        groups.push(current);
      }
      takingAgents = true;
      const token = productToken(value);
      if (token !== '' && nameRunsOn(value)) {
        current.listed.push(token);
        current.runOn.push(leadingName(value));
      } else if (token !== '') current.agents.push(token);
      current.listed.push(...listedTokens(value));
      current.patterns.push(...agentPatterns(value));
      continue;
    }
    if (key === 'crawl-delay' || key === 'request-rate' || key === 'visit-time') {
      // Not RFC 9309 records, so they must not change how groups are read (§2.2.4): they do not close
      // the user-agent lines. Before any group (`Crawl-delay: 10` atop the file) a wait names no crawler,
      // so it is asked of all: a slower pace is never ruder, and ignored it had us crawl at ours.
      if (!current) {
        current = { agents: [], listed: [], runOn: [], patterns: [], rules: [], crawlDelayS: null, unreadableDelay: null, visitWindows: [], everyone: true };
        groups.push(current);
      }
      if (key === 'visit-time') readVisitTime(current, value);
      else readDelay(current, key, value);
      continue;
    }
    // A rule before any group is none (RFC 9309, Google), even after a file-wide wait.
    if (!current || current.everyone) continue;
    takingAgents = false;
    current.rules.push(...rulesOf(key === 'allow', value));
  }
  return groups;
}

/** Several waits in one group: the longest, as for merged groups. */
function readDelay(group: Group, key: 'crawl-delay' | 'request-rate', value: string): void {
  const seconds = delaySecondsOf(key, value);
  if (seconds === 'unreadable') group.unreadableDelay ??= value;
  else if (seconds !== null) group.crawlDelayS = Math.max(seconds, group.crawlDelayS ?? 0);
}

/** Several Visit-time lines in one group: each a window the crawler may come in. */
function readVisitTime(group: Group, value: string): void {
  const window = visitWindowOf(value);
  if (window === 'unreadable') group.unreadableDelay ??= value;
  else if (window !== null) group.visitWindows.push(window);
}

/**
 * An empty value means "no rule" (`Disallow:` allows everything). A path that does not start with `/`
 * or `*` is a mistake: for Disallow it is read with a leading `/` (we stay out of what was meant), a
 * whole URL (`Disallow: https://shop.example/private/`) as its path, which a leading `/` made match
 * nothing, and a quoted one (`"/private/"`) as what the quotes hold; an Allow is dropped (we never fetch on a guess). A Disallow whose bytes are not UTF-8 (a
 * Latin-1 file) also names its page as UTF-8 links spell it (legacy-spelling.ts); an Allow does not.
 */
function rulesOf(allow: boolean, value: string): Rule[] {
  if (value === '') return [];
  if (!value.startsWith('/') && !value.startsWith('*')) {
    if (allow) return [];
    const path = (insideQuotes(value) ?? value).replace(/^https?:\/\/[^/?#]*/i, '');
    value = path.startsWith('/') ? path : `/${path}`;
  }
  const path = normalizePath(value);
  const legacy = allow ? null : latin1Spelling(path);
  const rules = [path, ...(legacy === null ? [] : [legacy])].map((source) => ({ allow, pattern: new PathPattern(source) }));
  return allow ? rules : [...rules, ...listedPaths(value).flatMap((listed) => rulesOf(false, listed))];
}

/**
 * The paths a Disallow line lists (`Disallow: /cart/ /checkout/`), each meant on its own: read only as one
 * path with spaces in it, as Google reads it, the line matched no URL and kept nobody out. Each is kept out
 * too, beside the line as written; an Allow line stays one path (we never fetch on a guess).
 */
function listedPaths(value: string): string[] {
  const parts = value.split(/[ \t]+/);
  return parts.length > 1 && parts.every((part) => part.startsWith('/') || part.startsWith('*')) ? parts : [];
}
