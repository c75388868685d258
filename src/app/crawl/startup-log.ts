// The start-up log: effective overrides, the ordered downloader and spider middlewares and stages, and the extensions, once per run.
import type { Logger } from 'pino';
import { startupDetailLevel } from '../../log/startup-detail';
import type { LoadedSettings } from '../../settings/load-settings';
import { SECRET_MASK, isSecretName, maskSecretsAt } from '../../core/mask-secrets';

export function logStartup(
  log: Logger,
  info: { runId: string; resumed: boolean; loaded: LoadedSettings; middlewares: string[]; spiderMiddlewares: string[]; stages: string[]; extensions: string[] },
): void {
  const detail = startupDetailLevel(info.loaded.settings);
  // Proxy, Redis and PostgreSQL URLs may carry credentials, `-s http.headers.Cookie=…` names its secret in the path, and
  // `-s http.headers.X-Partner=Bearer …` carries one by its shape: each masked as it is in the whole settings.
  const overridden = Object.fromEntries(
    Object.entries(info.loaded.overrides).map(([key, { value, layer }]) => [key, { value: isSecretName(key) ? SECRET_MASK : maskSecretsAt(key.split('.'), value), from: layer }]),
  );
  log.info({ runId: info.runId, resumed: info.resumed }, info.resumed ? 'resuming run' : 'starting run');
  log[detail]({ overridden }, 'overridden settings');
  for (const warning of info.loaded.warnings) log.warn(warning);
  log[detail]({ middlewares: info.middlewares }, 'enabled downloader middlewares');
  // Engine first, as the list runs: outputs pass them from the last to the first.
  log[detail]({ spiderMiddlewares: info.spiderMiddlewares }, 'enabled spider middlewares');
  log[detail]({ stages: info.stages }, 'enabled item pipeline stages');
  log[detail]({ extensions: info.extensions }, 'enabled extensions');
}
