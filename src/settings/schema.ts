// The one settings schema: every setting's name, type, unit, default and constraint, written once, in
// sections by theme (src/settings/sections/); this file joins them and validates unknown keys away.
import { z } from 'zod';
import { fetchingSettings, type hostPolicySchema } from './sections/fetching';
import { itemSettings } from './sections/items';
import { operationSettings } from './sections/operations';
import { proxiesBypassed, resilienceSettings } from './sections/resilience';

export const settingsSchema = z
  .object({
    ...fetchingSettings,
    ...resilienceSettings,
    ...itemSettings,
    ...operationSettings,
  })
  .strict()
  .superRefine((settings, ctx) => {
    const bypassed = proxiesBypassed(settings);
    if (bypassed) ctx.addIssue({ code: 'custom', path: ['sessions', 'proxyUrls'], message: bypassed });
  });

export type Settings = z.output<typeof settingsSchema>;
export type HostPolicyOverride = z.output<typeof hostPolicySchema>;

type DeepPartial<T> = T extends readonly unknown[] ? T : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;
/** What a config file, a spider, env or the CLI may override. */
export type SettingsOverrides = DeepPartial<Settings>;
