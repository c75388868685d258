// Base of the demo shop spiders: the shop address from `-a baseUrl=...`, its host the only allowed one.
import { Spider, type CrawlRequestInit, type JsonObject, type SpiderOutput } from 'pricecrawl';
import { parseShopBase, requireShopBase, type ShopBase } from './shop-base-url';

export abstract class DemoShopSpider extends Spider {
  /** The demo shops run on loopback: a short interval keeps the demo quick yet visibly polite. */
  override settings = { politeness: { minIntervalMs: 150, jitterMs: 50 } };
  /** Where the crawl starts, relative to the shop's origin, and the meta of that first request. */
  protected abstract readonly entryPath: string;
  protected readonly entryMeta: JsonObject = {};
  /** Extra options of that first request (e.g. browser capture options). */
  protected readonly entryInit: Omit<CrawlRequestInit, 'url' | 'callback' | 'meta'> = {};
  private readonly base: ShopBase | null;

  constructor(args: Readonly<Record<string, string>> = {}) {
    super(args);
    // `name` is not set yet while the base constructor runs; the class name identifies the spider.
    this.base = parseShopBase(args, new.target.name);
    if (this.base) this.allowedDomains = [this.base.host];
  }

  override async *start(): AsyncIterable<SpiderOutput> {
    const base = requireShopBase(this.base, this.name);
    yield this.request(`${base.origin}${this.entryPath}`, 'parse', this.entryMeta, this.entryInit);
  }
}
