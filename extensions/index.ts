// The built-in extensions: observers that only watch a crawl (the alarms), in one list, minus those a project switches off.
import type { Extension } from '../src/components/extension';
import { orderComponents, type AddedComponent, type NamedComponent } from '../src/components/order-components';
import { didYouMean } from '../src/core/closest-name';
import { SettingsError } from '../src/core/errors';
import type { AlarmContext } from '../src/pipeline/alarm-board';
import type { Settings } from '../src/settings/schema';
import { ListingDropAlarm } from './listing-drop-alarm';
import { NullPriceAlarm } from './null-price-alarm';

/**
 * They hear the crawl's events and never change what happens to a request or an item (that is what
 * middlewares and stages are for); an alarm counts, logs and announces `alarm.fired`, which the run's
 * verdict and timeline hear in turn. Both judge what the spider yielded, before any stage dropped it.
 */
export const BUILT_IN_EXTENSIONS = ['null-price-alarm', 'listing-drop-alarm'] as const;

export type ExtensionName = (typeof BUILT_IN_EXTENSIONS)[number];

const FACTORIES: Readonly<Record<ExtensionName, (settings: Settings, ctx: AlarmContext) => Extension>> = {
  'null-price-alarm': (settings, ctx) => new NullPriceAlarm(settings.pipeline.nullPriceAlarm, ctx),
  'listing-drop-alarm': (settings, ctx) => new ListingDropAlarm(settings.listingAlarm, ctx),
};

/**
 * The run's extensions: the built-ins minus those set to `false` in `extensions`, then the project's
 * own (`extensions.<name>: { module }`, loaded by the caller); one named like a built-in replaces it.
 */
export function orderExtensions(settings: Settings, added: readonly AddedComponent<Extension>[] = []): NamedComponent<(ctx: AlarmContext) => Extension>[] {
  const disabled = Object.entries(settings.extensions).flatMap(([name, entry]) => (entry === false ? [name] : []));
  for (const name of disabled) {
    if (!(BUILT_IN_EXTENSIONS as readonly string[]).includes(name)) {
      throw new SettingsError(`extensions.${name}: false switches a built-in extension off, and none is named "${name}"${didYouMean(name, [...BUILT_IN_EXTENSIONS])}; built-in extensions: ${BUILT_IN_EXTENSIONS.join(', ')}`);
    }
  }
  const builtIns = BUILT_IN_EXTENSIONS.map((name) => ({ name, origin: 'built-in', value: (ctx: AlarmContext) => FACTORIES[name](settings, ctx) }));
  const addedLazy = added.map(({ value, ...component }) => ({ ...component, value: value === undefined ? undefined : () => value }));
  return orderComponents(builtIns, addedLazy, { section: 'extensions', kind: 'extension', disabled, defaultBefore: null });
}

/** The extensions, made. */
export function assembleExtensions(settings: Settings, ctx: AlarmContext, added: readonly AddedComponent<Extension>[] = []): NamedComponent<Extension>[] {
  return orderExtensions(settings, added).map((component) => ({ ...component, value: component.value(ctx) }));
}
