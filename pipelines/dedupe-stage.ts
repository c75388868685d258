// dedupe stage: the same item key from two different requests in one run keeps only the first.
import type { Item, ItemSource } from '../src/core/item';
import { drop, type Drop, type PipelineStage } from '../src/pipeline/stage';
import { itemKey } from '../src/pipeline/stored-item';

export class DedupeStage implements PipelineStage {
  readonly name = 'dedupe';
  /** run + key → the request that first produced it. */
  private readonly firstRequest = new Map<string, string>();

  open(): void {
    this.firstRequest.clear();
  }

  process(item: Item, source: ItemSource): Item | Drop {
    const key = `${source.runId}\n${itemKey(item, source)}`;
    const first = this.firstRequest.get(key);
    if (first === undefined) {
      this.firstRequest.set(key, source.requestId);
      return item;
    }
    // The same request again is a retry (e.g. its batch failed to write): dropping it would lose
    // the item for good, while letting it through is safe because the store upserts on the key.
    if (first === source.requestId) return item;
    return drop('duplicate', key.slice(key.indexOf('\n') + 1));
  }
}
