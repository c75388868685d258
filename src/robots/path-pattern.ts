// Robots path patterns: RFC 9309 §2.2.2 percent-encoding normalisation, `*` and `$`, and the match length that ranks rules.

/** RFC 3986 unreserved characters: a percent-encoded one means the same as the plain one. */
const UNRESERVED = /[A-Za-z0-9\-._~]/;
/**
 * Plain ASCII left as written: unreserved, reserved (gen-delims and sub-delims) and `%`; not `'`. The URL
 * parser (WHATWG, as browsers and our fetcher use it) sends a query's `'` as `%27` and a path's as it is,
 * so servers read both as one: a rule's `'` kept plain never matched the query it names (`/*?q='` let
 * `/s?q='` through as `/s?q=%27`). Both spell it `%27`.
 */
const KEPT_ASCII = /[A-Za-z0-9\-._~:/?#[\]@!$&()*+,;=]/;
const HEX_PAIR = /^[0-9A-Fa-f]{2}$/;

/**
 * One spelling for one path, applied to rules and URLs alike: `%7E` → `~`, `%2f` → `%2F` (reserved
 * characters stay encoded, as they may mean something else decoded), UTF-8 and unsafe ASCII
 * (space, `"`, `<`, `|`, `'`, …) percent-encoded with upper-case hex, a lone `%` as `%25`.
 */
export function normalizePath(path: string): string {
  let out = '';
  for (let i = 0; i < path.length; i++) {
    const char = path[i];
    if (char === '%') {
      const hex = path.slice(i + 1, i + 3);
      if (HEX_PAIR.test(hex)) {
        const decoded = String.fromCharCode(parseInt(hex, 16));
        out += UNRESERVED.test(decoded) ? decoded : `%${hex.toUpperCase()}`;
        i += 2;
      } else {
        out += '%25';
      }
    } else if (char.charCodeAt(0) < 0x80) {
      out += KEPT_ASCII.test(char) ? char : percentEncode(char);
    } else {
      const codePoint = path.codePointAt(i)!;
      const whole = String.fromCodePoint(codePoint);
      out += percentEncode(whole);
      i += whole.length - 1;
    }
  }
  return out;
}

function percentEncode(char: string): string {
  let out = '';
  for (const byte of Buffer.from(char, 'utf8')) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  return out;
}

/**
 * The path and query a URL's rules are matched against (RFC 9309 §2.2.2); an empty path is `/`. A `*`
 * or `$` in a URL is a plain character, which a rule writes as `%2A` or `%24` (RFC 9309 §2.2.3).
 */
export function matchTarget(url: URL): string {
  const path = url.pathname === '' ? '/' : url.pathname;
  return normalizePath(`${path}${url.search}`).replace(/\*/g, '%2A').replace(/\$/g, '%24');
}

/** In a query these split nothing (unlike `&`, `=`, `+`, `;`): servers read each alike plain or encoded. */
const QUERY_DATA_PLAIN = /[:/?@!(),[\]]/g;
const QUERY_DATA_ENCODED = /%(3A|2F|3F|40|21|28|29|2C|5B|5D)/g;

/**
 * The spellings of one URL's target a rule may name it by: as sent, and with the characters that split
 * nothing in its query all percent-encoded or all plain. RFC 9309 §2.2.2's table matches a rule's
 * `?baz=https://foo.bar` to `?baz=https%3A%2F%2Ffoo.bar`; both were one spelling only, and links carry either.
 */
export function querySpellings(target: string): string[] {
  const start = target.indexOf('?');
  if (start < 0) return [target];
  const path = target.slice(0, start + 1);
  const query = target.slice(start + 1);
  const encoded = query.replace(QUERY_DATA_PLAIN, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  const plain = query.replace(QUERY_DATA_ENCODED, (_escape, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return [...new Set([target, path + encoded, path + plain])];
}

/** Counts the literal searches a match makes: what a URL check costs, whatever the file holds. */
export interface MatchWork {
  steps: number;
}

/**
 * A normalised rule path. `*` matches any run of characters, a final `$` anchors the end; elsewhere
 * `$` is a plain character. Without `$` a pattern matches every path it is a prefix of.
 */
export class PathPattern {
  /** What ranks rules: the longest (most octets) matching pattern wins (RFC 9309 §2.2.2). */
  readonly length: number;
  /** The text before the first `*`: every target the pattern matches starts with it. */
  readonly prefix: string;
  /** The literal parts after the prefix, empty ones (`**`, a final `*`) left out: they match anywhere. */
  readonly rest: readonly string[];
  /** The last part must end the target: a final `$` after text (after `*`, `*$` is just `*`). */
  readonly endAnchored: boolean;

  constructor(readonly source: string) {
    this.length = source.length;
    const anchored = source.endsWith('$');
    // A `$` that does not end the pattern is the plain character, spelt as a URL's would be.
    const parts = (anchored ? source.slice(0, -1) : source).replace(/\$/g, '%24').split('*');
    this.prefix = parts[0];
    this.rest = parts.slice(1).filter((part) => part !== '');
    this.endAnchored = anchored && parts[parts.length - 1] !== '';
  }

  matches(target: string, work?: MatchWork): boolean {
    return target.startsWith(this.prefix) && this.matchesAfterPrefix(target, work);
  }

  /**
   * For a target that starts with the prefix. Matches the literal parts left to right, each at its
   * earliest place after the previous one: with `*` between them the earliest place never loses a match,
   * so nothing is tried twice (one search per part, each starting where the last ended) except the
   * anchored last part, which must sit at the very end.
   */
  matchesAfterPrefix(target: string, work?: MatchWork): boolean {
    const { rest } = this;
    let at = this.prefix.length;
    if (rest.length === 0) return !this.endAnchored || target.length === at;
    if (work) work.steps += rest.length;
    for (let i = 0; i < rest.length - 1; i++) {
      const found = target.indexOf(rest[i], at);
      if (found < 0) return false;
      at = found + rest[i].length;
    }
    const last = rest[rest.length - 1];
    if (!this.endAnchored) return target.includes(last, at);
    return target.length - last.length >= at && target.endsWith(last);
  }
}
