// Per-host politeness budget, resolved from settings.politeness with its per-host overrides.
import type { Settings } from '../settings/schema';

export interface HostPolicy {
  maxConcurrency: number;
  minIntervalMs: number;
  jitterMs: number;
}

export type PolicyFor = (hostKey: string) => HostPolicy;

/** Overrides replace single fields; unset fields keep the project-wide default. */
export function policyFromSettings(politeness: Settings['politeness']): PolicyFor {
  const base: HostPolicy = Object.freeze({
    maxConcurrency: politeness.maxConcurrencyPerHost,
    minIntervalMs: politeness.minIntervalMs,
    jitterMs: politeness.jitterMs,
  });
  const resolved = new Map<string, HostPolicy>();
  for (const [hostKey, override] of Object.entries(politeness.hosts)) {
    resolved.set(
      hostKey,
      Object.freeze({
        maxConcurrency: override.maxConcurrency ?? base.maxConcurrency,
        minIntervalMs: override.minIntervalMs ?? base.minIntervalMs,
        jitterMs: override.jitterMs ?? base.jitterMs,
      }),
    );
  }
  return (hostKey) => resolved.get(hostKey) ?? base;
}
