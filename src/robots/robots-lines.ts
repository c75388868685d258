// Splits a robots.txt body into directive lines the way crawlers tolerate it: BOM, any line end, typos, missing colons, size and line limits.

/** RFC 9309 §2.5: crawlers must parse at least the first 500 KiB; the rest is ignored. */
export const MAX_ROBOTS_BYTES = 500 * 1024;
/** Longer lines are cut (Disallow) or dropped (Allow): Google's parser stops at 2083 × 8 chars too. */
export const MAX_LINE_CHARS = 2083 * 8;

export type DirectiveKey = 'user-agent' | 'allow' | 'disallow' | 'crawl-delay';

export interface Directive {
  key: DirectiveKey;
  value: string;
}

/** Spellings seen in real files and accepted by the big crawlers, keyed by their lower-case form. */
const KEYS: ReadonlyMap<string, DirectiveKey> = new Map([
  ['user-agent', 'user-agent'],
  ['useragent', 'user-agent'],
  ['user agent', 'user-agent'],
  ['user_agent', 'user-agent'],
  ['allow', 'allow'],
  ['disallow', 'disallow'],
  ['dissallow', 'disallow'],
  ['dissalow', 'disallow'],
  ['disalow', 'disallow'],
  ['diasllow', 'disallow'],
  ['disallaw', 'disallow'],
  ['dis-allow', 'disallow'],
  ['crawl-delay', 'crawl-delay'],
  ['crawldelay', 'crawl-delay'],
  ['crawl delay', 'crawl-delay'],
  ['crawl_delay', 'crawl-delay'],
]);

/** Only the directives the matcher needs; `Sitemap`, `Host` and unknown keys are skipped without ending a group. */
export function robotsDirectives(text: string): Directive[] {
  const directives: Directive[] = [];
  for (const raw of withinSizeLimit(text).replace(/^\ufeff/, '').split(/\r\n|\r|\n/)) {
    const directive = readLine(raw);
    if (directive) directives.push(directive);
  }
  return directives;
}

function readLine(raw: string): Directive | null {
  const hash = raw.indexOf('#');
  const line = (hash >= 0 ? raw.slice(0, hash) : raw).trim();
  if (line === '') return null;
  const split = splitKeyValue(line);
  if (!split) return null;
  const key = KEYS.get(split.key.toLowerCase().replace(/\s+/g, ' '));
  if (!key) return null;
  if (line.length <= MAX_LINE_CHARS) return { key, value: split.value };
  // A cut Disallow only widens what we stay out of; a cut Allow would widen what we fetch, so it is dropped.
  if (key !== 'disallow') return null;
  return { key, value: split.value.slice(0, Math.max(0, MAX_LINE_CHARS - (line.length - split.value.length))) };
}

/**
 * `key: value`, or, with the colon missing, `key value` when the key is a known spelling (Google reads
 * `Disallow /x` as `Disallow: /x`). Two-word spellings (`user agent`) are tried before the first space.
 */
function splitKeyValue(line: string): { key: string; value: string } | null {
  const colon = line.indexOf(':');
  if (colon >= 0) return { key: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() };
  const words = line.split(/\s+/);
  if (words.length < 2) return null;
  for (const take of [2, 1]) {
    const key = words.slice(0, take).join(' ');
    if (words.length > take && KEYS.has(key.toLowerCase())) return { key, value: words.slice(take).join(' ') };
  }
  return null;
}

/** The first 500 KiB (UTF-8), without the line the limit cut in two: half a rule could mean another rule. */
function withinSizeLimit(text: string): string {
  if (text.length * 3 <= MAX_ROBOTS_BYTES) return text;
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= MAX_ROBOTS_BYTES) return text;
  const head = bytes.subarray(0, MAX_ROBOTS_BYTES).toString('utf8');
  const lastBreak = Math.max(head.lastIndexOf('\n'), head.lastIndexOf('\r'));
  return lastBreak >= 0 ? head.slice(0, lastBreak) : '';
}
