// Before the scheduler's first tick: every spider in schedule.spiders exists, can run `crawl --due`, and is known by its name.
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
 *
 * Returns each config key's spider name: a key may be a path to the spider's file, but a crawl claims the
 * spider by its name (spider-claim.ts), so the scheduler locks and records the run under that name too.
 */
export async function checkScheduledSpiders(spiders: Settings['schedule']['spiders'], load: (nameOrPath: string) => Promise<SpiderClass>): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const [key, entry] of Object.entries(spiders)) {
    const where = `schedule.spiders.${key}`;
    let SpiderClass: SpiderClass;
    try {
      SpiderClass = await load(key);
    } catch (error) {
      throw new SettingsError(`${where}: ${(error as Error).message}`);
    }
    const configured = construct(SpiderClass, entry.args);
    if (configured && !sendsKnownSkus(configured)) throw new SettingsError(`${where}: ${noProductCallback(configured, 'a scheduled crawl --due').message}`);
    // The name is an instance field. A spider that cannot be constructed at all fails its runs before they
    // claim anything: then its key names it.
    names.set(key, (configured ?? construct(SpiderClass, undefined))?.name ?? key);
  }
  return names;
}

function construct(SpiderClass: SpiderClass, args: Record<string, string> | undefined): Spider | null {
  try {
    return args === undefined ? new SpiderClass() : new SpiderClass(args);
  } catch {
    return null;
  }
}
