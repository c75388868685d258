// The whole-fetch deadline and caller abort as one signal, and which of them ended a failed fetch.
import { FetchError } from '../core/errors';
import { toFetchError } from './fetch-error-map';

/**
 * One abort signal for the whole fetch (every hop, headers and body): fires on the caller's signal or
 * when `timeoutMs` runs out, and remembers which, so the error gets the right code.
 */
export class FetchDeadline {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout | null;
  private timedOut = false;
  private readonly startedAtMs = Date.now();
  private readonly onCallerAbort = (): void => this.controller.abort(new Error('aborted by caller'));

  constructor(
    private readonly timeoutMs: number,
    private readonly callerSignal: AbortSignal | undefined,
  ) {
    this.timer = timeoutMs > 0
      ? setTimeout(() => {
          this.timedOut = true;
          this.controller.abort(new Error(`timed out after ${timeoutMs} ms`));
        }, timeoutMs)
      : null;
    if (callerSignal?.aborted) this.onCallerAbort();
    else callerSignal?.addEventListener('abort', this.onCallerAbort, { once: true });
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** What is left of the whole fetch's time (Infinity without a timeout). */
  remainingMs(): number {
    return this.timeoutMs > 0 ? this.timeoutMs - (Date.now() - this.startedAtMs) : Number.POSITIVE_INFINITY;
  }

  /** Our own FetchErrors keep their code; anything after an abort is that abort, whatever undici threw. */
  explain(error: unknown, url: string): FetchError {
    if (error instanceof FetchError) return error;
    if (this.timedOut) {
      return new FetchError('FETCH_TIMEOUT', `no complete response within ${this.timeoutMs} ms (${url})`, { cause: error });
    }
    if (this.callerSignal?.aborted) {
      return new FetchError('FETCH_ABORTED', `aborted (${url})`, { cause: this.callerSignal.reason ?? error });
    }
    return toFetchError(error, url);
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.callerSignal?.removeEventListener('abort', this.onCallerAbort);
  }
}
