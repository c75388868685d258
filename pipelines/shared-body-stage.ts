// shared-body stage: a cache answering one HTML page's exact bytes for another URL of the host, whose item claims another product, gave no page of that URL.
import { PAGE_FAULT_PREFIX } from '../src/core/page-fault';
import type { Item, ItemSource } from '../src/core/item';
import { Decimal } from '../src/core/money';
import { hostOfUrl } from '../src/core/url-host';
import { drop, type Drop, type PipelineStage } from '../src/pipeline/stage';
import { itemKey } from '../src/pipeline/stored-item';

/** The reason of an item refused here; a page fault (core/page-fault.ts): its request fails with it, transient. */
export const SHARED_BODY = `${PAGE_FAULT_PREFIX}shared-body`;

/**
 * Priced pages remembered, oldest forgotten first (about 0.5 KB each: some 10 MB at most, however long the
 * run): a cache that mixes up its keys hands out its wrong entry within its lifetime, minutes to hours, not
 * across a whole catalog.
 */
const REMEMBERED_PAGES = 20_000;

/** Documents: a JSON or text answer of a price API may hold nothing but the price, the same for two products. */
const DOCUMENT_TYPES = new Set(['text/html', 'application/xhtml+xml']);

interface FirstClaim {
  requestId: string;
  url: string;
  /** The item key the page's first priced item claimed. */
  key: string;
}

/**
 * A CDN or page cache whose key leaves out part of the URL (the path of a product, a parameter) answers
 * the page it cached first for every URL that maps to the same key: the same bytes, the same rawHash,
 * and each item then stores the first product's price under another product's key, a wrong price that
 * looks fetched. When an HTML answer a cache served (Age, a hit mark: core/cache-hit.ts) holds the exact
 * bytes another URL of the host already answered with a priced item, and yields a priced item under
 * another key, the page cannot say which product it shows: that item is refused (`page/shared-body`,
 * naming both URLs) and its request fails with the reason, fetched again while its attempts last. The
 * first URL's item is kept: it may well be the page's own.
 *
 * Not an alarm: the same page under one key (a URL with a tracking parameter: dedupe's `duplicate`), several
 * URLs redirected to one page (one response URL), identical pages without a price (a shop's "no longer
 * available" page), JSON answers (see DOCUMENT_TYPES), and identical pages an origin made itself (no cache
 * said it served them): a template shop's bare pages may be alike, and only a cache's answer shows whose
 * page it is not.
 */
export class SharedBodyStage implements PipelineStage {
  readonly name = 'shared-body';
  /** run, host and body hash → the first priced item's request, URL and key. */
  private readonly firstClaims = new Map<string, FirstClaim>();

  open(): void {
    this.firstClaims.clear();
  }

  process(item: Item, source: ItemSource): Item | Drop {
    if (!Decimal.isDecimal(item.price) || !DOCUMENT_TYPES.has(source.mediaType ?? '')) return item;
    const page = `${source.runId}\n${hostOfUrl(source.url)}\n${source.rawHash}`;
    const key = itemKey(item, source);
    const first = this.firstClaims.get(page);
    if (first === undefined) {
      this.remember(page, { requestId: source.requestId, url: source.url, key });
      return item;
    }
    if (first.requestId === source.requestId || first.url === source.url || first.key === key || source.fromCache !== true) return item;
    return drop(SHARED_BODY, `${source.url} answered the exact bytes of ${first.url} (sha256 ${source.rawHash.slice(0, 12)}…), whose item was kept: a cache keyed on less than the URL?`);
  }

  private remember(page: string, claim: FirstClaim): void {
    if (this.firstClaims.size >= REMEMBERED_PAGES) this.firstClaims.delete(this.firstClaims.keys().next().value!);
    this.firstClaims.set(page, claim);
  }
}
