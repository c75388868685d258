// The end-of-run summary: ledger counts per outcome, host and status, items, and the accounting proof.
import type { LedgerCounts, LedgerSummary } from '../ports/frontier';
import { URL_TOO_LONG } from './url-length-limit';
import { isCloseSpiderReason } from './close-spider';
import { codeErrors, type CodeErrorFacts } from './code-errors';
import { transientFailures } from './failure-kind';
import { lostHosts, type LostHost } from './lost-hosts';
import { runLosses } from './run-losses';
import { RunTimeline, type TimelineSnapshot } from './run-timeline';
import type { Stats } from './stats';
import type { UnusedHostSetting } from '../settings/unused-host-settings';
import { maskSecrets } from '../core/mask-secrets';
import { DROP_EXAMPLE, KEYED_BY_URL, SKU_CANONICALIZED } from '../pipeline/pipeline-runner';
import { REFUSED_STALE } from '../pipeline/batch-writer';

export interface RunSummary {
  runId: string;
  spider: string;
  elapsedMs: number;
  ledger: LedgerSummary;
  /**
   * scraped, written and dropped count this process's work; `stored` is the run's items in the store, all
   * its processes and resumes together (null when the store could not say). Re-fetched items are written
   * again but stored once.
   */
  items: {
    scraped: number;
    written: number;
    dropped: Record<string, number>;
    stored?: number | null;
    /** Items kept with their page URL as their SKU (the page stated none): an identity guessed (pipeline-runner.ts). */
    keyedByUrl?: number;
    /** Items whose SKU was stored in its canonical form, not as the page wrote it (canonical-sku.ts). */
    skuCanonicalized?: number;
    /** The first drop of each reason with its detail, keyed by reason (`duplicate/price-differs`: both pages and prices). */
    firstDrops?: Record<string, string>;
    /**
     * Items the store refused because their request's row was made under a newer lease: this process held the
     * request past its lease and another worker fetched it again, whose outcome stands (exit 2). With the URLs
     * of those requests, keyed by request id.
     */
    refusedStale?: number;
    staleRequests?: Record<string, string>;
  };
  /** Fetches per fetch mode and host, keyed `<mode>/<host>` (`browser/127.0.0.1:8083`). */
  fetchModes: Record<string, number>;
  /** Browser counters (`pages/opened`, `pages/closed`, `launched`, `retired/<why>`, `pss-peak-bytes`); empty without a browser. */
  browser: Record<string, number>;
  /** planned = succeeded + failed + pending */
  balanced: boolean;
  /** Failed requests whose reason is transient (src/engine/failure-kind.ts), by reason: work a later run may get (exit 4). */
  transientFailures: Record<string, number>;
  /**
   * How the run ended: finished (nothing pending), stopped (a closeSpider limit ended it cleanly; what is
   * pending stays resumable), interrupted (stopped with work left), failed (accounting broken).
   */
  status: 'finished' | 'stopped' | 'interrupted' | 'failed';
  /** Why the crawl was stopped before its queue ran dry (`closespider/itemcount`, `SIGINT`); null when it was not. */
  stopReason: string | null;
  /** How hostile answers and odd links were handled: the `retry/`, `breaker/`, `block/`, `throttle/`, `robots/`, `depth/skipped`, `follow/skipped/` and `url/too-long` counters (full keys). */
  handling: Record<string, number>;
  /** Alarms raised during the run (`null-price/host/<host>` → 1), from the `alarms/` stats. */
  alarms: Record<string, number>;
  /** Settings say an alarm fails the run (exit 3). */
  alarmsFailRun: boolean;
  /** Callback names the spider yielded requests for but does not define → requests failed (a spider bug). */
  unknownCallbacks: Record<string, number>;
  /** The same for errback names (`{ errback: 'onProductFailed' }`): the pages that yielded such requests failed. */
  unknownErrbacks: Record<string, number>;
  /**
   * Hosts the run planned requests for that gave not one item, whatever the reasons (a WAF's 403s, block
   * pages, robots.txt, a callback a redesign broke, unreadable prices): a whole competitor lost, so the run
   * must not end looking clean (exit 4). The rule is `lost-hosts.ts`.
   */
  lostHosts: Record<string, LostHost>;
  /**
   * Hosts whose work the run left queued while their server had asked us to wait: every pending request's
   * host when the run ended because all of them wait longer than frontier.maxIdleWaitMs (a Retry-After of
   * a day, a date next week), else (a closeSpider time limit, a signal) the hosts with pending requests whose
   * server's wait ran past the run's end. With their pending requests and the latest time a server of theirs
   * asked us to come back (wall clock; null when no server wait of theirs was seen here). Also a host nothing
   * succeeded on in the run whose tries here all failed and were to be tried again (`failedTries`): down all
   * night at a closeSpider limit, it was in no line of a run that exits 0.
   */
  waitingHosts: Record<string, { pending: number; untilMs: number | null; failedTries?: number }>;
  /**
   * Errors in the project's own code, keyed `<kind>/<name>` (`callback/parseProduct`, `middleware/sign`,
   * `stage/normalize`): pages or items lost to a bug, however few (exit 4; code-errors.ts). Absent from a
   * summary stored before it existed.
   */
  codeErrors?: Record<string, CodeErrorFacts>;
  /** Per-host settings whose host the run never crawled, when a crawled host is a typo away or the spider set them (warnings). */
  unusedHostSettings?: UnusedHostSetting[];
  /** `crawl --processes N`: other processes of the run that exited without finishing (their work passed on; exit 2). */
  crashedProcesses?: number;
  /** Breaker transitions, alarms and priced/unpriced items over time (the run report draws them). */
  timeline: TimelineSnapshot;
}

