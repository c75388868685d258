// Stops launching browsers after several in a row failed to start (or died before any page loaded in them): a broken install is not relaunched for every page.
import { PricecrawlError } from '../core/errors';

/**
 * Browsers in a row that may fail before the run stops launching them. One failure can be passing (a
 * fork refused under memory pressure, a launch slower than its bound on a loaded machine); three in a row,
 * with no page loaded between them, is a binary that cannot run here (or dies under every page) (a missing shared library, a sandbox
 * the kernel refuses, a wrapper that exits). Before, each browser request launched again on each try: a
 * crawl of ten browser pages launched 80 Chromiums, and one of 10,000 would have spent the night at it.
 */
export const LAUNCH_FAILURES_IN_A_ROW_LIMIT = 3;

export class LaunchBreaker {
  private failuresInRow = 0;
  private lastFailure = '';

  constructor(private readonly limit = LAUNCH_FAILURES_IN_A_ROW_LIMIT) {}

  /** A page loaded in a browser: the install works, whatever failed before. */
  worked(): void {
    this.failuresInRow = 0;
  }

  /** A launch failed, or its browser went away before any page loaded in it. Answers whether this one tripped the breaker. */
  failed(error: unknown): boolean {
    this.failuresInRow++;
    this.lastFailure = firstLine(error);
    return this.failuresInRow === this.limit;
  }

  get tripped(): boolean {
    return this.failuresInRow >= this.limit;
  }

  /** Throws BROWSER_UNAVAILABLE, naming the last failure, once the breaker tripped; launching is allowed before. */
  check(): void {
    if (!this.tripped) return;
    throw new PricecrawlError(
      'BROWSER_UNAVAILABLE',
      `the browser failed to start ${this.limit} times in a row, so no more are launched in this run (last: ${this.lastFailure}); check browser.executablePath and that Chromium starts on this machine`,
    );
  }
}

/**
 * Playwright's first line says only that the browser closed; what the binary itself printed before it went
 * (`[pid=…][err] error while loading shared libraries: …`) is the cause, so the last such line is kept too.
 */
function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const first = message.split('\n').find((line) => line.trim() !== '')?.trim() ?? 'no message';
  const printed = [...message.split('Call log:')[0]!.matchAll(/^\[pid=\d+\]\[err\] (.+)$/gm)].at(-1)?.[1]?.trim();
  return printed ? `${first}: ${printed}` : first;
}
