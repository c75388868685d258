// required-fields stage: an item must be identifiable (sku or url) and, when priced, priced above zero.
import type { Item } from '../src/core/item';
import { Decimal } from '../src/core/money';
import { drop, type Drop, type PipelineStage } from '../src/pipeline/stage';
import { itemSku } from '../src/pipeline/stored-item';

export class RequiredFieldsStage implements PipelineStage {
  readonly name = 'required-fields';

  process(item: Item): Item | Drop {
    const hasUrl = typeof item.url === 'string' && item.url.trim() !== '';
    if (itemSku(item) === null && !hasUrl) return drop('required/sku-or-url');
    // A zero or negative price is a parsing or page error ("0,00 €" placeholders), never a real offer.
    if (Decimal.isDecimal(item.price) && !item.price.gt(0)) return drop('price/not-positive', item.price.toFixed());
    return item;
  }
}
