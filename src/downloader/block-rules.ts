// Decides whether a response is a block or CAPTCHA page, from per-host status and body-pattern rules.
import type { Settings } from '../settings/schema';
import { OffsiteHopError, RedirectChainError } from '../core/errors';
import { compileWallRules, wallRule, type WallRules } from './wall-redirect';
import { isOutsideStatusClasses } from '../core/status-class';

/** The wall rules are optional: the soft-404 rules (the same class) judge bodies only. */
export type BlockDetectionSettings = Omit<Settings['blockDetection'], 'redirectPatterns' | 'returnParams'> & Partial<Pick<Settings['blockDetection'], 'redirectPatterns' | 'returnParams'>>;

/** Which rule matched, for logs and stats: `status/999` or the pattern's source. */
export interface BlockMatch {
  rule: string;
}

interface CompiledRules {
  statuses: readonly number[];
  patterns: readonly RegExp[];
  /** The patterns as one or two alternations (see prefiltersOf), when they can be joined: a page none of them matches is none of the rules. */
  prefilters: readonly RegExp[] | null;
  scanChars: number;
  walls: WallRules;
}

/** What is asked about: a response's status and decoded text (a `CrawlResponse` is one). */
export interface BlockQuestion {
  readonly status: number;
  readonly text: string;
  /** The bytes `text` is decoded from, when the question has them (a `CrawlResponse` does). */
  readonly body?: Buffer;
  /** Where the answer came from, and the URLs it was redirected from (a `CrawlResponse` has both): a landing on a wall is a block. */
  readonly url?: string;
  readonly redirectChain?: readonly string[];
  /** A block a middleware recognised itself (`CrawlResponse.markBlocked`): a block whatever the rules say. */
  readonly blockedBy?: string | null;
}

/** An answer and the question it answered: reused only when the same response is asked the same. */
interface Answer {
  hostKey: string;
  status: number;
  /** The question's body (the same Buffer object) when it has one, else its text. */
  source: Buffer | string;
  match: BlockMatch | null;
}

/**
 * A block page often comes with a 200, so the status alone cannot tell. Patterns run over the first
 * `scanChars` of the decoded text only: block pages are small, product pages can be megabytes.
 *
 * One instance per crawl is shared by block detection, the breaker, the adaptive throttle and sessions;
 * each asks about the same response, so answers are kept per response object and each body is scanned
 * once. Not just the last answer: the middleware chains of concurrent responses interleave (the blob
 * store settles a whole batch of puts at once, and each chain then advances one microtask at a time),
 * so a last-answer cache missed and every product page was scanned ~2.75 times (fast bench, 64 in
 * flight). The map is weak: an answer goes when its response does.
 */
export class BlockRules {
  private readonly compiled = new Map<string, CompiledRules>();
  private readonly answers = new WeakMap<BlockQuestion, Answer>();
  private scans = 0;

  /**
   * `honourMarks`: a response a middleware marked (`markBlocked`) is a block whatever the rules say: the crawl's
   * shared block rules, never the soft-404 rules (http-errors), for which a block page is no missing page.
   */
  constructor(
    private readonly settings: BlockDetectionSettings,
    private readonly options: { honourMarks?: boolean } = {},
  ) {}

  detect(hostKey: string, response: BlockQuestion): BlockMatch | null {
    if (this.options.honourMarks && response.blockedBy) return { rule: response.blockedBy };
    const { status } = response;
    // A response's text is decoded from its body: the same bytes give the same text. Keeping the body
    // rather than the text matters: an answer lives as long as its response object, which an old
    // object (an async frame of its finished task) can keep alive to the young-generation GC until the
    // next full GC, and the response drops its decoded text when its callback ends (CrawlResponse.release).
    const source = response.body ?? response.text;
    const known = this.answers.get(response);
    if (known && known.source === source && known.status === status && known.hostKey === hostKey) return known.match;
    const match = this.scan(hostKey, response);
    this.answers.set(response, { hostKey, status, source, match });
    return match;
  }

