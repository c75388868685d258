// Settings of fetching: the global ceiling, per-host politeness, the HTTP client and the browser.
import { z } from 'zod';
import { domainKeysOnly, hostKeyedRecord } from './host-keyed';
import { ms } from './units';

/**
 * Keying hosts by server address (Scrapy's CONCURRENT_REQUESTS_PER_IP) needs every name resolved before its
 * requests are stored, and one key per name for every worker of a run (HostAddresses has the resolving, none
 * of it is wired). Refused with why, not the enum's bare "expected host|domain": a team that asks for it learns
 * that two names of one server each get the whole budget here, and what to write instead.
 */
const IP_HOST_KEY_REFUSED = '"ip" (one gate per server address) is not supported: names are not resolved where requests are stored, so no request could be keyed by its address; write "domain" (a site\'s subdomains share one gate) or a politeness.hosts entry per name';

export const hostPolicySchema = z
  .object({
    maxConcurrency: z.number().int().min(1).optional(),
    minIntervalMs: ms().optional(),
    jitterMs: ms().optional(),
    fetchMode: z.enum(['http', 'browser']).optional(),
    /** This host's callbacks (HTTP and browser alike) may run this long, instead of `http.callbackTimeoutMs` or `browser.callbackTimeoutMs`. */
    callbackTimeoutMs: ms().min(1).optional(),
  })
  .strict();

const refreshRuleFields = {
  enabled: z.boolean(),
  /**
   * The longest refresh delay followed (Scrapy's METAREFRESH_MAXDELAY, 100 s). A page asking for a longer
   * wait is meant to be read first (a session-timeout refresh on a real product page), so it is the page.
   */
  maxDelayMs: ms(),
  /** Characters of the decoded body searched for `<meta http-equiv="refresh">`; one past them is not followed. */
  scanChars: z.number().int().min(1),
};

const refreshRulesSchema = z
  .object({
    enabled: refreshRuleFields.enabled.default(true),
    maxDelayMs: refreshRuleFields.maxDelayMs.default(100_000),
    scanChars: refreshRuleFields.scanChars.default(65_536),
    /** Per-host rules keyed by host key; each field given replaces the project-wide one for that host. */
    hosts: hostKeyedRecord(z.object(refreshRuleFields).partial().strict()).default({}),
  })
  .strict();

export type RefreshSettings = z.output<typeof refreshRulesSchema>;

