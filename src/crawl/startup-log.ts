// The start-up log: effective overrides, the ordered middlewares and stages, and the extensions, once per run.
import type { Logger } from 'pino';
import { prettyLogs } from '../log/logger';
import type { LoadedSettings } from '../settings/load-settings';
import type { Settings } from '../settings/schema';
import { maskSecrets } from '../core/mask-secrets';

/**
 * The level of start-up detail (overrides, components, plan, sessions). On a terminal a person wants
 * the crawl, not dozens of lines of arrays per run: debug there (`--log-level debug` shows it); JSON
 * logs (piped, files, log shippers) keep it at info, where audits look for it.
 */
export function startupDetailLevel(settings: Pick<Settings, 'log'>): 'debug' | 'info' {
  return prettyLogs(settings.log.format) ? 'debug' : 'info';
}

export function logStartup(
  log: Logger,
  info: { runId: string; resumed: boolean; loaded: LoadedSettings; middlewares: string[]; stages: string[]; extensions: string[] },
): void {
  const detail = startupDetailLevel(info.loaded.settings);
  // Proxy, Redis and PostgreSQL URLs may carry credentials: shown masked.
  const overridden = Object.fromEntries(Object.entries(info.loaded.overrides).map(([key, { value, layer }]) => [key, { value: maskSecrets(value), from: layer }]));
  log.info({ runId: info.runId, resumed: info.resumed }, info.resumed ? 'resuming run' : 'starting run');
  log[detail]({ overridden }, 'overridden settings');
  for (const warning of info.loaded.warnings) log.warn(warning);
  log[detail]({ middlewares: info.middlewares }, 'enabled downloader middlewares');
  log[detail]({ stages: info.stages }, 'enabled item pipeline stages');
  log[detail]({ extensions: info.extensions }, 'enabled extensions');
}
