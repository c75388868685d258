// LinkExtractor (Scrapy's): allow/deny patterns, domains, file extensions and restrict-to-region, on real markup.
import { describe, expect, it } from 'vitest';
import { LinkExtractor } from '../../src/core/link-extractor';
import { htmlResponse } from '../support/html-response';

const PAGE = `<html><head><base href="https://shop.example/de/"></head><body>
<nav class="menu"><a href="kategorie/werkzeug">Werkzeug</a> <a href="kategorie/garten#top">  Garten
  &amp; Teich </a><a href="/warenkorb">Warenkorb</a></nav>
<main class="grid">
  <a href="artikel/1.html">Hammer</a><a href="artikel/1.html#bewertungen">Hammer (Bewertungen)</a>
  <a href="artikel/2.html">Zange</a><a href="https://cdn.shop.example/katalog.pdf">Katalog</a>
  <a href="mailto:info@shop.example">Mail</a><a href="javascript:void(0)">JS</a><a href="http://[broken">kaputt</a>
  <a href="https://other.example/partner">Partner</a><a href="https://blog.shop.example/tipps">Tipps</a>
  <map><area href="artikel/3.html"></map>
</main></body></html>`;

const urls = (extractor: LinkExtractor) => extractor.extract(htmlResponse(PAGE)).map((link) => link.url);

describe('LinkExtractor', () => {
  it('takes every crawlable link once, absolute against <base href>, fragments cut, files and odd schemes left out', () => {
    expect(urls(new LinkExtractor())).toEqual([
      'https://shop.example/de/kategorie/werkzeug',
      'https://shop.example/de/kategorie/garten',
      'https://shop.example/warenkorb',
      'https://shop.example/de/artikel/1.html',
      'https://shop.example/de/artikel/2.html',
      'https://other.example/partner',
      'https://blog.shop.example/tipps',
      'https://shop.example/de/artikel/3.html',
    ]);
  });

  it('keeps what allow matches and drops what deny matches (deny wins), strings as regex sources', () => {
    expect(urls(new LinkExtractor({ allow: '/artikel/\\d+\\.html$' }))).toEqual(['https://shop.example/de/artikel/1.html', 'https://shop.example/de/artikel/2.html', 'https://shop.example/de/artikel/3.html']);
    expect(urls(new LinkExtractor({ allow: [/artikel/, /kategorie/], deny: [/garten/, '/2\\.html'] }))).toEqual([
      'https://shop.example/de/kategorie/werkzeug',
      'https://shop.example/de/artikel/1.html',
      'https://shop.example/de/artikel/3.html',
    ]);
    // A global RegExp keeps lastIndex between test() calls: every other match would be lost.
    expect(urls(new LinkExtractor({ allow: /artikel/g }))).toHaveLength(3);
  });

  it('narrows by domain (subdomains included) and keeps files when denyExtensions is empty', () => {
    expect(urls(new LinkExtractor({ allowDomains: ['shop.example'], denyDomains: ['blog.shop.example'], allow: /example\/(partner|tipps)|pdf/, denyExtensions: [] }))).toEqual(['https://cdn.shop.example/katalog.pdf']);
  });

  it('looks only inside the regions restrictCss names, with the link text collapsed', () => {
    const links = new LinkExtractor({ restrictCss: 'nav.menu', deny: /warenkorb/ }).extract(htmlResponse(PAGE));
    expect(links).toEqual([
      { url: 'https://shop.example/de/kategorie/werkzeug', text: 'Werkzeug' },
      { url: 'https://shop.example/de/kategorie/garten', text: 'Garten & Teich' },
    ]);
  });

  it('takes a region that is itself a link (restrictCss naming the <a>, as a pager\'s "next" link)', () => {
    expect(urls(new LinkExtractor({ restrictCss: 'main.grid > a:first-child, nav a:last-child' }))).toEqual(['https://shop.example/warenkorb', 'https://shop.example/de/artikel/1.html']);
  });

  it('refuses a pattern that is no regular expression, naming it and the fix', () => {
    expect(() => new LinkExtractor({ allow: ['/artikel/(\\d+'] })).toThrow(/LinkExtractor allow: "\/artikel\/\(\\\\d\+" is no regular expression/);
  });
});
