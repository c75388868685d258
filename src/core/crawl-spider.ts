// Scrapy's CrawlSpider: pages are followed by rules (a link extractor, a callback, a follow flag) instead of hand-written parse methods.
import type { JsonObject } from './json';
import { SPIDER_BRAND } from './package-brand';
import { LinkExtractor, type LinkExtractorOptions } from './link-extractor';
import type { CrawlRequestInit } from './request';
import type { CrawlResponse } from './response';
import { SettingsError, UnknownCallbackError } from './errors';
import { callbackNames, isRequest, resolveCallback, Spider, type SpiderOutput } from './spider';

export interface Rule {
  /** Which links this rule takes: a LinkExtractor, or its options. */
  links: LinkExtractor | LinkExtractorOptions;
  /** The spider method (by name) that handles the pages these links lead to; none: they are only followed. */
  callback?: string;
  /** Whether the rules are applied to those pages too; default true without a callback, false with one (as Scrapy). */
  follow?: boolean;
  /** Meta for the requests made (the rule's index is added as `rule`). */
  meta?: JsonObject;
  /** Request options (priority, fetchMode, dontFilter, ...) for the requests made. */
  request?: Omit<CrawlRequestInit, 'url' | 'callback' | 'meta'>;
}

/**
 * Declare `rules`; `parse` is the rules' own callback (do not override it: use `parseStartUrl` for the start
 * pages). A link is taken by the first rule that matches it, once per page; the run's queue dedupes across
 * pages, and `allowedDomains`, robots.txt and politeness apply when it is fetched, as for any request.
 * Requests carry `meta.rule` (the rule's index) and `meta.linkText`.
 */
export abstract class CrawlSpider extends Spider {
  abstract readonly rules: readonly Rule[];
  private compiled: Array<{ rule: Rule; extractor: LinkExtractor }> | null = null;

  /** The start pages' own items (Scrapy's `parse_start_url`); the rules are applied to them after it. */
  // eslint-disable-next-line require-yield
  async *parseStartUrl(response: CrawlResponse): AsyncGenerator<SpiderOutput> {
    void response;
  }

  /** Refuses a rule whose callback is no method before the first request goes (a typo found on page 1000 costs the crawl). */
  override async *start(): AsyncIterable<SpiderOutput> {
    this.ruleSet();
    yield* super.start();
  }

  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    const index = res.request.meta.rule;
    const rule = typeof index === 'number' ? this.ruleSet()[index]?.rule : undefined;
    if (rule === undefined) {
      yield* this.parseStartUrl(res);
    } else if (rule.callback !== undefined) {
      yield* resolveCallback(this, rule.callback)(res);
      if (!(rule.follow ?? false)) return;
    } else if (rule.follow === false) {
      return;
    }
    yield* this.followRules(res);
  }

  /** Requests for the page's links, each taken by the first rule whose extractor keeps it. */
  protected *followRules(res: CrawlResponse): Generator<SpiderOutput> {
    const taken = new Set<string>();
    for (const [index, { rule, extractor }] of this.ruleSet().entries()) {
      for (const link of extractor.extract(res)) {
        if (taken.has(link.url)) continue;
        taken.add(link.url);
        const request = res.follow(link.url, 'parse', { ...rule.meta, rule: index, linkText: link.text }, rule.request);
        if (isRequest(request)) yield request;
      }
    }
  }

  private ruleSet(): Array<{ rule: Rule; extractor: LinkExtractor }> {
    if (this.compiled) return this.compiled;
    const names = callbackNames(this);
    this.compiled = this.rules.map((rule, index) => {
      // parse is the rules' router: a rule pointing at it would loop back into the rules, never reach a method.
      if (rule.callback === 'parse') throw new SettingsError(`spider "${this.name}" rules[${index}]: callback "parse" is the CrawlSpider's rule router; name the method that handles these pages (leave callback out to only follow them)`);
      if (rule.callback !== undefined && !names.includes(rule.callback)) throw new UnknownCallbackError(this.name, rule.callback, names.filter((name) => name !== 'parse'));
      return { rule, extractor: rule.links instanceof LinkExtractor ? rule.links : new LinkExtractor(rule.links) };
    });
    return this.compiled;
  }
}

// A base as Spider is: the walk for callback names stops here (parse, followRules are no team callbacks), and
// the spider loader never takes this class for a team's spider.
Object.defineProperty(CrawlSpider.prototype, SPIDER_BRAND, { value: true });