export const fetchingSettings = {
  /** Global ceiling, enforced by Crawlee's AutoscaledPool. */
  concurrency: z
    .object({
      maxConcurrency: z.number().int().min(1).default(64),
      minConcurrency: z.number().int().min(1).default(1),
      /** Where autoscaling starts; Crawlee ramps only +5 %/10 s, so start near the ceiling. */
      desiredConcurrency: z.number().int().min(1).default(32),
      /** Scale down on CPU / memory / event-loop overload (Crawlee's snapshotter). */
      autoscale: z.boolean().default(true),
    })
    .strict()
    .prefault({}),
  politeness: z
    .object({
      /** `host`: URL host incl. port (IPs and localhost included); `domain`: registrable domain. */
      hostKey: z.enum(['host', 'domain'], { error: (issue) => (issue.input === 'ip' ? IP_HOST_KEY_REFUSED : undefined) }).default('host'),
      maxConcurrencyPerHost: z.number().int().min(1).default(1),
      minIntervalMs: ms().default(1000),
      /**
       * Added to every non-zero host interval. Send times are read in whole milliseconds and a server
       * stamps an arrival when its own event loop gets to it, so a site that counts strictly sees some
       * gaps a few ms shorter than we sent them (up to ~8 ms on the polite bench's shared 2-core machine,
       * each answered with a 429 and a one-second pause). 10 ms costs 1 % at the default 1 s interval.
       */
      intervalMarginMs: ms().default(10),
      /** Extra random delay in [0, jitterMs] added to each host interval. */
      jitterMs: ms().default(250),
      /** Per-host overrides keyed by host key (e.g. "shop.example:8080"). */
      hosts: hostKeyedRecord(hostPolicySchema).default({}),
    })
    .strict()
    .superRefine(domainKeysOnly)
    .prefault({}),
  http: z
    .object({
      connectTimeoutMs: ms().default(10_000),
      /** Whole request: connect, headers and body. */
      timeoutMs: ms().default(30_000),
      maxRedirects: z.number().int().min(0).max(50).default(10),
      maxBodyBytes: z.number().int().min(1).default(10 * 1024 * 1024),
      userAgent: z.string().min(1).default('pricecrawl/0.1 (+price monitoring)'),
      headers: z.record(z.string(), z.string()).default({}),
      /** Idle keep-alive sockets kept per host. */
      keepAliveConnectionsPerHost: z.number().int().min(1).default(8),
      /**
       * Longest a spider callback may run on an HTTP response, counting its own time only (not the
       * pipeline's or the frontier's while they store what it yielded), as Crawlee's
       * `requestHandlerTimeoutSecs`; then it is abandoned and the request is tried again or fails with
       * `callback/timeout` (src/engine/callback-deadline.ts). It bounds awaiting, not computing: a
       * synchronous step holds the event loop, so no timer fires until it returns (docs/architecture.md).
       */
      callbackTimeoutMs: ms().min(1).default(60_000),
    })
    .strict()
    .prefault({}),
  /**
   * Refresh redirects in HTTP answers, the `Refresh` header's and `<meta http-equiv="refresh">`'s
   * (middlewares/meta-refresh.ts): followed as a redirect hop of the request. Judged for the host that
   * answered; per host like blockDetection. Browser answers are left alone: Chromium follows them itself.
   */
  metaRefresh: refreshRulesSchema.prefault({}),
  fetchMode: z.enum(['http', 'browser']).default('http'),
  /** Headless Chromium for hosts (or spiders, or requests) whose fetchMode is `browser`. */
  browser: z
    .object({
      /** Debian's Chromium (`apt-get install chromium`). */
      executablePath: z.string().min(1).default('/usr/bin/chromium'),
      /** Pages open at once across the crawl; more browser requests wait for a free page. */
      maxOpenPages: z.number().int().min(1).default(4),
      /** A browser is replaced (gracefully) after serving this many pages, plus a tenth of slack (no launch for a crawl's last few pages), to bound its memory. */
      pagesPerBrowser: z.number().int().min(1).default(200),
      /** Browser contexts (one per host, proxy, or session with cookies) open at once per browser; idle ones are closed first. */
      maxContexts: z.number().int().min(1).default(16),
      /**
       * A rendered document longer than this (UTF-8 bytes) fails as `fetch/body-too-large`, as `http.maxBodyBytes` does
       * over HTTP: larger by default, since a rendered DOM outgrows the bytes it came from (inline SVG, expanded templates).
       */
      maxBodyBytes: z.number().int().min(1).default(32 * 1024 * 1024),
      /** A browser whose process tree (Chromium and its renderers, summed PSS from /proc smaps_rollup: shared pages counted once) exceeds this is replaced. */
      memoryBudgetMb: z.number().int().min(1).default(1536),
      /** Shortest time between two memory reads of one browser (read when a page closes). */
      memoryCheckIntervalMs: ms().default(1_000),
      /** Launching a browser, and opening a page in it, may each take this long; a browser slower to open a page is killed and replaced. */
      openTimeoutMs: ms().default(30_000),
      /** A page or browser that takes longer than this to close is given up on (the browser is killed). */
      closeTimeoutMs: ms().default(5_000),
      /** Whole page load: navigation, waits and captured bodies. */
      timeoutMs: ms().default(30_000),
      /**
       * The page is read once its document is parsed (DOMContentLoaded) and its load event came, but the load is
       * waited for only until this share of `timeoutMs` has passed since the page was asked for
       * (src/fetch/load-wait.ts): one async tag, tracker or widget that never finishes holds the load for ever,
       * and the page, its price long rendered, failed `fetch/timeout` on every try. A page read without its
       * load is counted as `browser/load/capped`; the quiet wait and the request's `waitFor` still apply.
       */
      loadWaitRatio: z.number().min(0).max(1).default(0.5),
      /** Longest `waitFor.networkIdle` waits; the page is taken as it is after that. */
      networkIdleCapMs: ms().default(5_000),
      /**
       * Before a page is read, none of its requests may be in flight and its DOM must not have changed for this
       * long (src/fetch/page-quiet.ts): a price its script writes over the first one after the load (a sale
       * price from an API, a currency or A/B swap) is the one read. 0 reads right after the load and waits.
       * 250, not network idle's 500: every page pays it once; at 500 the JS-shop bench went from 2.06 × to
       * 0.94 × Crawlee's PlaywrightCrawler (4 pages open), and an API's answer is waited for whatever this is.
       */
      quietMs: ms().default(250),
      /** Longest the quiet wait lasts; a page still changing then (a ticker, a long poll) is read as it is. */
      quietCapMs: ms().default(5_000),
      /**
       * Longest a spider callback may run on a browser response (it may interact through `res.page`),
       * counted as `http.callbackTimeoutMs` is; then its page is closed and the request is tried again or
       * fails with `callback/timeout`.
       */
      callbackTimeoutMs: ms().default(60_000),
      /** Playwright resource types refused inside Chromium (images: switched off in Blink; others: CDP request patterns). */
      blockResourceTypes: z.array(z.string()).default(['image', 'font', 'media']),
      /** URL substrings (or /regex/) aborted as well, e.g. trackers. */
      blockUrlPatterns: z.array(z.string()).default(['google-analytics.com', 'googletagmanager.com', 'doubleclick.net', '/collect?']),
      /**
       * Requests one page load may send to its own host besides its document (fetches, scripts, frames: Chromium
       * sends them past the host's slot, up to six at a time per context). The next is not sent, and the page
       * fails as `browser/too-many-requests` (permanent) rather than be read without what it asked for; each one
       * sent counts as `browser/host-requests`. A shop's page makes tens; hundreds of unbundled scripts still pass.
       */
      maxHostRequestsPerPage: z.number().int().min(1).default(500),
      /**
       * Requests one page load may send to all other hosts together (CDNs, trackers, and under
       * `offsiteSubresources: allow` any host), counted and refused as `maxHostRequestsPerPage` is
       * (`browser/other-host-requests`). The Web Almanac's heaviest tenth of pages makes a few hundred
       * requests in all, images included, which `blockResourceTypes` leaves out by default: 1,000 passes every
       * such page, and stops one that asks thousands (a grid of 5,000 offsite images) before it ties up the load.
       */
      maxOtherHostRequestsPerPage: z.number().int().min(1).default(1_000),
      /**
       * Bytes one page load may receive, its document and every part from any host together (decoded, as Chromium
       * holds them); past it the page fails as `fetch/body-too-large` (`browser/page-bytes/capped`). A script or
       * fetch streaming without end crashed the page's renderer, or held the browser at 1.1 GB while the page was
       * read. 64 MiB: eight times the Web Almanac's 90th-percentile page weight (7.4 MB in 2020, images included),
       * and `maxOpenPages` (4) such pages, UTF-16 in a renderer, stay within half of `memoryBudgetMb`.
       */
      maxPageBytes: z.number().int().min(1).default(64 * 1024 * 1024),
      /**
       * Requests a page makes for its parts (fetch/XHR, scripts, images) to hosts outside the spider's
       * allowedDomains: `allow` (shops load scripts and prices from CDNs) or `block`. Navigations (frames,
       * redirects by script or meta refresh, popups) never leave allowedDomains either way. Not covered by
       * `block`: WebSocket handshakes (no request Playwright or CDP can refuse;
       * docs/architecture.md, Confinement).
       */
      offsiteSubresources: z.enum(['allow', 'block']).default('allow'),
    })
    .strict()
    .prefault({}),
};