/** Stats key of the latest wall-clock time a host's server asked us to wait until (a peak: processes merge by max). */
const SERVER_WAIT_PREFIX = 'server-wait/until/';

/** Stats key of a host's failed tries this process scheduled to try again (`retry` outcomes). */
const RETRIED_PREFIX = 'retried/host/';

/** A try of `host` failed and is to be made again (a 5xx, a reset, a timeout: our backoff, not the server's wait). */
export function noteFailedTry(stats: Stats, host: string): void {
  stats.inc(`${RETRIED_PREFIX}${host}`);
}

/** A server of `host` asked us to come back at `untilWallMs`. */
export function noteServerWait(stats: Stats, host: string, untilWallMs: number): void {
  stats.max(`${SERVER_WAIT_PREFIX}${host}`, Math.round(untilWallMs));
}

/**
 * Hosts whose requests were left queued by a server's wait. After a far wait (`frontier/max-idle-wait`) all
 * pending work is theirs. A run stopped otherwise (a closeSpider time limit, a signal) while a host's server
 * still held it: its pages were queued and nothing said why; a run stopped by its time limit exits 0, so the
 * competitor missing from the night's data was in no line. Such hosts are named too, by the wait still running.
 */
function waitingHosts(ledger: LedgerSummary, stats: Stats, stopReason: string | null, endedAtWallMs: number): RunSummary['waitingHosts'] {
  const until = stats.byPrefix(SERVER_WAIT_PREFIX);
  const retried = stats.byPrefix(RETRIED_PREFIX);
  // Nothing of it succeeded anywhere in the run and every try here failed: the host is down, not merely slow.
  const failedTries = (host: string, c: LedgerCounts) => (c.succeeded === 0 ? (retried[host] ?? 0) : 0);
  const held = (host: string, c: LedgerCounts) => stopReason === FAR_WAIT_STOP || (until[host] ?? 0) > endedAtWallMs || failedTries(host, c) > 0;
  return Object.fromEntries(
    Object.entries(ledger.byHost)
      .filter(([host, c]) => c.pending > 0 && held(host, c))
      .map(([host, c]) => [host, { pending: c.pending, untilMs: until[host] ?? null, ...(failedTries(host, c) > 0 ? { failedTries: failedTries(host, c) } : {}) }]),
  );
}

/** The engine's stop reason when every pending request waits past frontier.maxIdleWaitMs. */
export const FAR_WAIT_STOP = 'frontier/max-idle-wait';

// `team/`: a project's own components count under it (`ctx.stats.inc('team/seen')`, as their drops are
// `team/why`); without it those counters reached no summary, report or run record. `idle/`: how often the
// queue ran dry and what the idle hooks added then (idle-rounds.ts), else a run that ended after them said nothing of them.
// `spider-middleware/`: what each spider middleware dropped, added or recovered (spider-chain.ts); else items
// a middleware dropped were simply fewer "scraped", and a recovered callback error was in the log alone.
const HANDLING_PREFIXES = ['retry/', 'breaker/', 'block/', 'throttle/', 'robots/', 'redirect/', 'depth/skipped', 'follow/skipped/', URL_TOO_LONG, 'idle/', 'cache/', 'raw/withheld-secret', 'team/', 'spider-middleware/'];

