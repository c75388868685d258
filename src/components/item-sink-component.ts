// The contract of an item sink: where stored items also go (a webhook, a queue, a file), batch by batch.
import type { StoredItem } from '../ports/item-store';

export interface ItemSinkContext {
  spider: string;
  runId: string;
}

/**
 * `write` gets each batch right after the run's own store committed it, in order, one batch at a
 * time. A durable sink (`pipeline.sinks.<name>.durable`, the default) holds the acknowledgement: the
 * batch's requests are marked handled only once it resolves; if it throws, they are not, and a
 * resumed or retried run sends the items again (at least once: key your writes by `sku`/`url` and
 * `runId`). A best-effort sink's failures are logged and cost nothing else.
 */
export interface ItemSinkComponent {
  readonly name?: string;
  open?(context: ItemSinkContext): Promise<void> | void;
  write(items: readonly StoredItem[]): Promise<void> | void;
  close?(): Promise<void> | void;
}
