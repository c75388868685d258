// Before the scheduler's first tick: every spider in schedule.spiders exists, and can run `crawl --due`.
import { SettingsError } from '../../core/errors';
import type { Spider, SpiderClass } from '../../core/spider';
import type { Settings } from '../../settings/schema';
import { noProductCallback, sendsKnownSkus } from './run-seeds';

/**
 * Each tick runs `crawl <spider> --due` as a child process. A misspelt spider name, or a spider without a
 * product callback, makes every tick fail the same way, each only in its own log file, while the scheduler
 * looks healthy: neither can ever succeed, so the scheduler refuses to start. A spider whose constructor
 * refuses its arguments is left to its runs, which fail and are recorded like any failed run (the next
 * tick tries again: what it depends on may have changed by then).
 */
export async function checkScheduledSpiders(spiders: Settings['schedule']['spiders'], load: (nameOrPath: string) => Promise<SpiderClass>): Promise<void> {
  for (const [name, entry] of Object.entries(spiders)) {
    const where = `schedule.spiders.${name}`;
    let SpiderClass: SpiderClass;
    try {
      SpiderClass = await load(name);
    } catch (error) {
      throw new SettingsError(`${where}: ${(error as Error).message}`);
    }
    let spider: Spider;
    try {
      spider = new SpiderClass(entry.args);
    } catch {
      continue;
    }
    if (!sendsKnownSkus(spider)) throw new SettingsError(`${where}: ${noProductCallback(spider, 'a scheduled crawl --due').message}`);
  }
}
