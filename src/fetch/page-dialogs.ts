// The dialogs a page opens while it loads: each answered as Playwright would (dismissed), counted, and a question asked refuses the page.
import type { Dialog } from 'playwright-core';
import { FetchError } from '../core/errors';
import { terminalLine } from '../core/terminal-safe';
import type { Stats } from '../engine/stats';

/** A dialog that asks the visitor to choose: its answer may be what the page prices on. */
const QUESTIONS = new Set(['confirm', 'prompt']);
/**
 * Alerts one load may open before it is refused. A shop shows a notice or two; one that opens another as
 * each is answered (a loop) holds its script, and so the read, for good: it ran to the deadline as
 * `fetch/timeout` on every try (1,056 alerts in 15 s).
 */
const MAX_ALERTS = 20;

/**
 * Chromium holds a page's script while a dialog is open; unheard, Playwright dismisses it (`confirm` gives
 * false, `prompt` null). A page that prices on the answer ("Show prices with VAT?", "Your postcode?") was
 * read with the choice of a visitor who never chose: 10.00 net stored where the shop asks first and shows
 * 12.00 to whoever says yes, silently. Whichever answer the crawler gave, the price is one of several the page
 * shows, so a question asked before the page is read refuses it (`browser/dialog`, permanent: the page asks
 * on every try). An `alert` has one answer, and a `beforeunload` asks only as the page is left: both are
 * answered as before and read on (alerts up to MAX_ALERTS). Each kind is counted (`browser/dialog/<type>`), as the page's script reaches them.
 */
export class PageDialogs {
  private asked: FetchError | null = null;
  private alerts = 0;
  private refuse: (error: FetchError) => void = () => undefined;
  /**
   * Rejects at the first question: raced with the fetcher's waits, so a request waiting for what only a yes
   * shows (`waitFor.selector`) fails as what it is at once, not at its deadline as `fetch/timeout` on every try.
   */
  readonly refused = new Promise<never>((_, reject) => (this.refuse = reject));

  constructor(
    private readonly requestUrl: string,
    private readonly stats?: Stats,
  ) {
    this.refused.catch(() => undefined); // only ever raced, and checked after the read
  }

  /** The page listener: answers as Playwright's default does, which it stops doing once a listener is there. */
  readonly onDialog = (dialog: Dialog): void => {
    const type = dialog.type();
    this.stats?.inc(`browser/dialog/${type}`);
    // The page's words, made safe to print.
    const shown = () => `${type}(${JSON.stringify(terminalLine(dialog.message()).slice(0, 80))})`;
    if (QUESTIONS.has(type)) this.refuseOnce(() => `asked ${shown()} before it was read: its price may be the answer the crawler gave, not the page's`);
    if (type === 'alert' && ++this.alerts > MAX_ALERTS) this.refuseOnce(() => `opened more than ${MAX_ALERTS} alerts before it was read (the last ${shown()}): a loop holds its script`);
    dialog.dismiss().catch(() => undefined); // the page may be closing under it
  };

  private refuseOnce(why: () => string): void {
    if (this.asked !== null) return;
    this.asked = new FetchError('BROWSER_DIALOG', `the page of ${this.requestUrl} ${why()}`);
    this.refuse(this.asked);
  }

  /** Throws when the page asked its visitor something before it was read (during the read too). */
  check(): void {
    if (this.asked !== null) throw this.asked;
  }
}
