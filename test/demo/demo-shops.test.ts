import { request as httpRequest, Agent } from 'node:http';
import { createServer, type Server } from 'node:net';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoShops, startShopCluster, type RunningShop, type ShopGroup } from '../../demo/demo-shops';
import { formatUsd } from '../../demo/price-format';

let demo: ShopGroup;
const shop = (kind: RunningShop['kind']) => demo.shops.find((s) => s.kind === kind) as RunningShop;

async function get(url: string): Promise<{ status: number; contentType: string | null; body: Buffer; text: string }> {
  const res = await fetch(url);
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, contentType: res.headers.get('content-type'), body, text: body.toString('utf8') };
}

beforeAll(async () => {
  demo = await startDemoShops();
});
afterAll(async () => {
  await demo.close();
});

describe('startDemoShops', () => {
  it('starts three loopback shops, each with its spider name, start URL and a few hundred products in all', () => {
    expect(demo.shops.map((s) => [s.kind, s.spider])).toEqual([
      ['json-ld', 'demo-jsonld'],
      ['microdata', 'demo-microdata'],
      ['locale-text', 'demo-locale'],
    ]);
    for (const s of demo.shops) expect(s.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(new Set(demo.shops.map((s) => s.origin)).size).toBe(3);
    const total = demo.shops.reduce((sum, s) => sum + s.expected.catalog.length, 0);
    expect(total).toBeGreaterThanOrEqual(200);
    expect(total).toBeLessThan(500);
  });

  it('serves a robots.txt that allows everything (and names the sitemap where there is one)', async () => {
    for (const s of demo.shops) {
      const robots = await get(`${s.origin}/robots.txt`);
      expect(robots.status).toBe(200);
      expect(robots.text).toMatch(/^User-agent: \*\nAllow: \//);
      expect(robots.text).not.toMatch(/Disallow: \/\S/);
    }
    expect((await get(`${shop('microdata').origin}/robots.txt`)).text).toContain(`Sitemap: ${shop('microdata').origin}/sitemap.xml`);
  });

  it('keeps connections alive: a second request reuses the socket', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const reused: boolean[] = [];
    for (let i = 0; i < 2; i++) {
      await new Promise<void>((resolve, reject) => {
        const req = httpRequest(`${shop('json-ld').origin}/robots.txt`, { agent }, (res) => {
          reused.push(req.reusedSocket);
          res.resume();
          res.on('end', resolve);
        });
        req.on('error', reject);
        req.end();
      });
    }
    agent.destroy();
    expect(reused).toEqual([false, true]);
  });

  it('makes every product page realistic in size (15-40 KB) and answers each one 200', async () => {
    for (const s of demo.shops) {
      const sizes = await Promise.all(s.expected.items.map(async (item) => {
        const page = await get(item.url);
        expect(page.status, item.url).toBe(200);
        return page.body.length;
      }));
      expect(Math.min(...sizes), s.name).toBeGreaterThanOrEqual(15_000);
      expect(Math.max(...sizes), s.name).toBeLessThanOrEqual(40_000);
    }
  });

  it('logs every hit with its path, status and user agent', async () => {
    const s = shop('microdata');
    const before = s.hits.length;
    await fetch(`${s.origin}/no-such-page?x=1`, { headers: { 'user-agent': 'hit-log-test' } }).then((r) => r.arrayBuffer());
    expect(s.hits.length).toBe(before + 1);
    expect(s.hits.at(-1)).toMatchObject({ method: 'GET', path: '/no-such-page?x=1', status: 404, userAgent: 'hit-log-test' });
  });
});

describe('json-ld shop', () => {
  it('paginates 24 per page with rel="next" until the last page, and 404s past it', async () => {
    const s = shop('json-ld');
    const pages = Math.ceil(s.expected.catalog.length / 24);
    for (let page = 1; page <= pages; page++) {
      const listing = await get(`${s.origin}/products?page=${page}`);
      const cards = listing.text.match(/class="nw-card__link" href="([^"]+)"/g) ?? [];
      expect(cards.length).toBe(Math.min(24, s.expected.catalog.length - (page - 1) * 24));
      expect(cards[0]).toContain(`href="${s.origin}/p/`); // absolute links
      const next = /rel="next" href="([^"]+)"/.exec(listing.text)?.[1];
      expect(next).toBe(page < pages ? `/products?page=${page + 1}` : undefined);
    }
    expect((await get(`${s.origin}/products?page=${pages + 1}`)).status).toBe(404);
  });

  it('mixes plain Product, @graph and AggregateOffer JSON-LD, keeps prices as strings, and ships some broken blocks', async () => {
    const s = shop('json-ld');
    const pages = await Promise.all(s.expected.items.slice(0, 15).map((item) => get(item.url).then((p) => ({ item, text: p.text }))));
    const kinds = pages.map(({ text }) => (text.includes('"@graph"') ? 'graph' : text.includes('"AggregateOffer"') ? 'aggregate' : 'plain'));
    expect(new Set(kinds)).toEqual(new Set(['graph', 'aggregate', 'plain']));
    expect(pages.filter(({ text }) => text.includes('"position":1,}')).length).toBeGreaterThan(0);
    for (const { item, text } of pages) {
      expect(text).toMatch(new RegExp(`"(price|lowPrice)":"${item.price.replace('.', '\\.')}"`));
      expect(text).toContain(`<span class="price__current" data-testid="price">${formatUsd(item.price)}</span>`);
    }
  });
});

