// Sitemap reading: the protocol's XML, text and feed forms, gzip, and documents that are no sitemap at all.
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readSitemap, sitemapsInRobots } from '../../src/sitemap/read-sitemap';
import { failureKind } from '../../src/engine/failure-kind';

const read = (text: string) => readSitemap(Buffer.from(text, 'utf8'));
const locsOf = (text: string) => { const { kind, entries } = read(text); return { kind, locs: entries.map((entry) => entry.loc) }; };

describe('readSitemap', () => {
  it('reads a urlset and a sitemap index, gzipped or not, with a byte-order mark', () => {
    const urlset = '\uFEFF<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc> https://shop.example/p/1?a=1&amp;b=2 </loc></url><url><loc>https://shop.example/p/2</loc></url></urlset>';
    expect(locsOf(urlset)).toEqual({ kind: 'urlset', locs: ['https://shop.example/p/1?a=1&b=2', 'https://shop.example/p/2'] });
    expect(readSitemap(gzipSync(urlset))).toEqual(read(urlset));
    const index = '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>https://shop.example/s1.xml.gz</loc></sitemap></sitemapindex>';
    expect(locsOf(index)).toEqual({ kind: 'index', locs: ['https://shop.example/s1.xml.gz'] });
  });

  // Before: each of these read as a urlset of no URLs, and the shop went uncrawled in a clean run.
  it('reads a text sitemap: one absolute URL per line, any line ending', () => {
    expect(locsOf('https://shop.example/p/1\r\nhttps://shop.example/p/2\rhttps://shop.example/p/3\n\n')).toEqual({
      kind: 'urlset',
      locs: ['https://shop.example/p/1', 'https://shop.example/p/2', 'https://shop.example/p/3'],
    });
  });

  it('reads RSS 2.0 and Atom feeds, which the protocol accepts as sitemaps', () => {
    const rss = '<rss version="2.0"><channel><title>New</title><link>https://shop.example/</link><item><link>https://shop.example/p/9</link></item></channel></rss>';
    expect(locsOf(rss)).toEqual({ kind: 'urlset', locs: ['https://shop.example/p/9'] });
    const atom = '<feed xmlns="http://www.w3.org/2005/Atom"><link href="https://shop.example/"/><entry><link href="https://shop.example/p/7"/></entry></feed>';
    expect(locsOf(atom)).toEqual({ kind: 'urlset', locs: ['https://shop.example/p/7'] });
  });

  it('refuses a document that is no sitemap, naming what it is, so the request fails with the reason', () => {
    expect(() => read('<!DOCTYPE html><html><head><title>Just a moment...</title></head><body></body></html>')).toThrow(/not a sitemap.*<html>/);
    expect(() => read('Service temporarily unavailable, please come back later')).toThrow(/not a sitemap/);
  });

  it('refuses a sitemap cut short as sitemap/cut, tried again as a transient failure (before: a cut gzip threw a bare zlib error, the team\'s code error; a cut urlset read as its first entries, the rest lost in a clean run)', () => {
    const whole = `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${'<url><loc>https://shop.example/p/1</loc></url>'.repeat(300)}</urlset>`;
    const gz = gzipSync(whole);
    const cutGzip = (() => { try { readSitemap(gz.subarray(0, gz.length >> 1)); return null; } catch (error) { return error; } })();
    expect(cutGzip).toMatchObject({ reason: 'sitemap/cut', code: 'SITEMAP_INVALID' });
    expect((cutGzip as Error).message).toMatch(/^cut short: the gzip sitemap ends before its compressed data/);
    for (const cut of [whole.slice(0, whole.length - 20), '<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>https://shop.example/s1.xml</loc></sitemap>']) {
      expect(() => readSitemap(Buffer.from(cut))).toThrow(expect.objectContaining({ reason: 'sitemap/cut' }));
    }
    expect(readSitemap(Buffer.from(`${whole}\n`)).entries).toHaveLength(300);
    expect(failureKind('sitemap/cut')).toBe('transient');
  });

  // Before: each read as no sitemap ("the document's root is <sm:urlset>"), the shop unread.
  it('knows the protocol\'s elements by namespace, under any prefix, and never takes an extension\'s <loc> for a page', () => {
    const sm = 'http://www.sitemaps.org/schemas/sitemap/0.9';
    const prefixed = `<sm:urlset xmlns:sm="${sm}" xmlns="http://www.google.com/schemas/sitemap-video/1.1" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"><sm:url><sm:loc>https://shop.example/p/1</sm:loc><sm:lastmod>2026-03-01</sm:lastmod><image:image><image:loc>https://shop.example/1.jpg</image:loc></image:image><loc>https://shop.example/v/1</loc></sm:url><url><loc>https://shop.example/video-only</loc></url></sm:urlset>`;
    expect(read(prefixed).entries).toEqual([{ loc: 'https://shop.example/p/1', lastmod: '2026-03-01', alternates: [] }]);
    expect(locsOf(`<?xml version="1.0"?><s:sitemapindex xmlns:s="${sm}"><s:sitemap><s:loc>https://shop.example/s1.xml</s:loc></s:sitemap></s:sitemapindex>`)).toEqual({ kind: 'index', locs: ['https://shop.example/s1.xml'] });
    // A default namespace written another way (https, a trailing slash) is still the root's own.
    expect(locsOf('<urlset xmlns="https://www.sitemaps.org/schemas/sitemap/0.9/"><url><loc>https://shop.example/p/2</loc></url></urlset>').locs).toEqual(['https://shop.example/p/2']);
    expect(read(`<urlset xmlns="${sm}"/>`).entries).toEqual([]);
    expect(() => read(`<sm:urlset xmlns:sm="${sm}"><sm:url><sm:loc>https://shop.example/p/1</sm:loc></sm:url>`)).toThrow(expect.objectContaining({ reason: 'sitemap/cut' }));
  });

  // Before: sitemap/invalid, never tried again, though the input shows it ended early (a close-delimited transfer cut).
  it('takes markup that ends before its root element for a cut, and a whole other document for no sitemap', () => {
    for (const cut of ['<?xml version="1.0" encoding="UTF-8"?>\n', '<?xml version="1.0" enc', '<?xml version="1.0"?>\n<urlset xmlns="http://www.sitemaps.org/sch', '<?xml version="1.0"?>\n<url']) {
      expect(() => read(cut), cut).toThrow(expect.objectContaining({ reason: 'sitemap/cut' }));
    }
    expect(() => read('<!DOCTYPE html><html><body>Blocked</body></html>')).toThrow(expect.objectContaining({ reason: 'sitemap/invalid' }));
  });

  it('gives each entry its lastmod as written and its hreflang alternates, for sitemapFilter and sitemapAlternateLinks', () => {
    const urlset = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml"><url><loc>https://shop.example/en/p/1</loc><lastmod> 2026-03-01T10:00:00+00:00 </lastmod><xhtml:link rel="alternate" hreflang="de" href="https://shop.example/de/p/1"/><xhtml:link rel="canonical" href="https://shop.example/x"/></url><url><loc>https://shop.example/en/p/2</loc></url><url><loc> </loc></url></urlset>';
    expect(read(urlset).entries).toEqual([
      { loc: 'https://shop.example/en/p/1', lastmod: '2026-03-01T10:00:00+00:00', alternates: ['https://shop.example/de/p/1'] },
      { loc: 'https://shop.example/en/p/2', lastmod: undefined, alternates: [] },
    ]);
  });

  it('finds the Sitemap lines of a robots.txt in any case, outside groups, without their comments', () => {
    const robots = 'Sitemap: https://shop.example/a.xml\nUser-agent: *\nDisallow: /x # Sitemap: https://no.example/\n  sitemap:https://shop.example/b.xml.gz # main\r\nSITEMAP : https://shop.example/c.txt';
    expect(sitemapsInRobots(robots)).toEqual(['https://shop.example/a.xml', 'https://shop.example/b.xml.gz', 'https://shop.example/c.txt']);
  });

  // As Google reads the key (by how it starts, `sitemap` or `site-map`) and a line: its colon may be missing,
  // and a zero-width space or a BOM pasted before it is invisible in the file. Each was a shop's sitemap unread.
  it('finds Sitemap lines spelt as files spell them', () => {
    const robots = 'Site-map: https://shop.example/a.xml\nSitemaps: https://shop.example/b.xml\n\u200bSitemap: https://shop.example/c.xml\n\ufeffSitemap: https://shop.example/d.xml\nSitemap https://shop.example/e.xml\nSitemapping is fun\n';
    expect(sitemapsInRobots(robots)).toEqual(['https://shop.example/a.xml', 'https://shop.example/b.xml', 'https://shop.example/c.xml', 'https://shop.example/d.xml', 'https://shop.example/e.xml']);
  });
});