  /**
   * Whether `error` is a redirect hop the crawl refused (off the allowed domains: never sent, so no page to
   * scan) that led to a wall, or a redirect chain stopped after it went through one, for the request of `requestUrl`.
   */
  detectWallHop(hostKey: string, requestUrl: string, error: unknown): BlockMatch | null {
    const { walls } = this.rulesFor(hostKey);
    let rule: string | null = null;
    if (error instanceof OffsiteHopError) rule = wallRule(walls, [requestUrl, error.fromUrl], error.toUrl);
    // A chain stopped as a loop or as too long that went through a wall: a gate bouncing a crawler it does not
    // trust back to the page (no cookie to let it through), which a fresh session may pass; as the page's
    // permanent fetch/redirect-loop, a walled host ended the run looking clean.
    if (error instanceof RedirectChainError) {
      const hops = [...error.chain, error.toUrl];
      for (let i = 1; i < hops.length && rule === null; i++) rule = wallRule(walls, hops.slice(0, i), hops[i]!);
    }
    return rule === null ? null : { rule };
  }

  /** Bodies scanned so far (tests and benchmarks check that each response is scanned once). */
  get scanCount(): number {
    return this.scans;
  }

  private scan(hostKey: string, { status, text, url, redirectChain }: BlockQuestion): BlockMatch | null {
    this.scans += 1;
    const rules = this.rulesFor(hostKey);
    // A status outside HTTP's classes (LinkedIn's 999) is a refusal whatever the body and the lists (status-class.ts).
    if (rules.statuses.includes(status) || isOutsideStatusClasses(status)) return { rule: `status/${status}` };
    // A page redirected to a wall (the shop's own `/challenge`, which no body pattern may know) stood in for the page.
    const wall = url !== undefined && redirectChain?.length ? wallRule(rules.walls, redirectChain, url) : null;
    if (wall !== null) return { rule: wall };
    const head = text.length > rules.scanChars ? text.slice(0, rules.scanChars) : text;
    if (rules.prefilters && !rules.prefilters.some((prefilter) => prefilter.test(head))) return null;
    const hit = rules.patterns.find((pattern) => pattern.test(head));
    return hit ? { rule: hit.source } : null;
  }

  private rulesFor(hostKey: string): CompiledRules {
    let rules = this.compiled.get(hostKey);
    if (!rules) {
      const override = this.settings.hosts[hostKey] ?? {};
      const sources = override.patterns ?? this.settings.patterns;
      rules = {
        statuses: override.statuses ?? this.settings.statuses,
        patterns: sources.map((source) => new RegExp(source, 'i')),
        prefilters: prefiltersOf(sources),
        scanChars: override.scanChars ?? this.settings.scanChars,
        walls: compileWallRules(override.redirectPatterns ?? this.settings.redirectPatterns ?? [], override.returnParams ?? this.settings.returnParams ?? []),
      };
      this.compiled.set(hostKey, rules);
    }
    return rules;
  }
}

/**
 * The patterns joined into one regular expression. Almost every page matches none, and each pattern was a
 * pass over up to `scanChars` of text: the ten defaults took 0.13 ms per 27 KB product page one by one,
 * 0.065 ms joined (the fast bench's pages). A page that matches is then asked pattern by pattern, to name
 * the rule. Not joined when a pattern refers to its own groups (`\1`, `\k<name>`): their numbers and names
 * change in the join.
 *
 * Patterns that start with `^` go in a second alternation: alone, V8 sees the anchor and tries them at the
 * start of the text only (under 1 µs), while in the join the whole alternation ran half as slow again (the
 * defaults' two throttling-JSON patterns, bench shop pages: 71-77 µs of CPU per page joined, 43-50 µs as two). Which group a pattern lands in changes nothing but speed: the page matches a group exactly when it
 * matches one of its patterns (a `^a|b` pattern in the anchored group is still matched everywhere).
 */
function prefiltersOf(sources: readonly string[]): RegExp[] | null {
  if (sources.length < 2 || sources.some((source) => /\\(?:[1-9]|k<)/.test(source))) return null;
  const anchored = sources.filter((source) => source.startsWith('^'));
  const groups = [sources.filter((source) => !source.startsWith('^')), anchored].filter((group) => group.length > 0);
  try {
    return groups.map((group) => new RegExp(group.map((source) => `(?:${source})`).join('|'), 'i'));
  } catch {
    return null; // e.g. the same group name in two patterns
  }
}
