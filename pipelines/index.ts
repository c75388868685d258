// The default item pipeline: which stages run, in which order, minus `pipeline.disabled`.
import { orderComponents, type AddedComponent, type NamedComponent } from '../src/components/order-components';
import { SettingsError } from '../src/core/errors';
import type { PipelineStage } from '../src/pipeline/stage';
import type { Settings } from '../src/settings/schema';
import { DedupeStage } from './dedupe-stage';
import { PiiRedactionStage } from './pii-redaction-stage';
import { PriceCoercionStage } from './price-coercion-stage';
import { RequiredFieldsStage } from './required-fields-stage';
import { SchemaValidationStage } from './schema-validation-stage';
import { SharedBodyStage } from './shared-body-stage';

type StageFactory = (settings: Settings) => PipelineStage;

/** Once stages, now extensions: a project that still disables them here is told where they went. */
const FORMER_STAGES = ['null-price-alarm', 'listing-drop-alarm'];

/**
 * Why this order (the alarms are no stages: they only watch, so they are extensions, extensions/index.ts,
 * and hear every item and page before any stage could drop one):
 * - pii-redaction first: nothing after it, drop logs and the store included, may see PII;
 * - price-coercion before required-fields and schema-validation: both check a parsed Decimal;
 * - required-fields before schema-validation: its stable reasons (`required/sku-or-url`,
 *   `price/not-positive`) name the common failures; the schema then checks types and formats
 *   (`invalid/<dotted.path>`) and the spider's own rules;
 * - both before dedupe: an invalid copy must not claim a key and make a later valid copy look like
 *   a duplicate;
 * - shared-body after them (only valid priced items claim a page) and before dedupe: an item refused as
 *   another URL's page must not take a key;
 * - dedupe last before writing (and before history, when it lands): only items that will be
 *   stored take a key.
 */
export const DEFAULT_STAGE_ORDER = ['pii-redaction', 'price-coercion', 'required-fields', 'schema-validation', 'shared-body', 'dedupe'] as const;

export type StageName = (typeof DEFAULT_STAGE_ORDER)[number];

const FACTORIES: Readonly<Record<StageName, StageFactory>> = {
  'pii-redaction': (settings) => new PiiRedactionStage(settings.redaction),
  'price-coercion': (settings) => new PriceCoercionStage({ defaultCurrency: settings.pipeline.defaultCurrency, netPrices: settings.pipeline.netPrices }),
  'required-fields': () => new RequiredFieldsStage(),
  'schema-validation': () => new SchemaValidationStage(),
  'shared-body': () => new SharedBodyStage(),
  dedupe: () => new DedupeStage(),
};

/**
 * The run's stages: the built-ins in their order, minus `pipeline.disabled`, with a project's own
 * (`pipeline.add`, loaded by the caller) placed by before/after; without either, after the built-ins.
 * Nothing is made yet: a crawl checks the order before its run exists.
 */
export function orderStages(settings: Settings, added: readonly AddedComponent<PipelineStage>[] = []): NamedComponent<() => PipelineStage>[] {
  for (const name of settings.pipeline.disabled) {
    if (FORMER_STAGES.includes(name)) throw new SettingsError(`pipeline.disabled: "${name}" is no stage any more but an extension (it only watches); switch it off with  extensions: { "${name}": false }`);
  }
  const builtIns = DEFAULT_STAGE_ORDER.map((name) => ({ name, origin: 'built-in', value: () => FACTORIES[name](settings) }));
  const addedLazy = added.map(({ value, ...component }) => ({ ...component, value: value === undefined ? undefined : () => value }));
  return orderComponents(builtIns, addedLazy, { section: 'pipeline', kind: 'stage', disabled: settings.pipeline.disabled, defaultBefore: null });
}

/** The ordered stages, made. */
export function assembleStages(settings: Settings, added: readonly AddedComponent<PipelineStage>[] = []): NamedComponent<PipelineStage>[] {
  return orderStages(settings, added).map((component) => ({ ...component, value: component.value() }));
}

/** The built-in stages alone (tests; `check` and `parse` add the project's own, src/app/contracts/run-fixture.ts). */
export function defaultPipeline(settings: Settings): PipelineStage[] {
  return assembleStages(settings).map((component) => component.value);
}
