// Caps and counts the requests one page load sends to its own host: Chromium fetches a page's parts and frames past every host slot.
import { FetchError } from '../core/errors';
import { hostOfUrl } from '../core/url-host';
import type { Stats } from '../engine/stats';

/** Each part or frame a page load sent to its own host. */
const SENT = 'browser/host-requests';
/** Page loads that asked their host for more than the cap. */
const CAPPED = 'browser/host-requests/capped';

/**
 * The host's slot spaces the requests the crawl sends, but a page's fetches, scripts and frames are sent by
 * Chromium as its script asks: a page that started 400 fetches and 100 frames of its own host got all 500
 * to the shop within one load, none of them in any count. Each is counted now, and past `max` none is sent:
 * the page is refused (`refuse`, once) rather than read without what it asked for, where a price its script
 * would have written may be missing. Other hosts' requests are the offsite rule's (`offsiteSubresources`).
 */
export class HostRequestCap {
  private readonly host: string;
  private sent = 0;

  constructor(
    private readonly requestUrl: string,
    private readonly max: number,
    private readonly refuse: (error: FetchError) => void,
    private readonly stats?: Stats,
  ) {
    this.host = hostOfUrl(requestUrl);
  }

  /** Whether a part or frame of the page may go to `url`; one to the page's host is counted, or refused past the cap. */
  admits(url: string): boolean {
    if (this.host === '' || hostOfUrl(url) !== this.host) return true;
    this.sent++;
    if (this.sent <= this.max) {
      this.stats?.inc(SENT);
      return true;
    }
    if (this.sent === this.max + 1) {
      this.stats?.inc(CAPPED);
      this.refuse(new FetchError('BROWSER_TOO_MANY_REQUESTS', `the page of ${this.requestUrl} asked ${this.host} for more than browser.maxHostRequestsPerPage (${this.max}) parts and frames in one load`));
    }
    return false;
  }
}
