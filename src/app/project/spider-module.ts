// Imports a spider file (or a spider folder's registry), turning any failure to load it into one line that names the file and the cause.
import { PricecrawlError } from '../../core/errors';
import { importUserModule } from '../../core/import-user-module';
import { loadFailureCause } from '../../core/load-failure-cause';

/**
 * A spider that cannot be imported cannot start: like a constructor refusing its arguments, that is the
 * project's mistake to fix, exit 2 with one line (the stack with --debug), before any run is created. Left
 * as it was thrown, a syntax error, a missing import or a throwing top-level statement exited 1 and named
 * the compiled twin in the cache, or nothing at all, instead of the file.
 */
export async function importSpiderModule(path: string): Promise<Record<string, unknown>> {
  try {
    return await importUserModule(path);
  } catch (error) {
    throw new PricecrawlError('SPIDER_LOAD_FAILED', `spider file ${path} cannot be loaded: ${loadFailureCause(error)}`, { cause: error });
  }
}
