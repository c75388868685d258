// Whether a URL is a shop's cart or checkout action: an offer naming one is bought right here, and names no other page.

/**
 * Path segments (lower case, without `.php`/`.html`) that are a cart or a checkout in the shop platforms and languages we
 * crawl: Shopify's `/cart/add` and `/cart/41234567:1`, Magento's `/checkout/cart/add/…`, BigCommerce's `/cart.php`,
 * Shopware's `/checkout/line-item/add`, a German shop's `/warenkorb`. None is a product's page.
 */
const CART_SEGMENTS = new Set(['cart', 'checkout', 'basket', 'warenkorb', 'kasse', 'panier', 'carrito', 'carrello', 'winkelwagen', 'winkelmandje', 'koszyk', 'kosik']);

/** Query keys that put a product in the cart (WooCommerce's `?add-to-cart=15`). */
const CART_KEYS = /^add[-_]?to[-_]?cart$/i;

/** Query values naming the cart in a front controller's route (PrestaShop's `controller=cart`, OpenCart's `route=checkout/cart/add`). */
const ROUTE_KEYS = new Set(['controller', 'route', 'action', 'fc']);
const CART_ROUTE = /(?:^|\/)(?:cart|checkout|basket)(?:\/|$)/i;

export function isCartLink(url: URL): boolean {
  const segments = url.pathname.toLowerCase().split('/').map((segment) => segment.replace(/\.(?:php|html?|aspx?)$/, ''));
  if (segments.some((segment) => CART_SEGMENTS.has(segment))) return true;
  for (const [key, value] of url.searchParams) {
    if (CART_KEYS.test(key) || (ROUTE_KEYS.has(key.toLowerCase()) && CART_ROUTE.test(value))) return true;
  }
  return false;
}
