// A page that walks the browser off-site by script: the same shop under its other loopback name.
import type { ShopReply } from './shop-site';

/**
 * Not linked from any listing: browser-mode tests ask for `/away`. A product-looking page whose script
 * sends the browser to the same shop under another host name (localhost ⇄ 127.0.0.1), which a spider
 * allowing only this host must never load.
 */
export function awayPage(origin: string, slug: string): ShopReply {
  const elsewhere = new URL(`/p/${slug}`, origin);
  elsewhere.hostname = elsewhere.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
  const body = `<!DOCTYPE html><html><head><title>Moved</title></head><body><p class="price">1.00</p><script>location.href = ${JSON.stringify(elsewhere.href)};</script></body></html>`;
  return { status: 200, contentType: 'text/html; charset=utf-8', body, rule: 'away' };
}
