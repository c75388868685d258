// The logger a spider writes through (`this.logger`): the crawl binds its own; a spider made by hand gets one on stderr.
import type { Logger } from 'pino';
import { createLogger } from '../log/logger';

/**
 * Where a spider keeps the logger the crawl gave it. `Symbol.for`, as the package brands are: a spider file may
 * extend another copy of the package's `Spider` (package-brand.ts), and the engine's copy must reach it.
 */
export const SPIDER_LOGGER: unique symbol = Symbol.for('pricecrawl.Spider.logger') as never;

/**
 * Gives the spider the crawl's log (already bound with `spider`, as the run's log is), so what a callback logs
 * carries the run's level, format, redaction and live-progress placement.
 */
export function bindSpiderLogger(spider: object, log: Logger): void {
  Object.defineProperty(spider, SPIDER_LOGGER, { value: log, writable: true, configurable: true, enumerable: false });
}

/** Outside a crawl: JSON lines on stderr (stdout stays free for what a command prints), bound with the spider's name. */
export function standaloneSpiderLogger(name: string): Logger {
  return createLogger({ level: 'info', format: 'json' }).child({ spider: name });
}
