// The effective settings a run used, as canonical JSON with its sha256, so a price can be traced to its configuration.
import { createHash } from 'node:crypto';
import { maskSecrets } from '../../core/mask-secrets';
import { canonicalJson, toJsonValue } from '../../pipeline/json-value';
import type { Settings } from '../../settings/schema';

export interface SettingsSnapshot {
  json: string;
  /** sha256 hex of `json`; equal hashes mean equal crawl behaviour settings. */
  hash: string;
}

/**
 * Everything but `storage` and `log`: where files go and how loud the log is do not change what is fetched.
 * Secrets (proxy and Redis passwords) are masked before the text is hashed or stored: a password does
 * not change what is fetched either, and the run record must never hold it.
 */
export function settingsSnapshot(settings: Settings): SettingsSnapshot {
  const { storage: _storage, log: _log, ...shaping } = settings;
  const json = canonicalJson(maskSecrets(toJsonValue(shaping)));
  return { json, hash: createHash('sha256').update(json).digest('hex') };
}
