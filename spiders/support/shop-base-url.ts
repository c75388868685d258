// The `baseUrl` spider argument shared by the demo spiders: parsed once, turned into allowed domains.
import { PricecrawlError } from 'pricecrawl';

export interface ShopBase {
  /** "http://127.0.0.1:8081" */
  origin: string;
  /** Host with port, so the offsite rule matches this shop's port only. */
  host: string;
}

/** Null when the argument is absent (e.g. `pricecrawl list` constructs spiders without arguments). */
export function parseShopBase(args: Readonly<Record<string, string>>, spiderName: string): ShopBase | null {
  const raw = args.baseUrl;
  if (raw === undefined) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new PricecrawlError('SETTINGS_INVALID', `spider "${spiderName}": baseUrl "${raw}" is not an absolute URL (e.g. -a baseUrl=http://127.0.0.1:8081)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new PricecrawlError('SETTINGS_INVALID', `spider "${spiderName}": baseUrl must be http(s), got ${raw}`);
  }
  return { origin: url.origin, host: url.host };
}

/** For start(): a crawl without a shop to crawl is a usage error worth a clear message. */
export function requireShopBase(base: ShopBase | null, spiderName: string): ShopBase {
  if (!base) throw new PricecrawlError('SETTINGS_INVALID', `spider "${spiderName}" needs the shop's address: -a baseUrl=http://127.0.0.1:PORT`);
  return base;
}