describe('microdata shop', () => {
  it('lists categories with query-only next links and marks the price with itemprop content', async () => {
    const s = shop('microdata');
    const first = await get(`${s.origin}/c/garden`);
    expect(first.text).toContain('class="hf-pager__next" href="?page=2"');
    const product = s.expected.items[0];
    const page = await get(product.url);
    expect(page.text).toContain(`itemprop="price" content="${product.price}">£`);
    expect(page.text).toContain('<meta itemprop="priceCurrency" content="GBP">');
  });

  it('serves a sitemap listing every product', async () => {
    const s = shop('microdata');
    const sitemap = await get(`${s.origin}/sitemap.xml`);
    expect(sitemap.contentType).toContain('xml');
    const locs = [...sitemap.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const item of s.expected.items) expect(locs).toContain(item.url);
  });
});

describe('locale-text shop', () => {
  it('serves windows-1252 bytes declared only by <meta charset>, with € as byte 0x80', async () => {
    const s = shop('locale-text');
    const item = s.expected.items.find((i) => /\./.test(i.priceText.split(',')[0])) ?? s.expected.items[0];
    const page = await get(item.url);
    expect(page.contentType).toBe('text/html');
    expect(page.body.subarray(0, 200).toString('latin1')).toContain('<meta charset="windows-1252">');
    const priceBytes = iconv.encode(item.priceText.replace(' ', '\u00a0'), 'windows-1252');
    expect(priceBytes.at(-1)).toBe(0x80);
    expect(page.body.includes(priceBytes)).toBe(true);
    expect(page.text).not.toContain(item.priceText.replace(' ', '\u00a0')); // utf-8 decoding gets it wrong
    expect(iconv.decode(page.body, 'windows-1252')).toContain(`<span class="preis">${item.priceText.replace(' ', '\u00a0')}</span>`);
    expect(page.body.includes(Buffer.from([0x52, 0xfc, 0x63, 0x6b]))).toBe(true); // "Rück" as single bytes
  });

  it('declares <base href> and uses links that only resolve correctly against it', async () => {
    const s = shop('locale-text');
    const listing = iconv.decode((await get(`${s.origin}/shop/liste/alle`)).body, 'windows-1252');
    expect(listing).toContain(`<base href="${s.origin}/shop/">`);
    const next = /class="kl-blaettern__weiter" href="([^"]+)"/.exec(listing)?.[1] as string;
    expect(next).toBe('liste/alle?seite=2');
    expect((await get(new URL(next, `${s.origin}/shop/`).toString())).status).toBe(200);
    expect((await get(new URL(next, `${s.origin}/shop/liste/alle`).toString())).status).toBe(404);
  });

  it('has drift pages without a price element and a listed link that answers 404', async () => {
    const s = shop('locale-text');
    expect(s.expected.drift.length).toBe(3);
    expect(s.expected.notFound.length).toBe(1);
    for (const drift of s.expected.drift) {
      const page = iconv.decode((await get(drift.url)).body, 'windows-1252');
      expect(page).toContain(drift.sku);
      expect(page).not.toContain('class="preis"');
    }
    expect((await get(s.expected.notFound[0])).status).toBe(404);
  });
});

describe('ports and clusters', () => {
  it('fails clearly when a requested port is taken, and leaves no shop listening', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      await expect(startDemoShops({ ports: { microdata: port }, productCounts: { 'json-ld': 5, microdata: 5, 'locale-text': 5 } })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
    }
    // The freed port can now be given explicitly and is used as given.
    const group = await startDemoShops({ ports: { microdata: port }, productCounts: { 'json-ld': 5, microdata: 5, 'locale-text': 5 } });
    try {
      expect(group.shops.find((s) => s.kind === 'microdata')?.origin).toBe(`http://127.0.0.1:${port}`);
    } finally {
      await group.close();
    }
  });

  it('starts N hosts of mixed renderers with distinct origins and SKUs', async () => {
    const cluster = await startShopCluster({ hosts: 6, productsPerHost: 30, seed: 11 });
    try {
      expect(cluster.shops.map((s) => s.kind)).toEqual(['json-ld', 'microdata', 'locale-text', 'json-ld', 'microdata', 'locale-text']);
      expect(new Set(cluster.shops.map((s) => s.origin)).size).toBe(6);
      const skus = cluster.shops.flatMap((s) => s.expected.items.map((i) => i.sku));
      expect(skus.length).toBe(180); // anomalies off: every product yields an item
      expect(new Set(skus).size).toBe(180);
      for (const s of cluster.shops) expect((await get(s.startUrl)).status).toBe(200);
    } finally {
      await cluster.close();
    }
  });

  it('adds the configured server latency to each answer', async () => {
    const cluster = await startShopCluster({ hosts: 1, productsPerHost: 3, latencyMs: 60, kinds: ['microdata'] });
    try {
      const started = performance.now();
      await get(cluster.shops[0].expected.items[0].url);
      expect(performance.now() - started).toBeGreaterThanOrEqual(55);
    } finally {
      await cluster.close();
    }
  });
});
