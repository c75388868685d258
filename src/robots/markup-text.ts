// The text a browser shows for a robots.txt served as an HTML document (a CMS page, a saved copy): its lines, not its markup.
import { decodeHTML } from 'entities';

/** Elements whose content a browser never shows. */
const UNSHOWN = new Set(['head', 'script', 'style', 'template']);
/** A `<br>`, or the end of a block, starts a new line of what is shown. */
const BLOCKS = new Set(['p', 'div', 'li', 'pre', 'tr', 'dd', 'dt', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'table', 'section', 'article', 'main', 'body']);

/**
 * The shown text of a body that is an HTML document (it starts with `<`, which no robots.txt line does), or
 * null for any other body. Read raw, the file's first line was `<html><body><pre>User-agent: *`, whose key
 * is no user-agent, and a CMS's `Disallow: /private/<br>` kept out only a path ending in `<br>`: the groups
 * named nobody and the host was crawled whole. What a browser shows of it is the file the site wrote; a
 * soft 404's text holds no directive, so it stays a page with no rules (and is warned of).
 */
export function shownText(text: string): string | null {
  if (!/^[\uFEFF\s]*</.test(text)) return null;
  return decodeHTML(withoutMarkup(text));
}

/** A tag's start: `<name`, `</name` or a comment's `<!--`. */
const TAG_START = /<(\/?)([a-zA-Z][a-zA-Z0-9]*|!--)/g;
/** The end tag of each unshown element, searched on from its start tag. */
const UNSHOWN_END = new Map([...UNSHOWN].map((name) => [name, new RegExp(`</${name}\\s*>`, 'gi')]));

/**
 * One pass, each search going on from where the last one ended: a hostile 500 KiB of `<script` or `<a`
 * with no end is read in linear time (a lazy regex per tag searched the rest of the file from each one).
 * What an unclosed comment, tag or unshown element leaves open is not shown.
 */
function withoutMarkup(text: string): string {
  const parts: string[] = [];
  let at = 0;
  for (;;) {
    TAG_START.lastIndex = at;
    const start = TAG_START.exec(text);
    if (!start) return parts.join('') + text.slice(at);
    const open = start.index;
    parts.push(text.slice(at, open));
    const [, closing, tag] = start;
    const end = tag === '!--' ? endOf(text.indexOf('-->', open + 4), 3) : endOf(text.indexOf('>', open), 1);
    const unshown = closing ? undefined : UNSHOWN_END.get(tag.toLowerCase());
    if (end < 0) return parts.join('');
    if (unshown) {
      unshown.lastIndex = end;
      if (!unshown.exec(text)) return parts.join('');
      at = unshown.lastIndex;
      continue;
    }
    const lower = tag.toLowerCase();
    if (lower === 'br' || (closing && BLOCKS.has(lower))) parts.push('\n');
    at = end;
  }
}

/** The index just past a found mark of `length`, or -1 when it was not found. */
function endOf(index: number, length: number): number {
  return index < 0 ? -1 : index + length;
}