export function buildSummary(args: { runId: string; spider: string; ledger: LedgerSummary; stats: Stats; interrupted: boolean; stopReason?: string | null; alarmsFailRun?: boolean; timeline?: TimelineSnapshot; storedItems?: number | null }): RunSummary {
  const { ledger, stats } = args;
  const stopReason = args.stopReason ?? null;
  const balanced = ledger.planned === ledger.succeeded + ledger.failed + ledger.pending;
  const status = !balanced ? 'failed' : isCloseSpiderReason(stopReason) ? 'stopped' : args.interrupted || ledger.pending > 0 ? 'interrupted' : 'finished';
  // The summary is printed, stored in the run record and shown by `status` and the report, and its notes
  // quote pages (a drop's two URLs, a code error's page): their credentials and tokens are masked once, here.
  return maskSecrets({
    runId: args.runId,
    spider: args.spider,
    elapsedMs: stats.elapsedMs(),
    ledger,
    fetchModes: stats.byPrefix('fetch/mode/'),
    browser: stats.byPrefix('browser/'),
    items: { scraped: stats.get('items/scraped'), written: stats.get('items/written'), dropped: stats.byPrefix('items/dropped/'), stored: args.storedItems ?? null, keyedByUrl: stats.get(KEYED_BY_URL), skuCanonicalized: stats.get(SKU_CANONICALIZED), firstDrops: stats.notesByPrefix(DROP_EXAMPLE), refusedStale: stats.get(REFUSED_STALE), staleRequests: stats.notesByPrefix(`${REFUSED_STALE}/`) },
    balanced,
    status,
    stopReason,
    transientFailures: transientFailures(ledger.failedByReason),
    crashedProcesses: stats.get('processes/crashed'),
    handling: Object.fromEntries(HANDLING_PREFIXES.flatMap((prefix) => Object.entries(stats.byPrefix(prefix)).map(([key, n]) => [prefix + key, n]))),
    alarms: stats.byPrefix('alarms/'),
    alarmsFailRun: args.alarmsFailRun ?? false,
    unknownCallbacks: stats.byPrefix('spider/unknown-callback/'),
    unknownErrbacks: stats.byPrefix('spider/unknown-errback/'),
    lostHosts: lostHosts(ledger, stats),
    waitingHosts: waitingHosts(ledger, stats, stopReason, Date.now()),
    codeErrors: codeErrors(stats),
    timeline: args.timeline ?? new RunTimeline().snapshot(),
  });
}

/**
 * Exit code: 0 finished clean (or stopped by a closeSpider limit), 1 accounting broken, 2 interrupted with
 * work pending or requests yielded for a callback the spider lacks, 3 an alarm fired (when set to fail), 4
 * requests failed for transient reasons, a whole host gave no item (lost-hosts.ts), or the project's own code
 * threw on some pages or items (code-errors.ts). When several hold, the first of 1, 3, 2, 4 wins: a broken ledger
 * makes every other figure doubtful; an alarm says the data itself is suspect; work left is fixed by
 * `--resume`, a misspelt callback by fixing the spider; transient losses by a later run. A host lost whole
 * is 4 whatever its reason, a callback a redesign broke included: the run finished and its other hosts'
 * prices are good (2 would say "resume me", which cannot help), and the LOST WHOLE HOSTS line says whether
 * to fix the spider, look at a block or accept robots.txt. A callback, middleware or stage that threw on a
 * few pages is 4 for the same reason: the run finished, the rest is good, and the LOST TO ERRORS IN CODE
 * line names the component to fix. The run record
 * stores this code, so it must be the one the process exits with.
 */
export function exitCodeFor(summary: RunSummary): number {
  if (!summary.balanced) return 1;
  if (summary.alarmsFailRun && Object.keys(summary.alarms).length > 0) return 3;
  if (summary.status !== 'finished' && summary.status !== 'stopped') return 2;
  // A spider bug, like a usage error: CI must notice. The ledger counts it across resumes and processes.
  if (Object.keys({ ...summary.unknownCallbacks, ...summary.unknownErrbacks }).length > 0 || (summary.ledger.failedByReason['callback/unknown'] ?? 0) > 0) return 2;
  // Their work was taken over and the ledger may balance, but a crash must never pass as a clean run.
  if ((summary.crashedProcesses ?? 0) > 0) return 2;
  // Likewise a process stopped past its leases: what it wrote late was refused, and a run that lost writes is never clean.
  if ((summary.items.refusedStale ?? 0) > 0) return 2;
  // Read through runLosses, as every surface reads them: what makes a 4 is what the LOST lines show.
  const losses = runLosses(summary);
  return losses.transient.requests > 0 || losses.lostHosts.length > 0 || losses.codeErrors.length > 0 ? 4 : 0;
}
