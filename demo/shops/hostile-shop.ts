// A defended shop: the JSON-LD shop's pages behind 429s (also a storm), 503 bursts, resets, truncated gzip, slow bodies, a CAPTCHA wall, 403s, a redirect loop and a busy robots.txt.
import { escapeHtml } from '../html-kit';
import { Prng } from '../prng';
import { DEFAULT_GATE_RULES, HostileGate, type HostileGateRules } from './hostile-gate';
import { awayPage } from './away-page';
import { jsonLdShop } from './jsonld-shop';
import type { CatalogShopConfig, ExpectedShopOutcome, HostileOutcome, ShopReply, ShopSite } from './shop-site';

export interface HostileShopConfig extends CatalogShopConfig {
  rules?: Partial<HostileGateRules>;
  /** Products whose first request is answered by closing the connection. */
  resetCount?: number;
  /** Products whose body always trickles in over `slowBodyMs`. */
  slowCount?: number;
  slowBodyMs?: number;
  /** Products whose first answer is a gzip body cut off half-way. */
  truncatedCount?: number;
  /** Members-only links on the first listing page, answered 403. */
  forbiddenCount?: number;
  now?: () => number;
}

const HTML = 'text/html; charset=utf-8';

const captchaPage = (shopName: string): ShopReply => ({
  status: 200,
  rule: 'captcha',
  contentType: HTML,
  body: `<!DOCTYPE html><html><head><title>Are you a robot? | ${escapeHtml(shopName)}</title></head><body><form action="/verify"><p>Please confirm you are human.</p><div class="captcha-box"></div><button>Verify</button></form></body></html>`,
});

const refusal = (status: number, retryAfter: string, rule: string): ShopReply => ({ status, rule, contentType: 'text/plain; charset=utf-8', body: `${rule}\n`, headers: { 'retry-after': retryAfter } });

/** A seeded pick of distinct product indexes: the first `resets` reset, the next `slow` are slow, the next truncated. */
function pickIndexes(seed: number, count: number, wanted: number): number[] {
  const prng = new Prng(seed, 0x4057);
  const indexes = Array.from({ length: count }, (_, i) => i);
  for (let i = indexes.length - 1; i > 0; i--) {
    const j = prng.int(0, i);
    [indexes[i], indexes[j]] = [indexes[j], indexes[i]];
  }
  return indexes.slice(0, Math.min(wanted, count));
}

export function hostileShop(config: HostileShopConfig): ShopSite {
  const shopName = config.name ?? 'Fortress Outlet';
  const inner = jsonLdShop({ ...config, name: shopName });
  const gate = new HostileGate({ ...DEFAULT_GATE_RULES, ...config.rules });
  const now = config.now ?? Date.now;
  const forbiddenPaths = Array.from({ length: config.forbiddenCount ?? 2 }, (_, i) => `/members/deal-${i + 1}`);
  const catalog = inner.expected('').catalog;
  const [resets, slows, truncations] = [config.resetCount ?? 3, config.slowCount ?? 2, config.truncatedCount ?? 2];
  const picked = pickIndexes(config.seed, catalog.length, resets + slows + truncations);
  const resetSlugs = new Set(picked.slice(0, resets).map((i) => catalog[i].slug));
  const slowSlugs = new Set(picked.slice(resets, resets + slows).map((i) => catalog[i].slug));
  const truncatedSlugs = new Set(picked.slice(resets + slows).map((i) => catalog[i].slug));
  const resetDone = new Set<string>();
  const truncatedDone = new Set<string>();
  const slowBodyMs = config.slowBodyMs ?? 1_200;
  let robotsAsked = 0;

  /** The first listing page also links the members-only deals and the outlet (a redirect loop). */
  function withTraps(reply: ShopReply, origin: string): ShopReply {
    const traps = [...forbiddenPaths, '/outlet'].map((path) => `<li class="nw-card"><a class="nw-card__link" href="${origin}${path}"><h2 class="nw-card__title">Members-only offer</h2></a></li>`);
    return { ...reply, body: String(reply.body).replace('<ul class="nw-grid">', `<ul class="nw-grid">${traps.join('')}`) };
  }

  function page(url: URL, origin: string): ShopReply {
    const { pathname } = url;
    if (forbiddenPaths.includes(pathname)) return { status: 403, contentType: HTML, body: '<h1>Forbidden</h1><p>Members only.</p>' };
    if (pathname === '/outlet' || pathname === '/outlet/') {
      return { status: 302, contentType: HTML, body: '', headers: { location: pathname === '/outlet' ? '/outlet/' : '/outlet' } };
    }
    const slug = pathname.startsWith('/p/') ? pathname.slice(3) : '';
    if (resetSlugs.has(slug) && !resetDone.has(slug)) {
      resetDone.add(slug);
      return { status: 0, contentType: HTML, body: '', delivery: { type: 'reset' }, rule: 'reset' };
    }
    const reply = inner.route(url, origin);
    if (truncatedSlugs.has(slug) && !truncatedDone.has(slug)) {
      truncatedDone.add(slug);
      return { ...reply, delivery: { type: 'truncated-gzip' }, rule: 'truncated-gzip' };
    }
    if (slowSlugs.has(slug)) return { ...reply, delivery: { type: 'slow', overMs: slowBodyMs }, rule: 'slow' };
    const firstListing = pathname === '/products' && (url.searchParams.get('page') ?? '1') === '1';
    return firstListing && reply.status === 200 ? withTraps(reply, origin) : reply;
  }

  return {
    kind: 'hostile',
    name: shopName,
    spider: 'demo-hostile',
    startPath: inner.startPath,
    // robots.txt is busy at first: a crawler must wait the Retry-After, not read it as "no robots.txt".
    robots: () => (robotsAsked++ === 0 ? refusal(503, '1', 'robots-unavailable') : null),
    route(url, origin) {
      // A redirect rule at the edge, in front of the rate limiter: its hops are not counted.
      if (url.pathname === '/outlet' || url.pathname === '/outlet/') return page(url, origin);
      if (url.pathname === '/away') return awayPage(origin, catalog[0].slug);
      const verdict = gate.admit(now());
      if (verdict.type === 'unavailable') return refusal(503, verdict.retryAfter, 'unavailable');
      if (verdict.type === 'rate-limited') return refusal(429, verdict.retryAfter, 'rate-limited');
      if (verdict.type === 'storm') return { status: 429, rule: 'storm', contentType: 'text/plain; charset=utf-8', body: 'storm\n' };
      if (verdict.type === 'captcha') return captchaPage(shopName);
      return page(url, origin);
    },
    expected(origin): ExpectedShopOutcome {
      const base = inner.expected(origin);
      const productUrl = (slug: string) => `${origin}/p/${slug}`;
      const hostile: HostileOutcome = {
        resets: [...resetSlugs].map(productUrl),
        slow: [...slowSlugs].map(productUrl),
        truncated: [...truncatedSlugs].map(productUrl),
        forbidden: forbiddenPaths.map((path) => `${origin}${path}`),
        redirectLoop: `${origin}/outlet`,
      };
      return { ...base, pageCount: base.pageCount + forbiddenPaths.length + 1, hostile };
    },
  };
}
