// schema-validation stage: an item that fails the base schema or its spider's own is dropped, the failing dotted path as reason.
import type { ZodType } from 'zod';
import type { Item } from '../src/core/item';
import { drop, type Drop, type PipelineContext, type PipelineStage } from '../src/pipeline/stage';
import { baseItemSchema } from './item-schema';

/** Longest validation message kept in the drop detail. */
const DETAIL_MAX_CHARS = 160;

export class SchemaValidationStage implements PipelineStage {
  readonly name = 'schema-validation';
  private schemas: ZodType[] = [baseItemSchema];

  open(ctx: PipelineContext): void {
    this.schemas = ctx.itemSchema ? [baseItemSchema, ctx.itemSchema] : [baseItemSchema];
  }

  /** Validation only: the item goes on as it came (zod's output, which may coerce or strip, is not used). */
  process(item: Item): Item | Drop {
    for (const schema of this.schemas) {
      const result = schema.safeParse(item);
      if (result.success) continue;
      const issue = result.error.issues[0];
      const path = issue.path.map(String).join('.') || '(item)';
      return drop(`invalid/${path}`, issue.message.slice(0, DETAIL_MAX_CHARS));
    }
    return item;
  }
}
