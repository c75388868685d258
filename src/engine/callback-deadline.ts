// Time limits on a spider callback: each step of its generator races the deadline and the shutdown's grace.
import { PricecrawlError } from '../core/errors';

export interface CallbackTimeout {
  ms: number;
  /** Runs when the time is up, e.g. closes the browser page the callback may be blocked on. */
  onTimeout(): Promise<unknown>;
}

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
 * A generator cannot be cancelled from outside while it awaits: the runner stops listening to it, the
 * `onTimeout` hook frees what it holds (closing the page rejects its pending Playwright call), and a late
 * result or rejection of the abandoned step is swallowed.
 */
export class CallbackDeadline {
  private readonly expired: Promise<never>;
  private timer: NodeJS.Timeout | undefined;
  private timedOut = false;

  constructor(private readonly timeout: CallbackTimeout) {
    this.expired = new Promise<never>((_resolve, reject) => {
      this.timer = setTimeout(() => {
        // Expire first: closing the page makes the pending step reject too, and that must read as the timeout.
        this.timedOut = true;
        reject(new CallbackTimeoutError(timeout.ms));
        void timeout.onTimeout().catch(() => undefined);
      }, timeout.ms);
    });
    this.expired.catch(() => undefined);
  }

  async race<T>(outputs: AsyncIterator<T>): Promise<IteratorResult<T>> {
    const step = outputs.next();
    step.catch(() => undefined);
    try {
      return await Promise.race([step, this.expired]);
    } catch (error) {
      if (!this.timedOut) throw error;
      void outputs.return?.(undefined)?.catch(() => undefined);
      throw new CallbackTimeoutError(this.timeout.ms);
    }
  }

  dispose(): void {
    clearTimeout(this.timer);
  }
}
