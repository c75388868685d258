// Caps and counts the requests one page load sends for its parts: Chromium fetches them past every host slot, its own host's and others'.
import { FetchError } from '../core/errors';
import { hostOfUrl } from '../core/url-host';
import type { Stats } from '../engine/stats';

/** How many parts and frames one load may ask of its own host, and of all other hosts together. */
export interface RequestCaps {
  maxHostRequestsPerPage: number;
  maxOtherHostRequestsPerPage: number;
}

/** One budget: the setting it comes from, what it counts, and the stats keys of its sends and of loads over it. */
interface Budget {
  setting: keyof RequestCaps;
  what: string;
  sentKey: string;
  cappedKey: string;
  sent: number;
}

/**
 * The host's slot spaces the requests the crawl sends, but a page's fetches, scripts and frames are sent by
 * Chromium as its script asks: a page that started 400 fetches and 100 frames of its own host got all 500
 * to the shop within one load, none of them in any count. Each is counted now, and past the cap none is sent:
 * the page is refused (`refuse`, once) rather than read without what it asked for, where a price its script
 * would have written may be missing. Other hosts (CDNs, trackers, any host under `offsiteSubresources: allow`)
 * have a budget of their own, for all of them together: a page that asked 5,000 images or fetches of other
 * hosts had every one sent, holding its page, a connection pool and the crawl's bandwidth for the whole load.
 */
export class HostRequestCap {
  private readonly host: string;
  private readonly own: Budget = { setting: 'maxHostRequestsPerPage', what: '', sentKey: 'browser/host-requests', cappedKey: 'browser/host-requests/capped', sent: 0 };
  private readonly others: Budget = { setting: 'maxOtherHostRequestsPerPage', what: 'other hosts', sentKey: 'browser/other-host-requests', cappedKey: 'browser/other-host-requests/capped', sent: 0 };
  private refused = false;

  constructor(
    private readonly requestUrl: string,
    private readonly caps: RequestCaps,
    private readonly refuse: (error: FetchError) => void,
    private readonly stats?: Stats,
  ) {
    this.host = hostOfUrl(requestUrl);
    this.own.what = this.host;
  }

  /** Whether a part or frame of the page may go to `url`: counted against its budget, or refused past it. */
  admits(url: string): boolean {
    if (this.host === '') return true;
    const budget = hostOfUrl(url) === this.host ? this.own : this.others;
    budget.sent++;
    const max = this.caps[budget.setting];
    if (budget.sent <= max) {
      this.stats?.inc(budget.sentKey);
      return true;
    }
    if (budget.sent === max + 1) {
      this.stats?.inc(budget.cappedKey);
      // The first budget spent names the refusal; the page's waits end with it.
      if (!this.refused) this.refuse(new FetchError('BROWSER_TOO_MANY_REQUESTS', `the page of ${this.requestUrl} asked ${budget.what} for more than browser.${budget.setting} (${max}) parts and frames in one load`));
      this.refused = true;
    }
    return false;
  }
}
