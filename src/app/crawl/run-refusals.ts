// The one-line refusals a crawl ends with when a store or the frontier stopped it, each naming how to continue.
import { PricecrawlError } from '../../core/errors';
import { maskSecretsInText } from '../../core/mask-secrets';
import { FILE_MOVED_CODE, LOCKED_CODE, storageFailureCode } from '../../engine/storage-failure';

/** How to continue a run that left work queued; the frontier URL is masked, a hint on screen must not carry the Redis password. */
export function continueHint(spider: string, runId: string, frontierUrl: string): string {
  if (frontierUrl === '') return `pricecrawl crawl ${spider} --resume`;
  const shown = maskSecretsInText(frontierUrl);
  return `pricecrawl worker ${spider} --frontier ${shown} --run ${runId}${shown === frontierUrl ? '' : '  (*** = the credentials in your settings)'}`;
}

export function storageRefusal(error: unknown, dir: string, spider: string): PricecrawlError {
  const code = storageFailureCode(error) ?? 'write failed';
  // A server store names itself (its URL without the password) in its own message.
  const unreachable = code === 'STORE_UNREACHABLE' ? withCode(error, code) : null;
  if (unreachable) return new PricecrawlError('STORAGE_WRITE_FAILED', `${maskSecretsInText(unreachable.message)}: the crawl stopped, its work stays queued; once it is back, continue with: pricecrawl crawl ${spider} --resume`, { cause: unreachable });
  const refused = code === 'STORE_REFUSED' ? withCode(error, code) : null;
  if (refused) return new PricecrawlError('STORAGE_WRITE_FAILED', `${maskSecretsInText(refused.message)}: the crawl stopped, its work stays queued; once it takes writes again, continue with: pricecrawl crawl ${spider} --resume`, { cause: refused });
  if (LOCKED_CODE.test(code)) return new PricecrawlError('STORAGE_WRITE_FAILED', `a file in ${dir} stayed locked by another process past the busy timeout (${code}): the crawl stopped, its work stays queued; once that process lets go, continue with: pricecrawl crawl ${spider} --resume`);
  if (code === FILE_MOVED_CODE) return new PricecrawlError('STORAGE_WRITE_FAILED', `a file in ${dir} was deleted or replaced while the crawl ran (${code}): the crawl stopped, requests whose outcome it could not store stay queued; continue with: pricecrawl crawl ${spider} --resume`);
  return new PricecrawlError('STORAGE_WRITE_FAILED', `cannot write to ${dir} (${code}): the crawl stopped, its work stays queued; ${whatToFix(code)}, then continue with: pricecrawl crawl ${spider} --resume`);
}

/** A file or disk made read-only is not full: "free space" sent the operator looking for the wrong thing. */
function whatToFix(code: string): string {
  if (/^(SQLITE_READONLY|EROFS|EACCES|EPERM)/.test(code)) return 'give this user write access to the storage dir and its files';
  if (/^(SQLITE_IOERR|EIO)/.test(code)) return 'check the disk (an I/O error) and free space';
  return 'free space';
}

/**
 * A store or the frontier could not be opened for writing (a file of the storage dir read-only to this user,
 * a full disk): the run was not created, so there is nothing to resume; one line says what to fix. Any
 * other error is returned as it is.
 */
export function storageStartRefusal(error: unknown, dir: string): unknown {
  const code = storageFailureCode(error);
  if (code === null || code === 'STORE_UNREACHABLE' || code === 'STORE_REFUSED' || error instanceof PricecrawlError) return error;
  if (LOCKED_CODE.test(code)) return new PricecrawlError('STORAGE_WRITE_FAILED', `a file in ${dir} stayed locked by another process past the busy timeout (${code}): the crawl did not start and no run was created; start it again once that process lets go`, { cause: error });
  return new PricecrawlError('STORAGE_UNWRITABLE', `cannot write to ${dir} (${code}): the crawl did not start and no run was created; give this user write access to the storage dir and its files (or free space), then start it again`, { cause: error });
}

/**
 * The frontier could not be read at the run's end (it stayed away for `frontier.outageMs`, or a stop came
 * during an outage): there is no ledger to print, so the run ends with this instead of a summary. Requests
 * it held leased return to their queues when their leases run out.
 */
export function frontierRefusal(error: unknown, frontierUrl: string, spider: string, runId: string): PricecrawlError {
  const where = frontierUrl === '' ? 'the frontier' : `the frontier ${maskSecretsInText(frontierUrl)}`;
  const lost = withCode(error, 'FRONTIER_RUN_LOST');
  const lostKeys = lost ? /lost keys: ([^()]+) \(/.exec(lost.message)?.[1] : undefined;
  if (lost) return new PricecrawlError('FRONTIER_RUN_LOST', `${where} no longer holds run ${runId} (its keys are gone${lostKeys ? ` (${lostKeys})` : ''}: a server restarted without persistence, flushed or evicting keys, or a key deleted by hand): the crawl stopped without a summary; the requests still queued there are lost and cannot be resumed. The items already stored stay; crawl again for the rest: pricecrawl crawl ${spider}`, { cause: error });
  const evicting = withCode(error, 'FRONTIER_EVICTS');
  if (evicting) return new PricecrawlError('FRONTIER_EVICTS', `${maskSecretsInText(evicting.message)}: the crawl stopped without a summary, as some of its requests may never have been fetched; crawl again: pricecrawl crawl ${spider}`, { cause: error });
  // The server answered but refused the run's writes (OOM, MISCONF, READONLY...): nothing is lost, it waits there.
  const refused = withCode(error, 'FRONTIER_REFUSED');
  if (refused) return new PricecrawlError('FRONTIER_REFUSED', `${where} refused the crawl's writes (${maskSecretsInText(refused.message)}): the crawl stopped without a summary; its work stays queued there. Once it accepts writes again, continue with: ${continueHint(spider, runId, frontierUrl)}`, { cause: error });
  // A driver's message may run on with advice about its own options: its first sentence says enough.
  const why = (error instanceof Error ? error.message : String(error)).split(/\.\s/, 1)[0];
  return new PricecrawlError('FRONTIER_UNREACHABLE', `${where} cannot be reached (${maskSecretsInText(why)}): the crawl stopped without a summary; its work stays queued there. Once it is back, continue with: ${continueHint(spider, runId, frontierUrl)}`, { cause: error });
}

/** The error in `error`'s cause chain that carries `code`. */
function withCode(error: unknown, code: string): Error | null {
  for (let at: unknown = error; at instanceof Error; at = at.cause) if ((at as { code?: unknown }).code === code) return at;
  return null;
}
