// Scrapy's SitemapSpider: pages come from the shop's sitemaps (found in robots.txt, or named), routed to callbacks by URL rules.
import { readSitemap, sitemapsInRobots, type SitemapEntry } from '../sitemap/read-sitemap';
import { SettingsError, UnknownCallbackError } from './errors';
import type { JsonObject } from './json';
import { compileLinkPattern, type LinkPattern } from './link-extractor';
import { SPIDER_BRAND } from './package-brand';
import type { CrawlRequestInit } from './request';
import type { CrawlResponse } from './response';
import { callbackNames, isRequest, Spider, type SpiderOutput } from './spider';

export interface SitemapRule {
  /** The page URLs this rule takes: a RegExp or its source, searched in the URL (`''` takes every URL). */
  allow: LinkPattern;
  /** The spider method (by name) that handles these pages. */
  callback: string;
  /** Meta for the requests made (the sitemap's URL is added as `sitemap`). */
  meta?: JsonObject;
  /** Request options (priority, fetchMode, dontFilter, ...) for the requests made. */
  request?: Omit<CrawlRequestInit, 'url' | 'callback' | 'meta'>;
}

/**
 * Declare `sitemapUrls` (sitemaps, sitemap indexes, or a robots.txt whose `Sitemap:` lines name them) and
 * `sitemapRules`; a page is taken by the first rule whose `allow` it matches, and a page no rule matches is
 * not fetched. `sitemapFollow` says which child sitemaps of an index are read (default: all); override
 * `sitemapFilter` to keep only some entries (by `lastmod`, say). `allowedDomains`, robots.txt and politeness
 * apply to the sitemaps and pages as to any request; a document in a sitemap's place that is no sitemap fails
 * its request as `sitemap/invalid`. Requests carry `meta.sitemap`, the URL of the sitemap that listed them.
 * `startUrls`, which Scrapy's SitemapSpider ignores, are crawled too, by the spider's own parse() (a home page
 * with items of its own); without one they are refused at start.
 */
export abstract class SitemapSpider extends Spider {
  sitemapUrls: string[] = [];
  sitemapRules: readonly SitemapRule[] = [{ allow: '', callback: 'parse' }];
  /** Which child sitemaps of an index to read (patterns searched in their URL); empty reads them all. */
  sitemapFollow: readonly LinkPattern[] = [];
  /** Also request a page's `<xhtml:link rel="alternate">` versions (other languages), routed by the same rules. */
  sitemapAlternateLinks = false;
  private compiled: Array<{ rule: SitemapRule; allow: RegExp }> | null = null;

  /** The entries of one sitemap worth requesting; all of them unless overridden (Scrapy's `sitemap_filter`). */
  sitemapFilter(entries: SitemapEntry[]): Iterable<SitemapEntry> {
    return entries;
  }

  /** Checks the rules before the first request goes (a typo found on page 1000 costs the crawl), then reads the sitemaps. */
  override async *start(): AsyncIterable<SpiderOutput> {
    this.ruleSet();
    // Scrapy's SitemapSpider ignores start_urls; here they are crawled, by parse(). Without one of the spider's
    // own, each start page failed `callback/error` in the base parse(), the run exiting 4 for a ported habit.
    if (this.startUrls.length > 0 && !this.definesParse()) {
      throw new SettingsError(`spider "${this.name}": its startUrls would go to parse(), which it does not define; a SitemapSpider reads its pages from sitemapUrls (Scrapy's ignores start_urls): drop startUrls, or define parse() for those pages`);
    }
    for (const url of this.sitemapUrls) yield this.request(url, 'parseSitemap');
    yield* super.start();
  }

  /** Whether parse() is the spider's own, not the base's that throws. */
  private definesParse(): boolean {
    return this.parse !== Spider.prototype.parse;
  }

  /** A robots.txt leads to its sitemaps, an index to its children, a urlset to its pages by rule. */
  async *parseSitemap(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    if (isRobotsFile(res)) {
      for (const url of sitemapsInRobots(res.text)) yield* this.keep(res.follow(url, 'parseSitemap'));
      return;
    }
    const sitemap = readSitemap(res.body);
    const entries = [...this.sitemapFilter(sitemap.entries)];
    if (sitemap.kind === 'index') {
      const follow = this.sitemapFollow.map((pattern) => compileLinkPattern(pattern, 'sitemapFollow'));
      for (const { loc } of entries) if (follow.length === 0 || follow.some((pattern) => pattern.test(loc))) yield* this.keep(res.follow(loc, 'parseSitemap'));
      return;
    }
    for (const entry of entries) {
      for (const loc of this.sitemapAlternateLinks ? [entry.loc, ...entry.alternates] : [entry.loc]) {
        const rule = this.ruleSet().find(({ allow }) => allow.test(loc))?.rule;
        if (rule) yield* this.keep(res.follow(loc, rule.callback, { ...rule.meta, sitemap: res.url }, rule.request));
      }
    }
  }

  /** A link `res.follow` skipped (no http URL) is counted there; only requests go on. */
  private *keep(output: SpiderOutput): Generator<SpiderOutput> {
    if (isRequest(output)) yield output;
  }

  private ruleSet(): Array<{ rule: SitemapRule; allow: RegExp }> {
    if (this.compiled) return this.compiled;
    const names = callbackNames(this);
    this.compiled = this.sitemapRules.map((rule, index) => {
      // parseSitemap reads sitemaps: a page sent to it would be refused as no sitemap, every one of them.
      if (rule.callback === 'parseSitemap') throw new SettingsError(`spider "${this.name}" sitemapRules[${index}]: callback "parseSitemap" reads the sitemaps themselves; name the method that handles these pages`);
      if (!names.includes(rule.callback)) throw new UnknownCallbackError(this.name, rule.callback, names);
      // callbackNames always lists parse (the default callback); the base's throws on every page.
      if (rule.callback === 'parse' && !this.definesParse()) throw new SettingsError(`spider "${this.name}" sitemapRules[${index}]: callback "parse" is not defined by the spider; name the method that handles these pages, or define parse()`);
      return { rule, allow: compileLinkPattern(rule.allow, `sitemapRules[${index}].allow`) };
    });
    return this.compiled;
  }
}

/**
 * Asked for as `/robots.txt` (or landed on one): the file's Sitemap lines, wherever a redirect led (RFC 9309
 * §2.3.1.2 follows it, and its rules are the file's). Judged by where it ended, a file moved to
 * `/static/robots-live.txt` or a CDN was read as a sitemap and failed as `sitemap/invalid`.
 */
function isRobotsFile(res: CrawlResponse): boolean {
  return [res.request.url, res.url].some((url) => new URL(url).pathname === '/robots.txt');
}

// A base as Spider is: the walk for callback names stops here (parseSitemap is no team callback), and the
// spider loader never takes this class for a team's spider.
Object.defineProperty(SitemapSpider.prototype, SPIDER_BRAND, { value: true });
