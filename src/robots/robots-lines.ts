// Splits a robots.txt body into directive lines the way crawlers tolerate it: BOM, any line end, typos, missing colons, size and line limits.

/** RFC 9309 §2.5: crawlers must parse at least the first 500 KiB; the rest is ignored. */
export const MAX_ROBOTS_BYTES = 500 * 1024;
/** Longer lines are cut (Disallow) or dropped (Allow): Google's parser stops at 2083 × 8 chars too. */
export const MAX_LINE_CHARS = 2083 * 8;

export type DirectiveKey = 'user-agent' | 'allow' | 'disallow' | 'crawl-delay' | 'request-rate' | 'visit-time';

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
  ['request-rate', 'request-rate'],
  ['requestrate', 'request-rate'],
  ['request rate', 'request-rate'],
  ['request_rate', 'request-rate'],
  ['visit-time', 'visit-time'],
  ['visittime', 'visit-time'],
  ['visit time', 'visit-time'],
  ['visit_time', 'visit-time'],
]);

/**
 * Google's parser reads a key by how it starts (`Disallowed:`, `User-agents:` are a Disallow and a
 * User-agent there). We do so for these two: a Disallow read so only keeps us out of more, and a
 * user-agent line must open the group the site meant, or its Disallow lines belonged to no group. An Allow
 * is read only as spelt (we never fetch on a guess).
 */
const PREFIX_KEYS = [...KEYS].filter(([, key]) => key === 'user-agent' || key === 'disallow');

/**
 * Zero-width spaces and joiners (U+200B–U+200D, U+2060) come with lines pasted from rich-text editors and
 * are invisible in the file, as is a BOM (U+FEFF) inside a file joined from parts: a key that held one named
 * no directive, its line was dropped, and the Disallow lines under a `User-agent: *` so written joined the
 * group above. No key, product token or path is spelt with them.
 */
const INVISIBLE = /[\u200b-\u200d\u2060\ufeff]/g;

/** The text without the invisible characters above (a key or value pasted with them is read as meant). */
export function withoutInvisible(text: string): string {
  return text.replace(INVISIBLE, '');
}

function keyOf(written: string): DirectiveKey | undefined {
  const spelling = written.replace(INVISIBLE, '').toLowerCase().replace(/\s+/g, ' ').trim();
  return KEYS.get(spelling) ?? PREFIX_KEYS.find(([prefix]) => spelling.startsWith(prefix))?.[1];
}

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
  // NULs before a line's text are padding (a zero-filled head of a file, a gap a crashed write left): read as
  // ending the line, they lost a file's first `User-agent: *` and its Disallow lines named no group. Skipped,
  // the line is read as a guessed one (an Allow so written is dropped).
  const padded = leadingNuls(raw);
  const unpadded = padded > 0 ? raw.slice(padded) : raw;
  // A NUL after that ends what is read of a line, as in Google's parser (a C string): the rest is not the rule.
  const nul = unpadded.indexOf('\0');
  const text = nul >= 0 ? unpadded.slice(0, nul) : unpadded;
  const hash = text.indexOf('#');
  const line = rfcTrim(hash >= 0 ? text.slice(0, hash) : text);
  if (line.trim() === '') return null;
  const split = splitKeyValue(line);
  if (!split) return null;
  const key = keyOf(split.key);
  if (!key) return null;
  // Other white space at the value's ends (a no-break space pasted from a web page) is not the RFC's, nor an
  // invisible character anywhere in it: before `*` or our token it named nobody, so the group's Disallow lines
  // went unread. Read without them, as meant, except in an Allow, where reading `/a\u00A0` as `/a` would allow all of /a….
  const value = split.value.trim().replace(INVISIBLE, '');
  const guessed = value !== split.value || padded > 0;
  const tooLong = line.length > MAX_LINE_CHARS;
  if (nul < 0 && !tooLong && !guessed) return { key, value };
  // A cut line is read up to the cut (a Disallow only widens what we stay out of, a user-agent keeps its
  // token); a cut or guessed Allow would widen what we fetch, so it is dropped.
  if (key === 'allow') return null;
  if (!tooLong) return { key, value };
  return { key, value: value.slice(0, Math.max(0, MAX_LINE_CHARS - (line.length - value.length))) };
}

function leadingNuls(raw: string): number {
  let count = 0;
  while (raw.charCodeAt(count) === 0) count++;
  return count;
}

/**
 * RFC 9309's white space (WS) is space and tab only. Walked from each end: a pattern anchored at the end
 * (`[ \t]+$`) is tried again from every space of a run that something follows, and a file of such lines
 * held the event loop, every host of the crawl with it, for minutes.
 */
function rfcTrim(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isRfcSpace(text.charCodeAt(start))) start++;
  while (end > start && isRfcSpace(text.charCodeAt(end - 1))) end--;
  return text.slice(start, end);
}

function isRfcSpace(code: number): boolean {
  return code === 0x20 || code === 0x09;
}

/**
 * `key: value`, or, with the colon missing, `key value` when the key is a known spelling (Google reads
 * `Disallow /x` as `Disallow: /x`). With more words where the value goes (`User agent pricecrawl`,
 * `Allow /a b`) the split is a guess, and Google's parser reads no such line; only a Disallow is still
 * read (the rest of the line as its path), since reading it can only keep us out of more.
 */
function splitKeyValue(line: string): { key: string; value: string } | null {
  const colon = line.indexOf(':');
  if (colon >= 0 && !colonInPath(line.slice(0, colon))) return { key: line.slice(0, colon).trim(), value: rfcTrim(line.slice(colon + 1)) };
  const words = line.trim().split(/\s+/);
  if (words.length < 2) return null;
  const key = keyOf(words[0]);
  if (key === undefined || (words.length > 2 && key !== 'disallow')) return null;
  return { key: words[0], value: rfcTrim(line.slice(line.indexOf(words[0]) + words[0].length)) };
}

/**
 * A line that lost its own colon may hold one in its path (MediaWiki's `Disallow /wiki/Special:Search`) or
 * its URL (`Disallow https://shop.example/private/`): split at that colon, as Google's parser does, the key
 * read `Disallow /wiki/Special` (a Disallow by its start) and the rule was `/Search`, so the page the line
 * names was fetched. Before such a colon stand a key and, after white space, a path (`/` or `*`) or a URL's
 * scheme; a key spelt in two words (`User agent:`) has neither.
 */
function colonInPath(beforeColon: string): boolean {
  const words = /^(\S+)\s+(?:[/*]|https?$)/i.exec(beforeColon.trim());
  return words !== null && keyOf(words[1]) !== undefined;
}

/** The first 500 KiB (UTF-8), without the line the limit cut in two: half a rule could mean another rule. */
function withinSizeLimit(text: string): string {
  if (text.length * 3 <= MAX_ROBOTS_BYTES) return text;
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= MAX_ROBOTS_BYTES) return text;
  return withoutCutLine(bytes.subarray(0, MAX_ROBOTS_BYTES).toString('utf8'));
}

/** The head of a file cut by the size limit, without its last line, which the cut may have shortened. */
export function withoutCutLine(head: string): string {
  const lastBreak = Math.max(head.lastIndexOf('\n'), head.lastIndexOf('\r'));
  return lastBreak >= 0 ? head.slice(0, lastBreak) : '';
}
