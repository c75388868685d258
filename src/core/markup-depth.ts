// How deep a page's elements can nest, found in one pass before it is parsed: a hostile depth would stall the crawl in the parser.
import { PricecrawlError } from './errors';

/**
 * Deepest nesting a page may have before we refuse to build its DOM. htmlparser2 keeps its open elements
 * in an array it unshifts and searches, and css-select walks ancestors, so both grow with the square of
 * the depth: 200,000 nested `<div>`s (1.4 MB) held the event loop 61 s, every fetch, timer and heartbeat
 * of the crawl with it, and a 10 MB body of them would take many minutes. At this depth a parse and a
 * select take ~0.1 s; real shop pages nest a few dozen levels, sloppy ones with unclosed tags a few
 * thousand.
 */
export const MAX_MARKUP_DEPTH = 10_000;

/** Elements that never hold others (HTML's void elements). */
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
/** Elements the parser closes when a sibling of theirs opens: a run of them unclosed does not nest. */
const IMPLIED_END = new Set(['p', 'li', 'dd', 'dt', 'option', 'optgroup', 'tr', 'td', 'th', 'thead', 'tbody', 'tfoot', 'rt', 'rp', 'html', 'head', 'body']);
/** Elements whose content htmlparser2 reads as text, not tags, up to their end tag (any case). */
const RAW_TEXT_END = new Map(['script', 'style', 'title', 'textarea', 'xmp'].map((name) => [name, new RegExp(`</${name}`, 'ig')]));

const TAG = /<(\/?)([a-zA-Z][^\s/>]*)|<!--/g;

/**
 * The page's nesting depth as htmlparser2 builds it, followed on the same rules in one linear pass: an
 * end tag closes the latest open element of its name and every element opened after it, and one with no
 * such element open is ignored. Void elements hold nothing; those with an implied end (`p`, `li`, `td`,
 * ...) are left out, so a run of them unclosed does not count (a list nested in a list item counts its
 * lists). Comments and the text of script, style and the like are skipped, as the parser skips them.
 */
export function markupDepth(html: string): number {
  const open = new OpenElements();
  const tag = new RegExp(TAG);
  for (let match = tag.exec(html); match !== null; match = tag.exec(html)) {
    if (match[0] === '<!--') {
      const end = html.indexOf('-->', tag.lastIndex);
      tag.lastIndex = end < 0 ? html.length : end + 3;
      continue;
    }
    const name = match[2]!.toLowerCase();
    const rawTextEnd = RAW_TEXT_END.get(name);
    if (VOID.has(name) || IMPLIED_END.has(name)) continue;
    if (match[1] === '/') open.close(name);
    else if (rawTextEnd) {
      rawTextEnd.lastIndex = tag.lastIndex;
      tag.lastIndex = rawTextEnd.exec(html) ? rawTextEnd.lastIndex : html.length;
    } else open.open(name);
  }
  return open.deepest;
}

/** The open elements, with where each name stands in them, so closing one costs what it pops. */
class OpenElements {
  private readonly names: string[] = [];
  private readonly positions = new Map<string, number[]>();
  deepest = 0;

  open(name: string): void {
    const at = this.positions.get(name);
    if (at) at.push(this.names.length);
    else this.positions.set(name, [this.names.length]);
    this.names.push(name);
    this.deepest = Math.max(this.deepest, this.names.length);
  }

  close(name: string): void {
    const at = this.positions.get(name);
    if (!at || at.length === 0) return;
    const depth = at[at.length - 1]!;
    while (this.names.length > depth) this.positions.get(this.names.pop()!)!.pop();
  }
}

/**
 * Whether the page has more `<` than `limit`. Every level of nesting opens with one, so a page with no more
 * can nest no deeper: counting them costs a tenth of `markupDepth` (0.01 against 0.11 ms on a 21 KB
 * product page), and this runs for every page a callback reads.
 */
function moreTagsThan(html: string, limit: number): boolean {
  let count = 0;
  for (let at = html.indexOf('<'); at >= 0; at = html.indexOf('<', at + 1)) if (++count > limit) return true;
  return false;
}

/** Throws DOM_TOO_DEEP when the page nests past MAX_MARKUP_DEPTH: no DOM, so no item, from such a page. */
export function refuseTooDeep(html: string, url: string): void {
  if (!moreTagsThan(html, MAX_MARKUP_DEPTH)) return;
  const depth = markupDepth(html);
  if (depth > MAX_MARKUP_DEPTH) {
    throw new PricecrawlError('DOM_TOO_DEEP', `the markup of ${url} nests ${depth} levels deep, past the ${MAX_MARKUP_DEPTH} a DOM is built for`);
  }
}
