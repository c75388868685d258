// The default item pipeline: which stages run, in which order, minus `pipeline.disabled`.
import { orderComponents, type AddedComponent, type NamedComponent } from '../src/components/order-components';
import type { PipelineStage } from '../src/pipeline/stage';
import type { Settings } from '../src/settings/schema';
import { DedupeStage } from './dedupe-stage';
import { ListingDropAlarmStage } from './listing-drop-alarm-stage';
import { NullPriceAlarmStage } from './null-price-alarm-stage';
import { PiiRedactionStage } from './pii-redaction-stage';
import { PriceCoercionStage } from './price-coercion-stage';
import { RequiredFieldsStage } from './required-fields-stage';
import { SchemaValidationStage } from './schema-validation-stage';

type StageFactory = (settings: Settings) => PipelineStage;

/**
 * Why this order:
 * - pii-redaction first: nothing after it, drop logs and the store included, may see PII;
 * - listing-drop-alarm watches pages, not items (it passes every item on): early, so a later
 *   stage's drop cannot hide what a listing yielded;
 * - null-price-alarm before price-coercion: coercion drops priceless items, and the alarm must
 *   count them (it judges validity with the same parser);
 * - price-coercion before required-fields and schema-validation: both check a parsed Decimal;
 * - required-fields before schema-validation: its stable reasons (`required/sku-or-url`,
 *   `price/not-positive`) name the common failures; the schema then checks types and formats
 *   (`invalid/<dotted.path>`) and the spider's own rules;
 * - both before dedupe: an invalid copy must not claim a key and make a later valid copy look like
 *   a duplicate;
 * - dedupe last before writing (and before history, when it lands): only items that will be
 *   stored take a key.
 */
export const DEFAULT_STAGE_ORDER = ['pii-redaction', 'listing-drop-alarm', 'null-price-alarm', 'price-coercion', 'required-fields', 'schema-validation', 'dedupe'] as const;

export type StageName = (typeof DEFAULT_STAGE_ORDER)[number];

const FACTORIES: Readonly<Record<StageName, StageFactory>> = {
  'pii-redaction': (settings) => new PiiRedactionStage(settings.redaction),
  'listing-drop-alarm': (settings) => new ListingDropAlarmStage(settings.listingAlarm),
  'null-price-alarm': (settings) => new NullPriceAlarmStage(settings.pipeline.nullPriceAlarm),
  'price-coercion': (settings) => new PriceCoercionStage({ defaultCurrency: settings.pipeline.defaultCurrency }),
  'required-fields': () => new RequiredFieldsStage(),
  'schema-validation': () => new SchemaValidationStage(),
  dedupe: () => new DedupeStage(),
};

/**
 * The run's stages: the built-ins in their order, minus `pipeline.disabled`, with a project's own
 * (`pipeline.add`, loaded by the caller) placed by before/after; without either, after the built-ins.
 */
export function assembleStages(settings: Settings, added: readonly AddedComponent<PipelineStage>[] = []): NamedComponent<PipelineStage>[] {
  const builtIns = DEFAULT_STAGE_ORDER.map((name) => ({ name, origin: 'built-in', value: () => FACTORIES[name](settings) }));
  const addedLazy = added.map((component) => ({ ...component, value: () => component.value }));
  const ordered = orderComponents(builtIns, addedLazy, { section: 'pipeline', kind: 'stage', disabled: settings.pipeline.disabled, defaultBefore: null });
  return ordered.map((component) => ({ ...component, value: component.value() }));
}

/** The built-in stages alone (tests and `pricecrawl check`). */
export function defaultPipeline(settings: Settings): PipelineStage[] {
  return assembleStages(settings).map((component) => component.value);
}
