// Reads a sitemap: a sitemap index's child sitemaps, or a urlset's, a text file's or a feed's page URLs; gzip-compressed (.xml.gz) too.
import { gunzipSync } from 'node:zlib';
import type { CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import { loadDom } from '../core/cheerio-load';
import { PricecrawlError } from '../core/errors';
import { withoutInvisible } from '../robots/robots-lines';

/** One `<url>` of a urlset or `<sitemap>` of an index: what Scrapy's `sitemap_filter` is given. */
export interface SitemapEntry {
  loc: string;
  /** `<lastmod>` as written (W3C datetime: `2026-03-01` or `2026-03-01T10:00:00+00:00`); compare the text or parse it. */
  lastmod?: string;
  /** `<xhtml:link rel="alternate" href>`: the same page in other languages (`sitemapAlternateLinks`). */
  alternates: string[];
}

export interface Sitemap {
  kind: 'index' | 'urlset';
  /** The pages (or child sitemaps) in document order. */
  entries: SitemapEntry[];
}

/**
 * A document in a sitemap's place that is no sitemap: the site's answer (a wall, an error page), failing its
 * request as `sitemap/invalid`; or a sitemap cut short (`sitemap/cut`: a gzip stream or the markup ends before its
 * root element does, as a transfer closed early leaves it), which the next answer may bring whole,
 * so its request is tried again (engine/callback-retry.ts).
 */
export class SitemapError extends PricecrawlError {
  constructor(
    message: string,
    readonly reason: 'sitemap/invalid' | 'sitemap/cut' = 'sitemap/invalid',
  ) {
    super('SITEMAP_INVALID', message);
  }
}

/** The sitemap protocol's limit for one uncompressed file: a larger inflation is refused, not buffered. */
const MAX_SITEMAP_BYTES = 50 * 1024 * 1024;

/**
 * The protocol's three forms (sitemaps.org): XML (`urlset` or `sitemapindex`), a plain text file of one
 * URL per line, and an RSS 2.0 or Atom feed. A document that is none of them (an HTML error or wall page
 * served with a 200) throws, so the request fails with the reason: before, it read as a urlset of no
 * URLs, and a whole shop went uncrawled in a run that looked clean. A .xml.gz sitemap arrives as gzip
 * bytes without Content-Encoding, so the fetcher left it compressed.
 */
export function readSitemap(body: Buffer): Sitemap {
  const bytes = body[0] === 0x1f && body[1] === 0x8b ? gunzip(body) : body;
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (!text.trimStart().startsWith('<')) return { kind: 'urlset', entries: textSitemapUrls(text).map(plain) };
  // cheerio's load without its index: the package exports this reader, and the index would load undici's and
  // cheerio's whole indexes into every crawl's start-up (test/cli/lean-start.test.ts).
  const $ = loadDom(text, { xml: true });
  const root = $.root().children().toArray().find(isElement);
  // Markup that ends before its first element is whole (an XML declaration, a comment, half a start tag): cut there.
  if (!root) throw new SitemapError(`cut short: the document ends before its root element (${text.length} characters, ending ${JSON.stringify(text.slice(-40))})`, 'sitemap/cut');
  const kind = SITEMAP_ROOTS[localName(root)];
  if (kind) {
    // The XML reader closes what a cut left open: a urlset cut after its first entries read as a whole one.
    mustClose(text, root.tagName);
    return { kind, entries: sitemapEntries($, root, kind === 'index' ? 'sitemap' : 'url') };
  }
  if ($('rss > channel').length > 0) return { kind: 'urlset', entries: $('rss > channel > item > link').toArray().map((element) => $(element).text().trim()).filter(Boolean).map(plain) };
  if ($('feed').length > 0) {
    const hrefs = $('feed > entry > link').toArray().map((element) => ($(element).attr('href') ?? '').trim());
    return { kind: 'urlset', entries: hrefs.filter(Boolean).map(plain) };
  }
  throw new SitemapError(`not a sitemap: the document's root is <${root.tagName}>, not <urlset>, <sitemapindex>, a feed or a list of URLs`);
}

const SITEMAP_ROOTS: Record<string, Sitemap['kind'] | undefined> = { urlset: 'urlset', sitemapindex: 'index' };

/**
 * The `<url>` (or `<sitemap>`) entries of a root, with their `<loc>` and `<lastmod>`. The protocol's elements
 * are known by their namespace, not by how a file writes it: `<urlset xmlns="…sitemap/0.9">` and
 * `<sm:urlset xmlns:sm="…sitemap/0.9">` with `<sm:url><sm:loc>` are the same sitemap. An extension's elements
 * (image:loc, video:loc, news:…) sit in other namespaces and are never taken for the page's own. The sitemap
 * namespace is the root's, whatever URI it is written with (http or https, with or without a trailing slash).
 */
function sitemapEntries($: CheerioAPI, root: Element, entryName: string): SitemapEntry[] {
  const ns = namespaceOf(root);
  const own = (parent: Element, name: string) => parent.children.filter((child): child is Element => isElement(child) && localName(child) === name && namespaceOf(child) === ns);
  const childText = (parent: Element, name: string) => $(own(parent, name)[0] ?? []).text().trim();
  return own(root, entryName)
    .map((element) => ({ loc: childText(element, 'loc'), lastmod: childText(element, 'lastmod') || undefined, alternates: alternatesOf($, element) }))
    .filter((entry) => entry.loc !== '');
}

const isElement = (node: AnyNode): node is Element => node.type === 'tag';

const localName = (element: Element): string => element.tagName.slice(element.tagName.indexOf(':') + 1);

/** The namespace URI an element's prefix (or the default) is bound to by it or an ancestor; an undeclared prefix stays its own name. */
function namespaceOf(element: Element): string {
  const colon = element.tagName.indexOf(':');
  const attribute = colon < 0 ? 'xmlns' : `xmlns:${element.tagName.slice(0, colon)}`;
  for (let node: Element | null = element; node; node = node.parent && isElement(node.parent) ? node.parent : null) {
    const uri = node.attribs[attribute];
    if (uri !== undefined) return uri.trim();
  }
  return colon < 0 ? '' : `undeclared ${attribute}`;
}

const plain = (loc: string): SitemapEntry => ({ loc, alternates: [] });

/** `<xhtml:link rel="alternate" hreflang="de" href="…"/>` under a `<url>` (Google's hreflang sitemaps). */
function alternatesOf($: CheerioAPI, element: AnyNode): string[] {
  const links = $(element).children().filter((_, child) => child.type === 'tag' && /(^|:)link$/.test(child.tagName) && $(child).attr('rel') === 'alternate');
  return links.toArray().map((link) => ($(link).attr('href') ?? '').trim()).filter(Boolean);
}

/** A text sitemap: one absolute http(s) URL per line; anything else on a line makes it no URL. */
function textSitemapUrls(text: string): string[] {
  const urls = text.split(/\r\n|\r|\n/).map((line) => line.trim()).filter((line) => /^https?:\/\/\S+$/i.test(line));
  if (urls.length === 0 && text.trim() !== '') throw new SitemapError('not a sitemap: a text sitemap lists one absolute URL per line, and this one has none');
  return urls;
}

/**
 * The `Sitemap:` lines of a robots.txt (any case, anywhere in the file: they belong to no group), their key
 * read as Google reads it (`Sitemap`, `Site-map`, `Sitemaps`; the colon may be missing) and without the
 * invisible characters a pasted line brings (robots-lines.ts): `Site-map:` or a zero-width space before
 * `Sitemap:` left the shop's sitemap unread.
 */
export function sitemapsInRobots(text: string): string[] {
  return text.split(/\r\n|\r|\n/).flatMap((line) => {
    const match = /^\s*site-?maps?(?:\s*:\s*|\s+)(\S+)/i.exec(withoutInvisible(line.replace(/#.*/, '')));
    return match ? [match[1]!] : [];
  });
}

/** A gzip sitemap whose compressed data ends early throws zlib's bare error, which read as the spider's bug. */
function gunzip(body: Buffer): Buffer {
  try {
    return gunzipSync(body, { maxOutputLength: MAX_SITEMAP_BYTES });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'Z_BUF_ERROR' || code === 'Z_DATA_ERROR') {
      throw new SitemapError(`cut short: the gzip sitemap ends before its compressed data does (${(error as Error).message}), ${body.length} bytes`, 'sitemap/cut');
    }
    throw error;
  }
}

/** Throws `sitemap/cut` when the root element never closes (`<urlset/>`, empty, closes itself). */
function mustClose(text: string, root: string): void {
  if (text.includes(`</${root}`) || new RegExp(`<${root.replace(/[.]/g, '\\.')}\\b[^>]*/>`).test(text)) return;
  throw new SitemapError(`cut short: the <${root}> never closes (${text.length} characters, ending ${JSON.stringify(text.slice(-40))})`, 'sitemap/cut');
}
