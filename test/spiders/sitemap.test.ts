// Sitemap reading: the protocol's XML, text and feed forms, gzip, and documents that are no sitemap at all.
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readSitemap } from '../../spiders/support/sitemap';

const read = (text: string) => readSitemap(Buffer.from(text, 'utf8'));

describe('readSitemap', () => {
  it('reads a urlset and a sitemap index, gzipped or not, with a byte-order mark', () => {
    const urlset = '\uFEFF<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc> https://shop.example/p/1?a=1&amp;b=2 </loc></url><url><loc>https://shop.example/p/2</loc></url></urlset>';
    expect(read(urlset)).toEqual({ kind: 'urlset', locs: ['https://shop.example/p/1?a=1&b=2', 'https://shop.example/p/2'] });
    expect(readSitemap(gzipSync(urlset))).toEqual(read(urlset));
    const index = '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>https://shop.example/s1.xml.gz</loc></sitemap></sitemapindex>';
    expect(read(index)).toEqual({ kind: 'index', locs: ['https://shop.example/s1.xml.gz'] });
  });

  // Before: each of these read as a urlset of no URLs, and the shop went uncrawled in a clean run.
  it('reads a text sitemap: one absolute URL per line, any line ending', () => {
    expect(read('https://shop.example/p/1\r\nhttps://shop.example/p/2\rhttps://shop.example/p/3\n\n')).toEqual({
      kind: 'urlset',
      locs: ['https://shop.example/p/1', 'https://shop.example/p/2', 'https://shop.example/p/3'],
    });
  });

  it('reads RSS 2.0 and Atom feeds, which the protocol accepts as sitemaps', () => {
    const rss = '<rss version="2.0"><channel><title>New</title><link>https://shop.example/</link><item><link>https://shop.example/p/9</link></item></channel></rss>';
    expect(read(rss)).toEqual({ kind: 'urlset', locs: ['https://shop.example/p/9'] });
    const atom = '<feed xmlns="http://www.w3.org/2005/Atom"><link href="https://shop.example/"/><entry><link href="https://shop.example/p/7"/></entry></feed>';
    expect(read(atom)).toEqual({ kind: 'urlset', locs: ['https://shop.example/p/7'] });
  });

  it('refuses a document that is no sitemap, naming what it is, so the request fails with the reason', () => {
    expect(() => read('<!DOCTYPE html><html><head><title>Just a moment...</title></head><body></body></html>')).toThrow(/not a sitemap.*<html>/);
    expect(() => read('Service temporarily unavailable, please come back later')).toThrow(/not a sitemap/);
  });
});
