// How much start-up detail a run logs, shared by the run assembly and the components that report their set-up.
import type { Settings } from '../settings/schema';
import { prettyLogs } from './logger';

/**
 * The level of start-up detail (overrides, components, plan, sessions). On a terminal a person wants
 * the crawl, not dozens of lines of arrays per run: debug there (`--log-level debug` shows it); JSON
 * logs (piped, files, log shippers) keep it at info, where audits look for it.
 */
export function startupDetailLevel(settings: Pick<Settings, 'log'>): 'debug' | 'info' {
  return prettyLogs(settings.log.format) ? 'debug' : 'info';
}
