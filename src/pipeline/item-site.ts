// The site half of an item's identity: the registrable domain of the page it came from, or the site the spider states.
import { getDomain } from 'tldts';
import type { Item, ItemSource } from '../core/item';
import { serverName } from '../politeness/host-key';

/**
 * The market a URL's page belongs to: its registrable domain (eTLD+1), so `www.shop.com` and
 * `m.shop.com` are one site while `shop.de`/`shop.ch` and `amazon.de`/`amazon.co.uk` are two.
 * Private suffixes count (two stores on `myshopify.com` or `github.io` are two shops), unlike the
 * politeness key, which merges them because they share servers.
 * An IP address, `localhost` or a single-label name has no registrable domain: the address (the
 * host name) itself is the site, without the port. Ports of such servers are rarely stable (the demo
 * and the tests take a free port each run, a dev server moves), and with the port in it the same shop
 * crawled again would start a new series each run: its price changes never reported, its catalog
 * entries never revisited. Two shops on one address are the rare case, and end loud (their shared
 * SKUs at other prices are `duplicate/price-differs`; a host all of whose items drop so is lost, exit
 * 4); a spider for them states `site`. Loopback tests use 127.0.0.1 and 127.0.0.2 as two sites.
 * Throws a TypeError for text that is no absolute URL.
 */
export function siteOf(url: string): string {
  const parsed = new URL(url);
  const hostname = serverName(parsed.hostname);
  const domain = getDomain(hostname, { allowPrivateDomains: true });
  return domain ?? hostname;
}

/**
 * The item's site: what the spider states in `item.site` (a market the host does not show, e.g. one
 * domain serving two countries under paths), else the site of the page the item came from. A stated
 * site is a single word (the key joins site and SKU with a space); anything else throws a TypeError,
 * and the item is dropped as unstorable rather than merged into another site's identity.
 */
export function itemSite(item: Item, source: ItemSource): string {
  const stated = item.site;
  if (stated === undefined || stated === null) return siteOf(source.url);
  if (typeof stated !== 'string' || !/^\S+$/.test(stated.trim())) {
    throw new TypeError(`item.site must be one word naming the site or market (e.g. "shop.de"), got ${JSON.stringify(stated)}`);
  }
  return stated.trim().toLowerCase();
}
