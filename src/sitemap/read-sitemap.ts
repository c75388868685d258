// Reads a sitemap: a sitemap index's child sitemaps, or a urlset's, a text file's or a feed's page URLs; gzip-compressed (.xml.gz) too.
import { gunzipSync } from 'node:zlib';
import type { CheerioAPI } from 'cheerio';
import type { AnyNode } from 'domhandler';
import { loadDom } from '../core/cheerio-load';
import { PricecrawlError } from '../core/errors';

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
 * request as `sitemap/invalid`; or a sitemap cut short (`sitemap/cut`), which the next answer may bring whole,
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
  const childText = (element: AnyNode, tag: string) => $(element).children(tag).first().text().trim();
  const entries = (selector: string): SitemapEntry[] =>
    $(selector)
      .toArray()
      .map((element) => ({ loc: childText(element, 'loc'), lastmod: childText(element, 'lastmod') || undefined, alternates: alternatesOf($, element) }))
      .filter((entry) => entry.loc !== '');
  // The XML reader closes what a cut left open: a urlset cut after its first entries read as a whole one.
  if ($('sitemapindex').length > 0) return { kind: 'index', entries: (mustClose(text, 'sitemapindex'), entries('sitemapindex > sitemap')) };
  if ($('urlset').length > 0) return { kind: 'urlset', entries: (mustClose(text, 'urlset'), entries('urlset > url')) };
  if ($('rss > channel').length > 0) return { kind: 'urlset', entries: $('rss > channel > item > link').toArray().map((element) => $(element).text().trim()).filter(Boolean).map(plain) };
  if ($('feed').length > 0) {
    const hrefs = $('feed > entry > link').toArray().map((element) => ($(element).attr('href') ?? '').trim());
    return { kind: 'urlset', entries: hrefs.filter(Boolean).map(plain) };
  }
  const root = $.root().children().get(0)?.tagName ?? 'nothing';
  throw new SitemapError(`not a sitemap: the document's root is <${root}>, not <urlset>, <sitemapindex>, a feed or a list of URLs`);
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

/** The `Sitemap:` lines of a robots.txt (any case, anywhere in the file: they belong to no group). */
export function sitemapsInRobots(text: string): string[] {
  return text.split(/\r\n|\r|\n/).flatMap((line) => {
    const match = /^\s*sitemap\s*:\s*(\S+)/i.exec(line.replace(/#.*/, ''));
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

/** Throws `sitemap/cut` when the root element never closes. */
function mustClose(text: string, root: string): void {
  if (text.includes(`</${root}`)) return;
  throw new SitemapError(`cut short: the <${root}> never closes (${text.length} characters, ending ${JSON.stringify(text.slice(-40))})`, 'sitemap/cut');
}
