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

/** Elements that never hold others (htmlparser2's void elements). */
const VOID = new Set(['area', 'base', 'basefont', 'br', 'col', 'command', 'embed', 'frame', 'hr', 'img', 'input', 'isindex', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
/** Elements whose content htmlparser2 reads as text, not tags, up to their end tag (any case), unless written self-closed. */
const RAW_TEXT_END = new Map(['script', 'style', 'title', 'textarea', 'xmp'].map((name) => [name, new RegExp(`</${name}(?=[\\s/>]|$)`, 'ig')]));

const P = ['p'];
const FORM = ['input', 'option', 'optgroup', 'select', 'button', 'datalist', 'textarea'];
/**
 * htmlparser2's implied ends: an element of the key's name, opening, first closes the current element while it is
 * one of these (only the current one, so `<li><dd>` nests where `<li><li>` does not).
 */
const CLOSED_BY_OPENING = new Map<string, readonly string[]>([
  ['tr', ['tr', 'th', 'td']], ['th', ['th']], ['td', ['thead', 'th', 'td']], ['body', ['head', 'link', 'script']], ['li', ['li']],
  ['option', ['option']], ['optgroup', ['optgroup', 'option']], ['dd', ['dd', 'dt']], ['dt', ['dd', 'dt']], ['rt', ['rt', 'rp']],
  ['rp', ['rt', 'rp']], ['tbody', ['thead', 'tbody']], ['tfoot', ['thead', 'tbody']],
  ...['select', 'input', 'output', 'button', 'datalist', 'textarea'].map((name): [string, readonly string[]] => [name, FORM]),
  ...['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'address', 'article', 'aside', 'blockquote', 'details', 'div', 'dl', 'fieldset', 'figcaption',
    'figure', 'footer', 'form', 'header', 'hr', 'main', 'nav', 'ol', 'pre', 'section', 'table', 'ul'].map((name): [string, readonly string[]] => [name, P]),
]);
/** Where htmlparser2 honours `/>`: inside svg and math (foreign content), not in their HTML integration points. */
const FOREIGN = new Set(['svg', 'math']);
const INTEGRATION = new Set(['mi', 'mo', 'mn', 'ms', 'mtext', 'annotation-xml', 'foreignobject', 'desc', 'title']);

/** A start or end tag's name (`</ div>` is an end tag too). */
const TAG = /<(\/\s*)?([a-zA-Z][^\s/>]*)/y;

/**
 * The page's nesting depth as htmlparser2 (cheerio's HTML parser here) builds it, followed on its rules in one
 * linear pass: its tokenizer's (comments, `<!-->` among them; declarations, CDATA and processing instructions;
 * attribute values, whose `<` opens nothing; the text of script, style and the like) and its tree's (implied
 * ends, void elements, `/>` in svg and math, an end tag closing the latest open element of its name and all
 * opened after it). A markup the scan skips but the parser builds was a way past the limit: `<!-->`, or an
 * attribute holding `<!--` or `<script`, before 100,000 `<div>`s read as no depth at all.
 */
export function markupDepth(html: string): number {
  const open = new OpenElements();
  for (let at = html.indexOf('<'); at >= 0; at = html.indexOf('<', readMarkup(html, at, open)));
  return open.deepest;
}

/** Reads the markup starting at the `<` at `at` into `open`; returns where text goes on. */
function readMarkup(html: string, at: number, open: OpenElements): number {
  if (html.startsWith('<!--', at)) return commentEnd(html, at + 4);
  if (html.startsWith('<![CDATA[', at)) return after(html, ']]>', at + 9);
  TAG.lastIndex = at;
  const tag = TAG.exec(html);
  if (!tag) {
    // A declaration, a processing instruction or `</` before no letter runs to the next `>`; any other `<` is text.
    const next = html[at + 1];
    return next === '!' || next === '?' || next === '/' ? after(html, '>', at + 2) : at + 1;
  }
  const name = tag[2]!.toLowerCase();
  if (tag[1] !== undefined) {
    open.close(name);
    return after(html, '>', TAG.lastIndex); // an end tag's attributes are skipped to the first `>`, quotes or not
  }
  const { end, selfClosing } = startTagEnd(html, TAG.lastIndex);
  open.open(name, selfClosing);
  const rawTextEnd = selfClosing ? undefined : RAW_TEXT_END.get(name);
  if (!rawTextEnd) return end;
  rawTextEnd.lastIndex = end;
  if (!rawTextEnd.exec(html)) return html.length;
  open.close(name); // its end tag, found past its text
  return after(html, '>', rawTextEnd.lastIndex);
}

/** Where a comment whose `<!--` ends before `from` ends: at once for `<!-->` and `<!--->`, else after `-->`. */
function commentEnd(html: string, from: number): number {
  if (html[from] === '>') return from + 1;
  if (html.startsWith('->', from)) return from + 2;
  return after(html, '-->', from);
}

function after(html: string, end: string, from: number): number {
  const at = html.indexOf(end, from);
  return at < 0 ? html.length : at + end.length;
}

/** The common shape of a start tag's rest: names, each perhaps with a quoted value, then `>` or `/>`; read in one match. */
const PLAIN_ATTRIBUTES = /(?:\s+[^\s"'/>=]+(?:="[^"]*"|='[^']*')?)*\s*(\/?)\s*>/y;

/** The end of a start tag's attributes (a quoted value may hold `>`), and whether it ends in `/>` (spaces allowed between). */
function startTagEnd(html: string, from: number): { end: number; selfClosing: boolean } {
  PLAIN_ATTRIBUTES.lastIndex = from;
  const plain = PLAIN_ATTRIBUTES.exec(html);
  if (plain) return { end: PLAIN_ATTRIBUTES.lastIndex, selfClosing: plain[1] === '/' };
  let slash = false;
  for (let at = from; at < html.length; ) {
    const c = html[at]!;
    if (c === '>') return { end: at + 1, selfClosing: slash };
    if (c === '/') slash = true;
    else if (!isSpace(c)) {
      slash = false;
      at = attributeEnd(html, at);
      continue;
    }
    at++;
  }
  return { end: html.length, selfClosing: false };
}

/** The end of the attribute whose name starts at `at`: its name, then `=` and a value when there is one. */
function attributeEnd(html: string, at: number): number {
  let end = at + 1;
  while (end < html.length && !isSpace(html[end]!) && !'/>='.includes(html[end]!)) end++;
  let next = end;
  while (next < html.length && isSpace(html[next]!)) next++;
  if (html[next] !== '=') return end;
  next++;
  while (next < html.length && isSpace(html[next]!)) next++;
  const quote = html[next];
  if (quote === '"' || quote === "'") {
    const close = html.indexOf(quote, next + 1);
    return close < 0 ? html.length : close + 1;
  }
  while (next < html.length && !isSpace(html[next]!) && html[next] !== '>') next++;
  return next;
}

function isSpace(c: string): boolean {
  return c === ' ' || c === '\n' || c === '\t' || c === '\r' || c === '\f';
}

/** The open elements, with where each name stands in them, so closing one costs what it pops. */
class OpenElements {
  private readonly names: string[] = [];
  private readonly positions = new Map<string, number[]>();
  /** htmlparser2's own stack of whether `/>` closes: pushed by svg and math (true) and integration points (false), shifted by their end tags. */
  private readonly foreign: boolean[] = [];
  deepest = 0;

  open(name: string, selfClosing: boolean): void {
    const closes = CLOSED_BY_OPENING.get(name);
    while (closes && this.names.length > 0 && closes.includes(this.names.at(-1)!)) this.pop();
    if (VOID.has(name)) return;
    if (FOREIGN.has(name)) this.foreign.push(true);
    else if (INTEGRATION.has(name)) this.foreign.push(false);
    if (selfClosing && this.foreign.at(-1) === true) return; // opened and closed at once (the foreign stack keeps its push, as htmlparser2's does)
    const at = this.positions.get(name);
    if (at) at.push(this.names.length);
    else this.positions.set(name, [this.names.length]);
    this.names.push(name);
    this.deepest = Math.max(this.deepest, this.names.length);
  }

  close(name: string): void {
    if (FOREIGN.has(name) || INTEGRATION.has(name)) this.foreign.pop();
    const at = this.positions.get(name);
    if (VOID.has(name) || !at || at.length === 0) return;
    const depth = at[at.length - 1]!;
    while (this.names.length > depth) this.pop();
  }

  private pop(): void {
    this.positions.get(this.names.pop()!)!.pop();
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
