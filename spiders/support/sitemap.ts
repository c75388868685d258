// Reads a sitemap: a sitemap index's child sitemaps or a urlset's page URLs; gzip-compressed (.xml.gz) too.
import { gunzipSync } from 'node:zlib';
import * as cheerio from 'cheerio';

export interface Sitemap {
  kind: 'index' | 'urlset';
  /** The <loc> URLs in document order. */
  locs: string[];
}

/** The sitemap protocol's limit for one uncompressed file: a larger inflation is refused, not buffered. */
const MAX_SITEMAP_BYTES = 50 * 1024 * 1024;

/** A .xml.gz sitemap arrives as gzip bytes without Content-Encoding, so the fetcher left it compressed. */
export function readSitemap(body: Buffer): Sitemap {
  const bytes = body[0] === 0x1f && body[1] === 0x8b ? gunzipSync(body, { maxOutputLength: MAX_SITEMAP_BYTES }) : body;
  const $ = cheerio.load(bytes.toString('utf8'), { xml: true });
  const index = $('sitemapindex').length > 0;
  const locs = $(index ? 'sitemapindex > sitemap > loc' : 'urlset > url > loc')
    .toArray()
    .map((element) => $(element).text().trim())
    .filter(Boolean);
  return { kind: index ? 'index' : 'urlset', locs };
}
