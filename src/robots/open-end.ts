// A robots.txt whose end only its connection's close marks: a last line with no line end may be cut short, and is read only as far as it keeps us out.
import { robotsDirectives, withoutCutLine, type DirectiveKey } from './robots-lines';

/**
 * Lines whose head never lets us fetch more, or sooner, than the whole line, or than none at all: a cut
 * Disallow keeps out more (`/ca` for `/cart`), a cut Crawl-delay or Request-rate still asks for more than
 * none, and a cut Visit-time holds hours (or cannot be read, which refuses the origin) where none held any.
 */
const SAFE_WHEN_CUT: ReadonlySet<DirectiveKey> = new Set(['disallow', 'crawl-delay', 'request-rate', 'visit-time']);

/**
 * The file as far as it can be read when a clean close may have cut it (HTTP/1.0, `Connection: close`
 * without a length: on the wire such a cut is a whole answer). A last line with no line end may be the
 * head of a longer one: `Allow: /public/catalog/` cut to `Allow: /p` let in all of /p… under a `Disallow: /`,
 * and `User-agent: pricecrawl-images` cut to `User-agent: pricecrawl` gave us a group with no rules, so the
 * `*` group's `Disallow: /` no longer applied. Such an Allow or user-agent line is dropped (without it we
 * never fetch more than the file says); null when the text is read as it is.
 */
export function withoutOpenLastLine(text: string): string | null {
  if (text === '' || text.endsWith('\n') || text.endsWith('\r')) return null;
  const lastLine = text.slice(Math.max(text.lastIndexOf('\n'), text.lastIndexOf('\r')) + 1);
  const [directive] = robotsDirectives(lastLine);
  if (directive === undefined || SAFE_WHEN_CUT.has(directive.key)) return null;
  return withoutCutLine(text);
}
