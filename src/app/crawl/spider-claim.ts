// One crawl of a spider at a time on one store, by hand or by the scheduler: every crawl that starts or resumes a run claims the spider's schedule lock.
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import { PricecrawlError } from '../../core/errors';
import type { LockHolder, LockLoss, LockResult } from '../../ports/run-record-store';
import type { Settings } from '../../settings/schema';
import { openScheduleLock } from '../../../storage/open-backends';

export interface SpiderClaim {
  /** Frees the spider; a failure is logged, never raised over the run's own outcome (a dead holder's claim is taken over anyway). */
  release(): Promise<void>;
  /** Calls `stop` once if the claim is lost while held (`stop` given later hears a loss that came first). */
  onLost(stop: (loss: LockLoss) => void): void;
  /** The claim's fencing token, where the lock has one (LockResult.fence): the stores refuse writes once it is not the spider's. */
  fence?: number;
}

/**
 * Why every crawl, not only the scheduler's: a manual `crawl` beside a scheduled run of the same spider sent
 * to its hosts alongside it (each process keeps its own politeness slots: twice the configured rate), and
 * both folded into one SKU catalog, the later write of an entry replacing the other's. The scheduler claims
 * the spider for the run id it passes with `--run`, so that run finds the claim its own and takes it over.
 * Processes that join a run another process owns (`worker`, `--processes` slots) claim nothing.
 */
export async function claimSpider(settings: Settings, spider: string, run: { runId?: string; joins: boolean }, log: Logger): Promise<SpiderClaim> {
  if (run.joins) return { release: async () => undefined, onLost: () => undefined };
  const lock = await openScheduleLock(settings.storage);
  const token = run.runId ?? `manual-${process.pid}-${Date.now()}`;
  let claim: LockResult;
  try {
    claim = await lock.tryLock(spider, token, process.pid, Date.now());
    if (!claim.ok && leftHere(spider, claim.holder)) {
      await lock.unlock(spider, claim.holder.runId);
      claim = await lock.tryLock(spider, token, process.pid, Date.now());
    }
    if (!claim.ok) throw spiderInUse(spider, claim.holder);
  } catch (error) {
    await lock.close();
    throw error;
  }
  const held = heldKey(spider, token);
  claimsHeldHere.add(held);
  const lost = lossSignal();
  lock.onLost((loss) => {
    if (loss.spider === spider && loss.runId === token) lost.tell(loss);
  });
  return {
    fence: claim.ok ? claim.fence : undefined,
    onLost: lost.listen,
    release: () => {
      claimsHeldHere.delete(held);
      return releaseWithin(RELEASE_WAIT_MS, async () => lock.unlock(spider, token).finally(() => lock.close()), log);
    },
  };
}

/** A loss told to its one listener, whether it registers before the loss or after. */
function lossSignal(): { tell(loss: LockLoss): void; listen(stop: (loss: LockLoss) => void): void } {
  let loss: LockLoss | null = null;
  let stop: ((loss: LockLoss) => void) | null = null;
  return {
    tell(value) {
      loss ??= value;
      stop?.(loss);
    },
    listen(listener) {
      stop = listener;
      if (loss) listener(loss);
    },
  };
}

/**
 * The claims this process's running crawls hold. A process that embeds the crawler runs crawl after crawl:
 * when freeing a claim failed (the disk was full, the store away), its row names this live pid, and judged by
 * pid alone it refused every later crawl of the spider in this process for good.
 */
const claimsHeldHere = new Set<string>();
const heldKey = (spider: string, token: string): string => `${spider}\u0000${token}`;

function leftHere(spider: string, holder: LockHolder): boolean {
  return holder.pid === process.pid && holder.hostname === hostname() && !claimsHeldHere.has(heldKey(spider, holder.runId));
}

/**
 * Freeing the claim is a courtesy: once this process is gone the claim is taken over anyway (by pid on this
 * machine, by its lapsed lease elsewhere). So a store that stopped answering (the run already stopped for it)
 * must not hold the crawl's exit for storage.answerTimeoutMs (5 min by default) or longer.
 */
const RELEASE_WAIT_MS = 5_000;

async function releaseWithin(waitMs: number, release: () => Promise<void>, log: Logger): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), waitMs);
    timer.unref();
  });
  try {
    const outcome = await Promise.race([release().then(() => 'done' as const), late]);
    if (outcome === 'late') log.warn({ waitMs }, 'the store did not answer while freeing the spider\'s claim; the next crawl takes it over once this process is gone');
  } catch (error) {
    log.warn({ err: error }, 'could not free the spider\'s claim; the next crawl takes it over once this process is gone');
  } finally {
    clearTimeout(timer);
  }
}

function spiderInUse(spider: string, holder: LockHolder): PricecrawlError {
  const since = new Date(holder.lockedAtMs).toISOString();
  return new PricecrawlError(
    'SPIDER_IN_USE',
    `spider ${spider} is being crawled on this store by process ${holder.pid} on ${holder.hostname} (run ${holder.runId}, since ${since}): a second crawl would send to its hosts alongside it, past their politeness limits, and fold into the same SKU catalog. Wait for it to end or stop it; a holder that died is taken over by the next crawl`,
  );
}
