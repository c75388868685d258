// `pricecrawl schedule`: the scheduler daemon until SIGTERM/SIGINT; exits 0 after its running children ended.
import { SettingsError } from '../core/errors';
import { createLogger } from '../log/logger';
import { checkScheduledSpiders } from '../app/schedule/check-scheduled-spiders';
import { Scheduler } from '../app/schedule/scheduler';
import { loadSpiderClass } from './spider-loader';
import { loadSettings } from '../settings/load-settings';
import { openRunRecords, openScheduleLock } from '../../storage/open-backends';

export interface ScheduleOptions {
  set: string[];
  storage?: string;
  config?: string;
  logLevel?: string;
}

export async function scheduleCommand(opts: ScheduleOptions): Promise<number> {
  const cliPairs = [...opts.set];
  if (opts.storage) cliPairs.push(`storage.dir=${opts.storage}`);
  if (opts.logLevel) cliPairs.push(`log.level=${opts.logLevel}`);
  const { settings } = loadSettings({ configPath: opts.config, cliPairs });
  if (Object.keys(settings.schedule.spiders).length === 0) throw new SettingsError('schedule: no spiders to schedule; set schedule.spiders (e.g. {"acme": {"cron": "0 */6 * * *"}}) in pricecrawl.config.json');
  const spiderNames = await checkScheduledSpiders(settings.schedule.spiders, (name) => loadSpiderClass(name));
  const log = createLogger(settings.log);
  // Children load the same config file and -s pairs, so a scheduled run sees the scheduler's settings.
  const childArgs = opts.config ? ['--config', opts.config] : [];
  // Runs are recorded and the lock held where the stores are (storage.url): with PostgreSQL, schedulers on several machines share them.
  const records = await openRunRecords(settings.storage);
  const lock = await openScheduleLock(settings.storage).catch(async (error: unknown) => {
    await records.close();
    throw error;
  });
  const scheduler = new Scheduler({ settings, log, childArgs, childSettings: opts.set, spiderNames, records, lock });
  scheduler.start();
  log.info({ spiders: Object.keys(settings.schedule.spiders) }, 'scheduler running (SIGTERM stops it after running crawls end)');
  await new Promise<void>((resolve) => {
    const onSignal = (signal: NodeJS.Signals): void => {
      log.warn({ signal }, 'scheduler stopping: no new runs, running crawls are asked to stop gracefully');
      process.off('SIGTERM', onSignal);
      process.off('SIGINT', onSignal);
      resolve();
    };
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);
  });
  await scheduler.stop();
  log.info('scheduler stopped');
  log.flush();
  return 0;
}
