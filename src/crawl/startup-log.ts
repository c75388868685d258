// The start-up log: effective overrides and the ordered middlewares and stages, once per run.
import type { Logger } from 'pino';
import type { LoadedSettings } from '../settings/load-settings';
import { maskSecrets } from '../core/mask-secrets';

export function logStartup(
  log: Logger,
  info: { runId: string; resumed: boolean; loaded: LoadedSettings; middlewares: string[]; stages: string[] },
): void {
  // Proxy, Redis and PostgreSQL URLs may carry credentials: shown masked.
  const overridden = Object.fromEntries(Object.entries(info.loaded.overrides).map(([key, { value, layer }]) => [key, { value: maskSecrets(value), from: layer }]));
  log.info({ runId: info.runId, resumed: info.resumed }, info.resumed ? 'resuming run' : 'starting run');
  log.info({ overridden }, 'overridden settings');
  log.info({ middlewares: info.middlewares }, 'enabled downloader middlewares');
  log.info({ stages: info.stages }, 'enabled item pipeline stages');
}
