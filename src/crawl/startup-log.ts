// The start-up log: effective overrides and the ordered middlewares and stages, once per run.
import type { Logger } from 'pino';
import type { LoadedSettings } from '../settings/load-settings';
import { redactStoreUrl } from '../../storage/store-url';
import { maskProxyCredentials } from '../sessions/proxy-endpoints';

export function logStartup(
  log: Logger,
  info: { runId: string; resumed: boolean; loaded: LoadedSettings; middlewares: string[]; stages: string[] },
): void {
  const overridden = Object.fromEntries(Object.entries(info.loaded.overrides).map(([key, { value, layer }]) => [key, { value: shown(key, value), from: layer }]));
  log.info({ runId: info.runId, resumed: info.resumed }, info.resumed ? 'resuming run' : 'starting run');
  log.info({ overridden }, 'overridden settings');
  log.info({ middlewares: info.middlewares }, 'enabled downloader middlewares');
  log.info({ stages: info.stages }, 'enabled item pipeline stages');
}

/** Proxy URLs may carry credentials: they are logged masked. */
function shown(key: string, value: unknown): unknown {
  if (key === 'sessions.proxyUrls' && Array.isArray(value)) return value.map((url) => (typeof url === 'string' ? maskProxyCredentials(url) : url));
  return typeof value === 'string' ? redactStoreUrl(value) : value;
}
