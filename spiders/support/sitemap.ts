// Reads a sitemap: a sitemap index's child sitemaps, or a urlset's, a text file's or a feed's page URLs; gzip-compressed (.xml.gz) too.
import { gunzipSync } from 'node:zlib';
import * as cheerio from 'cheerio';

export interface Sitemap {
  kind: 'index' | 'urlset';
  /** The page (or child sitemap) URLs in document order. */
  locs: string[];
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
  const bytes = body[0] === 0x1f && body[1] === 0x8b ? gunzipSync(body, { maxOutputLength: MAX_SITEMAP_BYTES }) : body;
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (!text.trimStart().startsWith('<')) return { kind: 'urlset', locs: textSitemapUrls(text) };
  const $ = cheerio.load(text, { xml: true });
  const texts = (selector: string) => $(selector).toArray().map((element) => $(element).text().trim()).filter(Boolean);
  if ($('sitemapindex').length > 0) return { kind: 'index', locs: texts('sitemapindex > sitemap > loc') };
  if ($('urlset').length > 0) return { kind: 'urlset', locs: texts('urlset > url > loc') };
  if ($('rss > channel').length > 0) return { kind: 'urlset', locs: texts('rss > channel > item > link') };
  if ($('feed').length > 0) {
    const hrefs = $('feed > entry > link').toArray().map((element) => ($(element).attr('href') ?? '').trim());
    return { kind: 'urlset', locs: hrefs.filter(Boolean) };
  }
  const root = $.root().children().get(0)?.tagName ?? 'nothing';
  throw new Error(`not a sitemap: the document's root is <${root}>, not <urlset>, <sitemapindex>, a feed or a list of URLs`);
}

/** A text sitemap: one absolute http(s) URL per line; anything else on a line makes it no URL. */
function textSitemapUrls(text: string): string[] {
  const urls = text.split(/\r\n|\r|\n/).map((line) => line.trim()).filter((line) => /^https?:\/\/\S+$/i.test(line));
  if (urls.length === 0 && text.trim() !== '') throw new Error('not a sitemap: a text sitemap lists one absolute URL per line, and this one has none');
  return urls;
}
