// required-fields stage: an item must be identifiable (sku or url) and, when priced, priced above zero.
import type { Item } from '../src/core/item';
import { Decimal } from '../src/core/money';
import { drop, type Drop, type PipelineStage } from '../src/pipeline/stage';
import { itemSku } from '../src/pipeline/stored-item';

/** A finite Decimal above zero: the only price an offer can have (shared with the item schema). */
export function isPositiveDecimal(value: unknown): boolean {
  return Decimal.isDecimal(value) && value.isFinite() && value.gt(0);
}

export class RequiredFieldsStage implements PipelineStage {
  readonly name = 'required-fields';

  process(item: Item): Item | Drop {
    const hasUrl = typeof item.url === 'string' && item.url.trim() !== '';
    if (itemSku(item) === null && !hasUrl) return drop('required/sku-or-url');
    // A zero or negative price is a parsing or page error ("0,00 €" placeholders), never a real offer.
    if (Decimal.isDecimal(item.price) && !isPositiveDecimal(item.price)) return drop('price/not-positive', item.price.toFixed());
    return item;
  }
}
