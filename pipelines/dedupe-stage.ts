// dedupe stage: the same item key from two different requests in one run keeps only the first, and says when the copies disagree on price.
import type { Item, ItemSource } from '../src/core/item';
import { Decimal } from '../src/core/money';
import { drop, type Drop, type PipelineStage } from '../src/pipeline/stage';
import { itemKey } from '../src/pipeline/stored-item';

interface FirstCopy {
  requestId: string;
  url: string;
  /** "19.99 EUR", "none" for an item without a price: what a later copy is compared with. */
  offer: string;
}

/**
 * The key is the item's site and SKU (`itemKey`): www.shop.de and m.shop.de are one site, so their copies
 * meet here, while shop.de and shop.ch selling one SKU are two items and never do.
 * The first copy is the one stored (it may be written already). A later copy with the same price is a
 * plain `duplicate`: one product under two listings. A later copy at another price or currency is
 * `duplicate/price-differs`, naming both, so the run's report shows a SKU whose pages disagree (a cached
 * page, a member price, a variant) instead of quietly keeping whichever page came first.
 */
export class DedupeStage implements PipelineStage {
  readonly name = 'dedupe';
  /** run + key → the request that first produced it, and its offer. */
  private readonly firstCopy = new Map<string, FirstCopy>();

  open(): void {
    this.firstCopy.clear();
  }

  process(item: Item, source: ItemSource): Item | Drop {
    const key = `${source.runId}\n${itemKey(item, source)}`;
    const first = this.firstCopy.get(key);
    if (first === undefined) {
      this.firstCopy.set(key, { requestId: source.requestId, url: source.url, offer: offerOf(item) });
      return item;
    }
    // The same request again is a retry (e.g. its batch failed to write): dropping it would lose
    // the item for good, while letting it through is safe because the store upserts on the key.
    if (first.requestId === source.requestId) return item;
    const shown = key.slice(key.indexOf('\n') + 1);
    const offer = offerOf(item);
    if (offer !== first.offer) return drop('duplicate/price-differs', `${shown}: ${first.offer} at ${first.url} (kept), ${offer} at ${source.url}`);
    return drop('duplicate', shown);
  }
}

function offerOf(item: Item): string {
  const price = Decimal.isDecimal(item.price) ? item.price.toFixed() : item.price === null || item.price === undefined ? 'none' : String(item.price);
  return typeof item.currency === 'string' ? `${price} ${item.currency}` : price;
}
