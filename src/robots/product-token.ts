// The product token of a user agent, as robots.txt groups are matched (RFC 9309 §2.2.1).
import { insideQuotes } from './quoted';

/** RFC 9309 §2.2.1: a product token is letters, `-` and `_` only. */
const TOKEN = /^[A-Za-z_-]*/;

/**
 * `Googlebot/2.1 (+http://…)` → `googlebot`: the leading run of token characters, lower-cased, on both
 * sides (the `User-agent:` value and our own setting), since matching is case-insensitive. What follows
 * the run (a version, a comma, a `*`, a digit) is not part of the name, as in Google's parser:
 * `pricecrawl,otherbot` names us. `*` is the wildcard only alone or before whitespace (`* # all`);
 * `*bot` or `*` before a slash names nobody (''), like a value that starts with no token character.
 */
export function productToken(userAgent: string): string {
  const trimmed = userAgent.trim();
  if (/^\*(\s|$)/.test(trimmed)) return '*';
  return TOKEN.exec(trimmed)![0].toLowerCase();
}

/**
 * A name whose token run goes on in a digit or a dot (`pricecrawl2`, `pricecrawl.bot`): RFC 9309 tokens hold
 * neither, so it may name another crawler whose name starts as ours. Read as ours (Google's reading), its
 * `Allow: /` let us past a `*` group meant for every crawler but it; such a name is obeyed beside the group
 * that applies (as a listed one is), so neither reading's Disallow is fetched, unless our own name is that
 * whole name (`leadingName`): a crawler called `Shop24Bot` is named by `User-agent: Shop24Bot`.
 */
export function nameRunsOn(userAgent: string): boolean {
  return /^[A-Za-z_-]+[0-9.]/.test(userAgent.trim());
}

/** The whole name a value leads with, digits and dots included (`pricecrawl2`, `acmebot-2.0`), lower-cased: how such a name is matched. */
export function leadingName(userAgent: string): string {
  return /^[A-Za-z0-9_.-]*/.exec(userAgent.trim())![0].toLowerCase();
}

/** True for a setting whose product token is the whole name before any version or comment (`PriceCrawl/1.0`). */
export function isValidProductToken(userAgent: string): boolean {
  return /^[A-Za-z_-]+(?:[/\s]|$)/.test(userAgent.trim());
}

/**
 * The other crawlers a `User-agent:` value lists after its first (`SemrushBot, AhrefsBot, PriceCrawl`,
 * `MJ12bot; pricecrawl`): the token of each entry after a comma, semicolon, bar or white space that starts
 * with a token character. RFC 9309 reads the first token only; a file that shuts a crawler out by such a
 * list still means it. An entry that starts otherwise (`(+https://pricecrawl.example)`) names nobody, but
 * a name in quotes, the first one too, is that name: read as naming nobody (as RFC 9309 and Google read
 * it), `User-agent: "PriceCrawl"` over `Disallow: /` shut us out of nothing.
 */
export function listedTokens(userAgent: string): string[] {
  const [first = '', ...rest] = userAgent.trim().split(/[\s,;|]+/);
  const entries = insideQuotes(first) !== null ? [first, ...rest] : rest;
  return entries.map((entry) => productToken(insideQuotes(entry) ?? entry)).filter((token) => token !== '' && token !== '*');
}

/** A list entry written as a name pattern: letters, digits, `.`, `_`, `-` and `*`, a `/version` after it. */
const PATTERN_ENTRY = /^([A-Za-z0-9_.*-]+)(?:\/\S*)?$/;

/** A name pattern's literal parts, lower-cased, split at its `*`s. */
export type AgentPattern = readonly string[];

/**
 * The entries of a `User-agent:` value written as name patterns (`*bot`, `Price*`, `*crawl*`), each `*` read as
 * any run of characters (`agentPatternMatches`). RFC 9309 and Google read such an entry by its leading token
 * (`Price*` as `price`, `*bot` as nobody), so `User-agent: *bot` over `Disallow: /`, written to shut out every
 * bot, kept out none: `AcmeBot` crawled the shop. A group so named is obeyed beside the group that applies, as a
 * listed name is (never wider). `*` alone is the wildcard, not a pattern.
 */
export function agentPatterns(userAgent: string): AgentPattern[] {
  return userAgent
    .trim()
    .split(/[\s,;|]+/)
    .map((entry) => PATTERN_ENTRY.exec(insideQuotes(entry) ?? entry)?.[1] ?? '')
    .filter((entry) => entry.includes('*') && /[A-Za-z]/.test(entry))
    .map((entry) => entry.toLowerCase().split('*'));
}

/**
 * Whether a whole (lower-case) name matches a pattern: its first part starts the name, its last ends it, and
 * the parts between are found in order, each at its earliest place (which never loses a match), so a hostile
 * pattern of thousands of `*` costs one pass over the name per part, never a backtracking search.
 */
export function agentPatternMatches(pattern: AgentPattern, name: string): boolean {
  const first = pattern[0];
  const last = pattern[pattern.length - 1];
  if (!name.startsWith(first) || name.length < first.length + last.length || !name.endsWith(last)) return false;
  let at = first.length;
  const end = name.length - last.length;
  for (const part of pattern.slice(1, -1)) {
    const found = name.indexOf(part, at);
    if (found < 0 || found + part.length > end) return false;
    at = found + part.length;
  }
  return true;
}
