// Whether a redirect sends a page to a wall (a bot check, a queue, a gate that promises to send us back), judged from the URLs alone.

/** One host's rules, compiled. */
export interface WallRules {
  patterns: readonly RegExp[];
  /** Lower-cased parameter names. */
  returnParams: ReadonlySet<string>;
}

export function compileWallRules(patterns: readonly string[], returnParams: readonly string[]): WallRules {
  return { patterns: patterns.map((source) => new RegExp(source, 'i')), returnParams: new Set(returnParams.map((name) => name.toLowerCase())) };
}

/**
 * The rule a redirect to `target` matched, or null. `from`: the URLs the page went through before (the
 * request's first). Two signs, either enough: the target's URL matches a wall pattern (a vendor's host, a
 * `/challenge` path), or its query names one of `from` as the page to return to. The second needs no
 * list of vendors: a gate that will send us back to the page once we pass is not the page's answer. A
 * target on the path of a page it went through is that page, not a gate (see `returnParamTo`).
 */
export function wallRule(rules: WallRules, from: readonly string[], target: string): string | null {
  const pattern = rules.patterns.find((candidate) => candidate.test(target));
  if (pattern) return `redirect/${pattern.source}`;
  const param = returnParamTo(rules.returnParams, from, target);
  return param === null ? null : `redirect/return-param/${param}`;
}

/** The parameter of `target` that names one of `from` (same origin and path) as the place to return to. */
function returnParamTo(names: ReadonlySet<string>, from: readonly string[], target: string): string | null {
  if (names.size === 0 || from.length === 0) return null;
  let targetUrl: URL;
  try {
    targetUrl = new URL(target);
  } catch {
    return null;
  }
  const pages = new Set(from.flatMap((url) => pageKey(url, url) ?? []));
  // Sent back to a page it went through, the request is that page asked again: a cookie check (`/p/1` →
  // `/p/1?return=/p/1` with a cookie set) whose second visit carries the cookie and gets the page, as in a
  // browser. Read as a gate, the page was retried on fresh sessions, each checked the same way, and lost as
  // transient every run. What that visit answers is judged by the other rules (a challenge page by its body).
  if (pages.has(pageKey(target, target)!)) return null;
  for (const [name, value] of targetUrl.searchParams) {
    if (!names.has(name.toLowerCase())) continue;
    // A relative value is the gate's own host's path: resolved against the page it came from, as gates mean it.
    const key = pageKey(value, from.at(-1)!);
    if (key !== null && pages.has(key)) return name;
  }
  return null;
}

/** Origin and path: a page returned to with other query parameters (a token, a tracking tag) is still the page. */
function pageKey(value: string, base: string): string | null {
  try {
    const url = new URL(value, base);
    return `${url.origin}${url.pathname}`;
  } catch {
    return null;
  }
}
