// Time limits on a spider callback: each step of its generator races its time budget and the shutdown's grace.
import { performance } from 'node:perf_hooks';
import { PricecrawlError } from '../core/errors';
import type { FetchMode } from '../core/request';
import type { Settings } from '../settings/schema';

export interface CallbackTimeout {
  ms: number;
  /** Runs when the time is up, e.g. closes the browser page the callback may be blocked on. */
  onTimeout(): Promise<unknown>;
}

/** The ledger's reason of a request whose callback ran past its limit. */
export const CALLBACK_TIMEOUT = 'callback/timeout';

export class CallbackTimeoutError extends PricecrawlError {
  constructor(ms: number) {
    super('CALLBACK_TIMEOUT', `the callback did not finish within ${ms} ms`);
  }
}

/** A shutdown's grace ran out while the callback still ran: not the page's failure, its request goes back to the queue. */
export class CallbackCutOffError extends PricecrawlError {
  constructor() {
    super('CALLBACK_CUT_OFF', 'the shutdown grace period ran out before the callback finished');
  }
}

/**
 * `step`, or CallbackCutOffError once `signal` aborts (at once if it has). A callback that awaits a promise
 * that never settles held its task, and with it the end of the run, for ever: SIGINT's grace ran out and
 * the crawl still waited on it.
 */
export function untilCutOff<T>(step: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return step;
  if (signal.aborted) {
    step.catch(() => undefined);
    return Promise.reject(new CallbackCutOffError());
  }
  let onAbort = (): void => undefined;
  const cutOff = new Promise<never>((_resolve, reject) => {
    onAbort = () => reject(new CallbackCutOffError());
    signal.addEventListener('abort', onAbort, { once: true });
  });
  step.catch(() => undefined);
  return Promise.race([step, cutOff]).finally(() => signal.removeEventListener('abort', onAbort));
}

/**
 * Which limit a callback runs under: its host's own (`politeness.hosts`), else its fetch mode's. A spider
 * sets either through its settings layer.
 */
export function callbackLimitMs(settings: Settings, hostKey: string, fetchMode: FetchMode): number {
  return settings.politeness.hosts[hostKey]?.callbackTimeoutMs ?? (fetchMode === 'browser' ? settings.browser.callbackTimeoutMs : settings.http.callbackTimeoutMs);
}

/**
 * The budget counts the callback's own time only: it runs while a step of the generator is pending (its
 * code up to the next yield, and what it awaits of its own), not while the runner awaits the framework
 * between steps (pipeline stages, the item store's backpressure, the frontier storing yielded requests).
 * Before, the clock ran from the start, so a slow store failed healthy callbacks. One timer per callback:
 * when it fires between steps, or early because framework time was in between, it checks the time used
 * and is set again for what is left when the next step starts.
 *
 * A generator cannot be cancelled from outside while it awaits: the runner stops listening to it, the
 * `onTimeout` hook frees what it holds (closing the page rejects its pending Playwright call), and a late
 * result or rejection of the abandoned step is swallowed. Its code after that await still runs up to its
 * next yield once the await settles (JavaScript cannot stop it); what it yields then is never read, and it
 * is never resumed past that yield. Nor can a timer interrupt a synchronous step: an endless loop holds
 * the event loop, and this timer with it.
 */
export class CallbackDeadline {
  private readonly expired: Promise<never>;
  private rejectExpired: (error: Error) => void = () => undefined;
  private timer: NodeJS.Timeout | undefined;
  private timedOut = false;
  /** The callback's time in the steps that settled. */
  private usedMs = 0;
  /** When the pending step started; null between steps, while the framework has the time. */
  private stepStartedMs: number | null = null;

  constructor(
    private readonly timeout: CallbackTimeout,
    private readonly nowMs: () => number = () => performance.now(),
  ) {
    this.expired = new Promise<never>((_resolve, reject) => {
      this.rejectExpired = reject;
    });
    this.expired.catch(() => undefined);
  }

  async race<T>(outputs: AsyncIterator<T>): Promise<IteratorResult<T>> {
    // Steps so far used the budget up (a long synchronous one returns only after its time): not resumed.
    if (this.usedMs >= this.timeout.ms) this.expire();
    if (this.timedOut) throw new CallbackTimeoutError(this.timeout.ms);
    const startedMs = this.nowMs();
    this.stepStartedMs = startedMs;
    this.timer ??= setTimeout(() => this.check(), this.timeout.ms - this.usedMs);
    const step = outputs.next();
    step.catch(() => undefined);
    try {
      return await Promise.race([step, this.expired]);
    } catch (error) {
      if (!this.timedOut) throw error;
      void outputs.return?.(undefined)?.catch(() => undefined);
      throw new CallbackTimeoutError(this.timeout.ms);
    } finally {
      this.usedMs += this.nowMs() - startedMs;
      this.stepStartedMs = null;
    }
  }

  dispose(): void {
    clearTimeout(this.timer);
  }

  private check(): void {
    this.timer = undefined;
    // Between steps: the framework's time; the next step sets the timer again for what is left.
    if (this.stepStartedMs === null) return;
    const leftMs = this.timeout.ms - this.usedMs - (this.nowMs() - this.stepStartedMs);
    if (leftMs > 0) this.timer = setTimeout(() => this.check(), leftMs);
    else this.expire();
  }

  private expire(): void {
    if (this.timedOut) return;
    clearTimeout(this.timer);
    // Expire first: closing the page makes the pending step reject too, and that must read as the timeout.
    this.timedOut = true;
    this.rejectExpired(new CallbackTimeoutError(this.timeout.ms));
    void this.timeout.onTimeout().catch(() => undefined);
  }
}
