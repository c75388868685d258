// Waits for a promise to settle or for a time to pass, whichever comes first, leaving no timer behind.
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Resolves when `work` settles (either way: the caller looks at the state it left) or after `ms`; rejects
 * when `signal` aborts (the fetch's deadline, a shutdown). The timer is cancelled as soon as one of them
 * comes, so a wait cut short keeps no timer alive until its end.
 */
export async function settledOrAfter(work: Promise<unknown> | undefined, ms: number, signal: AbortSignal): Promise<void> {
  const stop = new AbortController();
  const timer = sleep(Math.max(0, ms), undefined, { signal: AbortSignal.any([signal, stop.signal]) });
  try {
    await Promise.race([timer, work?.then(noop, noop)]);
  } finally {
    stop.abort();
    await timer.catch(noop);
  }
  signal.throwIfAborted();
}

function noop(): void {}
