// A response's links made into requests: resolved against the page, the ones that cannot be crawled skipped and counted.
import type { CheerioAPI } from 'cheerio';
import type { JsonObject } from './json';
import { CrawlRequest, type CrawlRequestInit } from './request';
import { linkSkipReason, SkippedLink } from './skipped-link';

/** What of its response the links need: the join against its base, and its DOM for a selector. */
export interface LinkedPage {
  urljoin(href: string): string;
  readonly $: CheerioAPI;
}

type FollowInit<M extends JsonObject> = Omit<CrawlRequestInit<M>, 'url' | 'callback' | 'meta'>;

export class ResponseLinks {
  /**
   * Links `follow`/`followAll` did not turn into requests (`mailto`, `duplicate`...), yielded or not: the
   * callback runner takes them once the callback is done, counts `follow/skipped/<reason>` and announces
   * each as `request.dropped`.
   */
  private skipped: SkippedLink[] = [];

  constructor(private readonly page: LinkedPage) {}

  /** CrawlResponse.follow: a request for the link, or the SkippedLink (counted) when it cannot be crawled. */
  follow<M extends JsonObject = JsonObject>(href: string, callback: string, meta: M | undefined, init: FollowInit<M>): CrawlRequest<M> | SkippedLink {
    const resolved = this.resolveLink(href);
    if (resolved instanceof SkippedLink) return resolved;
    return new CrawlRequest<M>({ ...init, url: resolved, callback, meta });
  }

  /** CrawlResponse.followAll: the requests for every crawlable link, repeats within the call skipped as `duplicate`. */
  followAll<M extends JsonObject = JsonObject>(selectorOrHrefs: string | Iterable<string>, callback: string, meta: M | undefined, init: FollowInit<M>): CrawlRequest<M>[] {
    const hrefs = typeof selectorOrHrefs === 'string' ? this.linksOf(selectorOrHrefs) : [...selectorOrHrefs];
    const seen = new Set<string>();
    const requests: CrawlRequest<M>[] = [];
    for (const href of hrefs) {
      const request = this.follow(href, callback, meta, init);
      if (request instanceof SkippedLink) continue;
      if (seen.has(request.fingerprint)) {
        this.skipped.push(new SkippedLink(href, 'duplicate'));
        continue;
      }
      seen.add(request.fingerprint);
      requests.push(request);
    }
    return requests;
  }

  /** The links skipped so far, by reason. */
  skippedCounts(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const { reason } of this.skipped) counts.set(reason, (counts.get(reason) ?? 0) + 1);
    return counts;
  }

  /** The links skipped since the last call (the callback runner's, once per callback). */
  takeSkipped(): SkippedLink[] {
    const taken = this.skipped;
    this.skipped = [];
    return taken;
  }

  private linksOf(selector: string): string[] {
    const { $ } = this.page;
    return $(selector)
      .toArray()
      .map((element) => $(element).attr('href') ?? $(element).attr('src'))
      .filter((href): href is string => href !== undefined);
  }

  /** The absolute http(s) URL of `href`, or the skip (counted) when it is not one. */
  private resolveLink(href: string): string | SkippedLink {
    let url: string;
    try {
      url = this.page.urljoin(href.trim());
    } catch {
      return this.skip(href, 'invalid-url');
    }
    const reason = linkSkipReason(url);
    return reason ? this.skip(href, reason) : url;
  }

  private skip(href: string, reason: string): SkippedLink {
    const link = new SkippedLink(href, reason);
    this.skipped.push(link);
    return link;
  }
}
