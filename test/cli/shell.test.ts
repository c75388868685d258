// pricecrawl shell: expressions typed on stdin are evaluated against a saved page with res, $ and parsePrice bound.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli } from '../support/run-cli';
import { startFixtureServers } from '../support/fixture-server';
import { startTreeSite } from '../support/tree-site';

describe.concurrent('pricecrawl shell', { timeout: 180_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'pricecrawl-shell-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('binds a saved fixture with its recorded URL and headers', async () => {
    const input = ['$("h1").first().text().trim()', 'res.url', 'res.status', 'const p = parsePrice("1.234,56 €"); `${p.amount} ${p.currency}`', ''].join('\n');
    const run = await cli(['shell', 'spiders/fixtures/demo-locale/product.html'], { input });
    expect(run.code).toBe(0);
    expect(run.stdout.trim().split('\n')).toEqual(["'Schäfer & Söhne Öko Küchenmaschine 60S'", "'http://127.0.0.1:38297/shop/artikel/kl-603-10002.html'", '200', "'1234.56 EUR'"]);
  });

  it('opens any HTML file, resolving links against --url', async () => {
    const page = join(dir, 'page.html');
    writeFileSync(page, '<html><body><a class="next" href="?page=2">next</a><span class="price">$1,299.00</span></body></html>');
    const input = ['res.urljoin($("a.next").attr("href"))', 'parsePrice($(".price").text()).amount.toFixed(2)', ''].join('\n');
    const run = await cli(['shell', page, '--url', 'https://shop.example/list'], { input });
    expect(run.stdout.trim().split('\n')).toEqual(["'https://shop.example/list?page=2'", "'1299.00'"]);
  });

  it('fetch(url) loads another page into res and $, view() writes it to a file, and Scrapy pseudo-selectors get the cheerio answer', async () => {
    const site = await startTreeSite(7);
    try {
      const input = [
        '$("h1").text()',
        'await fetch("/p/2")',
        '$("h1").text()',
        'res.url',
        '$(".price::text")',
        '$("a::attr(href)")',
        'view()',
        '',
      ].join('\n');
      const run = await cli(['shell', site.server.url('/p/0')], { input });
      const lines = run.stdout.trim().split('\n');
      expect(lines[0]).toBe("'page 0'");
      expect(lines[1]).toMatch(new RegExp(`^'200 ${site.server.url('/p/2')} `));
      expect(lines.slice(2, 4)).toEqual(["'page 2'", `'${site.server.url('/p/2')}'`]);
      expect(run.stdout).toContain('::text is Scrapy (parsel) syntax; cheerio selectors have no pseudo-elements: use $(".price").first().text()');
      expect(run.stdout).toContain('::attr(href) is Scrapy (parsel) syntax; cheerio selectors have no pseudo-elements: use $("a").first().attr("href")');
      const viewed = /'(\/[^']+page\.html)'/.exec(run.stdout)?.[1];
      expect(viewed).toBeDefined();
      const html = readFileSync(viewed!, 'utf8');
      expect(html).toContain(`<base href="${site.server.url('/p/2')}">`);
      expect(html).toContain('<h1>page 2</h1>');
      rmSync(dirname(viewed!), { recursive: true, force: true });
    } finally {
      await site.close();
    }
  });

  // Before: `fetch("/p/3")` typed as in scrapy shell printed Promise { <pending> } and the next lines read the old page.
  it('fetch(url) typed without await, as in scrapy shell, loads the page before the next line reads res', async () => {
    const site = await startTreeSite(7);
    try {
      const run = await cli(['shell', site.server.url('/p/0')], { input: ['fetch("/p/3")', '$("h1").text()', 'res.url', 'fetch("/p/4").then(() => res.url)', ''].join('\n') });
      const lines = run.stdout.trim().split('\n');
      expect(lines[0]).toMatch(new RegExp(`^'200 ${site.server.url('/p/3')} `));
      expect(lines.slice(1, 3)).toEqual(["'page 3'", `'${site.server.url('/p/3')}'`]);
      // A promise of the team's own (here the fetch's, chained) is shown as the REPL shows any promise.
      expect(lines[3]).toMatch(/^Promise \{/);
    } finally {
      await site.close();
    }
  });

  it('fetch(url) leaves the fetched page whole: its digest line does not strip the scripts res.structuredProduct() reads', async () => {
    const [server] = await startFixtureServers(1, { builtInRoutes: false });
    const ld = JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', sku: 'J-1', offers: { '@type': 'Offer', price: '1299.00', priceCurrency: 'EUR' } });
    server.route('/jsonld', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(`<html><head><script type="application/ld+json">${ld}</script></head><body><h1>Mixer</h1><script>var x = 1;</script></body></html>`));
    try {
      const input = ['await fetch("/jsonld")', '$("script").length', 'res.structuredProduct()?.sku', ''].join('\n');
      const run = await cli(['shell', server.url('/jsonld')], { input });
      expect(run.stdout.trim().split('\n').slice(1)).toEqual(['2', "'J-1'"]);
    } finally {
      await server.close();
    }
  });

  it('reads a saved JSON API answer with res.json()', async () => {
    const json = join(dir, 'api.json');
    writeFileSync(json, '{"items":[{"sku":"A1","price":"9.90"}]}');
    const api = await cli(['shell', json], { input: 'res.json().items[0].price\n' });
    expect(api.stdout.trim()).toBe("'9.90'");
  });
});
