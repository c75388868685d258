// The HTML spec's declarative refresh: the `Refresh` header's and `<meta http-equiv=refresh>`'s content, read as a browser reads it.
import { decodeHTMLAttribute } from 'entities';

/** A refresh a page asks for: after `delaySeconds`, go to `url` (null: reload the page itself). */
export interface DeclaredRefresh {
  delaySeconds: number;
  /** The URL text as written (not yet resolved), or null when the content names none. */
  url: string | null;
}

/** ASCII whitespace as the HTML spec counts it (tab, LF, FF, CR, space). */
const WHITESPACE = new Set(['\t', '\n', '\f', '\r', ' ']);
const isDigit = (ch: string | undefined) => ch !== undefined && ch >= '0' && ch <= '9';

/**
 * The "shared declarative refresh steps" of the HTML spec, step by step: a delay of digits (a fraction
 * after them is read and dropped; "1.9" waits one second, ".5" none), then `;`, `,` or whitespace, then
 * the URL, optionally after `url=` (any case, spaces around `=`) and inside one pair of quotes, cut at
 * the closing quote. Content a browser would not act on (no delay, a stray character after it) is null.
 */
export function parseRefreshContent(content: string): DeclaredRefresh | null {
  let at = 0;
  const skipWhitespace = () => {
    while (WHITESPACE.has(content[at]!)) at++;
  };
  skipWhitespace();
  const digitsFrom = at;
  while (isDigit(content[at])) at++;
  if (at === digitsFrom && content[at] !== '.') return null;
  const delaySeconds = at === digitsFrom ? 0 : Number(content.slice(digitsFrom, at));
  while (isDigit(content[at]) || content[at] === '.') at++;
  if (at < content.length) {
    if (content[at] !== ';' && content[at] !== ',' && !WHITESPACE.has(content[at]!)) return null;
    skipWhitespace();
    if (content[at] === ';' || content[at] === ',') at++;
    skipWhitespace();
  }
  if (at >= content.length) return { delaySeconds, url: null };
  return { delaySeconds, url: urlPart(content, at) };
}

/** The URL after the delay: `url =` is optional, and a word that only starts like it is part of the URL. */
function urlPart(content: string, start: number): string {
  let at = start;
  const lower = (offset: number) => content[at + offset]?.toLowerCase();
  if (lower(0) === 'u') {
    // "url" then "=": the URL follows; anything else from the "u" on (a path "update.html") is the URL itself.
    let after = at + 3;
    while (WHITESPACE.has(content[after]!)) after++;
    if (lower(1) !== 'r' || lower(2) !== 'l' || content[after] !== '=') return content.slice(start);
    after++;
    while (WHITESPACE.has(content[after]!)) after++;
    at = after;
  }
  const quote = content[at] === '"' || content[at] === "'" ? content[at]! : '';
  if (quote) at++;
  const rest = content.slice(at);
  const close = quote ? rest.indexOf(quote) : -1;
  return close >= 0 ? rest.slice(0, close) : rest;
}

/**
 * Elements whose content is text to a browser with scripting on, so a `<meta>` written in it is no
 * element: script and style, `noscript` (read as raw text when scripts run, which is why Scrapy ignores
 * refreshes there too), the RCDATA elements and the legacy raw-text ones.
 */
const TEXT_ONLY = new Set(['script', 'style', 'noscript', 'title', 'textarea', 'xmp', 'iframe', 'noembed', 'noframes', 'plaintext']);

const TAG = /<!--|<([/!?])?([a-zA-Z][^\s/>]*)?/g;
const ATTRIBUTE = /([^\s"'>/=][^\s"'>/=]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]*)))?/g;

/**
 * The content of every `<meta http-equiv="refresh" content="...">` within `html`, in document order, as a
 * browser meets them: not inside comments, text-only elements (noscript included) or templates (whose
 * content is no part of the document); a meta with no or an empty content is passed over. A meta inside
 * SVG or MathML counts: the parser closes those for it (checked against Chromium). One linear pass, no
 * DOM: it runs on every HTML answer that mentions a refresh.
 */
export function* metaRefreshContents(html: string): Generator<string> {
  const tag = new RegExp(TAG);
  let templateDepth = 0;
  for (let match = tag.exec(html); match !== null; match = tag.exec(html)) {
    if (match[0] === '<!--') {
      tag.lastIndex = commentEnd(html, tag.lastIndex);
      continue;
    }
    const [, mark, rawName] = match;
    if (!rawName || mark === '!' || mark === '?') {
      if (mark) tag.lastIndex = skipPast(html, '>', tag.lastIndex); // a doctype or bogus comment
      continue;
    }
    const name = rawName.toLowerCase();
    const end = tagEnd(html, tag.lastIndex);
    if (end < 0) return; // a tag cut off by the end of the text is no element (nor is one past the scan)
    const attributes = html.slice(tag.lastIndex, end - 1);
    tag.lastIndex = end;
    if (mark === '/') {
      if (name === 'template' && templateDepth > 0) templateDepth--;
    } else if (name === 'template') templateDepth++;
    else if (TEXT_ONLY.has(name)) tag.lastIndex = closingTag(html, name, end);
    else if (name === 'meta' && templateDepth === 0) {
      const content = refreshContent(attributes);
      if (content !== null) yield content;
    }
  }
}

/** Past a comment's end; `<!-->` and `<!--->` end at once, as the HTML tokenizer reads them. */
function commentEnd(html: string, from: number): number {
  if (html[from] === '>') return from + 1;
  if (html.startsWith('->', from)) return from + 2;
  return skipPast(html, '-->', from);
}

/** The meta's content when it is a refresh with content; the first of repeated attributes counts, as in the parser. */
function refreshContent(attributes: string): string | null {
  const seen = new Map<string, string>();
  const attribute = new RegExp(ATTRIBUTE);
  for (let match = attribute.exec(attributes); match !== null; match = attribute.exec(attributes)) {
    const name = match[1]!.toLowerCase();
    if (!seen.has(name)) seen.set(name, decodeHTMLAttribute(match[2] ?? match[3] ?? match[4] ?? ''));
  }
  // An enumerated attribute: matched in any case, but not trimmed (Chromium ignores " refresh ").
  if (seen.get('http-equiv')?.toLowerCase() !== 'refresh') return null;
  const content = seen.get('content');
  return content ? content : null;
}

/** Where a start or end tag ends: past its `>`, quoted attribute values skipped (a `>` in them does not end it); -1 if it never does. */
function tagEnd(html: string, from: number): number {
  let quote: string | null = null;
  let afterEquals = false;
  for (let at = from; at < html.length; at++) {
    const ch = html[at]!;
    if (quote) {
      if (ch === quote) quote = null;
      continue;
    }
    if (ch === '>') return at + 1;
    if ((ch === '"' || ch === "'") && afterEquals) quote = ch;
    if (ch === '=') afterEquals = true;
    else if (!WHITESPACE.has(ch)) afterEquals = false;
  }
  return -1;
}

function skipPast(html: string, marker: string, from: number): number {
  const at = html.indexOf(marker, from);
  return at < 0 ? html.length : at + marker.length;
}

/** Past the end tag of a text-only element (any case), or the end of the text when it never closes. */
function closingTag(html: string, name: string, from: number): number {
  if (name === 'plaintext') return html.length;
  const close = new RegExp(`</${name}[\\s/>]`, 'ig');
  close.lastIndex = from;
  const found = close.exec(html);
  const end = found ? tagEnd(html, found.index + 2) : -1;
  return end < 0 ? html.length : end;
}
