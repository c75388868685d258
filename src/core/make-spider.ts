// Makes a spider from its class and `-a` arguments, for every command that needs one: a constructor that throws is the spider's start failure.
import { PricecrawlError, SpiderStartError } from './errors';
import type { Spider, SpiderClass } from './spider';

/**
 * A constructor that throws (a required `-a` argument missing or malformed, a bug in a field initializer) is a
 * usage error: one line naming the spider and the project's line that threw, exit 2. `parse`, `settings`,
 * `check` and `fetch --spider` used to let the bare error through ("pricecrawl: Invalid URL", no spider named).
 */
export function makeSpider(SpiderClass: SpiderClass, args: Record<string, string>, shownName: string = SpiderClass.name): Spider {
  try {
    return new SpiderClass(args);
  } catch (error) {
    if (error instanceof PricecrawlError) throw error;
    throw new SpiderStartError(shownName, 'constructor', error);
  }
}
