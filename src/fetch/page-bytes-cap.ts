// Caps the bytes one page load receives, its document and every part of it from any host: Chromium takes whatever a server streams.
import { FetchError } from '../core/errors';
import type { Stats } from '../engine/stats';

/** Page loads refused for receiving more than the cap. */
const CAPPED = 'browser/page-bytes/capped';

/**
 * Nothing bounded what a page load took in: a fetch or a stylesheet (of the shop or of a CDN under
 * `offsiteSubresources: allow`) that streams without end was received while the page was read as if whole,
 * the browser at 1.1 GB; a script so sent killed the page's renderer (`fetch/browser-crashed`, transient:
 * each try pulled gigabytes again). Each chunk DevTools reports for the load (`Network.dataReceived`, decoded
 * bytes: what the renderer holds) is counted, and a response whose Content-Length would take the load past
 * `max` is refused before its body is read: either way the page is refused (`refuse`, once) as too large, as
 * an HTTP body past its cap is. A document's chunks are reported as they come, and a script's too since V8 no
 * longer compiles it as it streams (`--disable-features=ScriptStreaming`, chromium-launch.ts): before, one sent
 * without a length and without end was reported only at its end, and ran until its renderer died.
 */
export class PageBytesCap {
  private received = 0;
  private refused = false;

  constructor(
    private readonly requestUrl: string,
    private readonly max: number,
    private readonly refuse: (error: FetchError) => void,
    private readonly stats?: Stats,
  ) {}

  /** Told of each chunk the page's documents and parts receive. */
  add(bytes: number): void {
    this.received += bytes;
    if (this.received > this.max) this.refuseOnce();
  }

  /** Whether a response declaring `bytes` (its Content-Length) may be received: false refuses the page. */
  admitsDeclared(bytes: number): boolean {
    if (this.received + bytes <= this.max) return true;
    this.refuseOnce();
    return false;
  }

  private refuseOnce(): void {
    if (this.refused) return;
    this.refused = true;
    this.stats?.inc(CAPPED);
    this.refuse(new FetchError('FETCH_BODY_TOO_LARGE', `the page of ${this.requestUrl} received more than browser.maxPageBytes (${this.max}) bytes in one load, its document and parts together`));
  }
}
