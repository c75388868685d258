// The default downloader middleware order. Requests pass top to bottom, responses and errors bottom to top.
import { orderComponents, type AddedComponent, type NamedComponent } from '../src/components/order-components';
import { BlockRules } from '../src/downloader/block-rules';
import type { DownloaderMiddleware } from '../src/downloader/middleware';
import type { Fetcher } from '../src/fetch/fetcher';
import type { RobotsCache } from '../src/ports/robots-cache';
import type { Settings } from '../src/settings/schema';
import type { CrawlStores } from '../src/ports/crawl-stores';
import type { OpenedSessionStore } from '../src/ports/session-store';
import type { HostGate } from '../src/ports/host-gate';
import { AdaptiveThrottleMiddleware } from './adaptive-throttle';
import { BlockDetectionMiddleware } from './block-detection';
import { CircuitBreakerMiddleware, type ThrottleCheck } from './circuit-breaker';
import { HttpCacheMiddleware } from './http-cache';
import { HttpErrorsMiddleware } from './http-errors';
import { MetaRefreshMiddleware } from './meta-refresh';
import { OffsiteMiddleware } from './offsite';
import { RawCaptureMiddleware } from './raw-capture';
import { RetryMiddleware } from './retry';
import { RobotsTxtMiddleware } from './robots-txt';
import { SessionsMiddleware } from './sessions';

/**
 * What a middleware may need besides settings: the crawl's fetcher (robots.txt goes through it), its
 * stores (raw capture), its robots.txt cache (shared by workers) and the run's host gate (breaker,
 * adaptive throttle, Crawl-delay), which owns every politeness clock and the politeness policy: no
 * middleware keeps its own.
 */
export interface MiddlewareDeps {
  fetcher: Fetcher;
  stores: CrawlStores;
  gate: HostGate;
  robotsCache: RobotsCache;
  /** Opens where sessions persist (picked by the composition root); called only when sessions are enabled. */
  openSessionStore: () => Promise<OpenedSessionStore>;
}

/**
 * What the middlewares of one crawl share: the block-page rules (null when block detection is
 * switched off), one instance so that a response is scanned once however many middlewares ask.
 */
interface SharedParts {
  blocks: BlockRules | null;
}

type MiddlewareFactory = (settings: Settings, deps: MiddlewareDeps, shared: SharedParts) => DownloaderMiddleware;

/** Block pages count as throttling (breaker, adaptive throttle) unless block detection is switched off. */
export function blockCheck(blocks: BlockRules | null): ThrottleCheck | undefined {
  return blocks ? (response, ctx) => blocks.detect(ctx.hostKey, response) !== null : undefined;
}

function circuitBreaker(settings: Settings, deps: MiddlewareDeps, shared: SharedParts): DownloaderMiddleware {
  return new CircuitBreakerMiddleware({ statuses: settings.breaker.statuses, gate: deps.gate, isThrottled: blockCheck(shared.blocks) });
}

/** Block pages retire the session that got them, by the same rules, unless block detection is off. */
function sessions(settings: Settings, deps: MiddlewareDeps, shared: SharedParts): DownloaderMiddleware {
  return new SessionsMiddleware(settings.sessions, shared.blocks, deps.openSessionStore);
}

function adaptiveThrottle(settings: Settings, deps: MiddlewareDeps, shared: SharedParts): DownloaderMiddleware {
  return new AdaptiveThrottleMiddleware({ config: settings.throttle.adaptive, gate: deps.gate, isThrottled: blockCheck(shared.blocks), politenessHosts: settings.politeness.hosts });
}

function blockDetection(settings: Settings, _deps: MiddlewareDeps, shared: SharedParts): DownloaderMiddleware {
  // Only built when block detection is enabled, which is exactly when the shared rules exist.
  return new BlockDetectionMiddleware({ rules: shared.blocks!, retry: settings.retry });
}

/**
 * Why this order:
 * - http-errors first: it sees responses last, after every middleware that can still rescue a
 *   non-2xx response (retry, breaker, block detection) has had its turn.
 * - offsite early: a request we must not send costs no robots.txt lookup and no slot.
 * - retry, then circuit-breaker: on the way back the breaker sees a response before retry, so the
 *   response that opens the breaker is parked (no attempt counted) instead of retried; on the way
 *   in the breaker parks requests to an open host before anything below it runs.
 * - block-detection between them: the breaker counts a block page (same rules) before block-detection
 *   turns it into a retry; retry never sees it.
 * - adaptive-throttle below the breaker: it sees every fetched answer (a 429 before retry turns it into
 *   a retry) except those the breaker parks; it only watches and sets the host's interval.
 * - robots-txt last of the deciders: only requests nothing else parked reach it, so its Crawl-delay spacing is counted
 *   from (nearly) the send.
 * - sessions below the breaker (a parked request takes no session) and above robots-txt, so the
 *   robots.txt fetch goes through the session's proxy, never from our own address; on the way back it
 *   sees each fetched response before block-detection, so a block retires its session before the retry.
 * - meta-refresh right above raw-capture: an interstitial that refreshes elsewhere is, like a 3xx hop the
 *   fetcher follows, no answer for the others to judge (no session use, no throttle or breaker signal, no
 *   soft-404 or block check); raw capture still stores it, and the target's answer comes back through all.
 * - http-cache (only with cache.enabled) right above raw-capture: a replayed answer is judged by every
 *   middleware above as a fetched one, and never reaches the fetch log as a fetch.
 * - raw-capture last, next to the fetcher: it stores every body and logs every fetch (errors
 *   included) before any middleware or the spider can fail or drop the response.
 */
export const DEFAULT_MIDDLEWARES: ReadonlyArray<readonly [string, MiddlewareFactory]> = [
  ['http-errors', (settings) => new HttpErrorsMiddleware(new BlockRules({ ...settings.softNotFound, statuses: [] }))],
  ['offsite', () => new OffsiteMiddleware()],
  ['retry', (settings) => new RetryMiddleware(settings.retry)],
  ['block-detection', blockDetection],
  ['circuit-breaker', circuitBreaker],
  ['adaptive-throttle', adaptiveThrottle],
  ['sessions', sessions],
  ['robots-txt', (settings, deps, shared) => new RobotsTxtMiddleware(settings, deps.fetcher, deps.robotsCache, deps.gate, shared.blocks)],
  ['meta-refresh', (settings) => new MetaRefreshMiddleware(settings.metaRefresh)],
  ['http-cache', (settings, deps) => new HttpCacheMiddleware(settings.cache, deps.stores)],
  ['raw-capture', (_settings, deps) => new RawCaptureMiddleware(deps.stores)],
];

/** Built-ins that are in the chain only when a setting asks for them: the development cache must never be on unasked. */
const OPT_IN: Readonly<Record<string, (settings: Settings) => boolean>> = { 'http-cache': (settings) => settings.cache.enabled };

/**
 * The crawl's middlewares: the built-ins in their order, minus `middlewares.disabled`, with a project's
 * own (`middlewares.add`, loaded by the caller) placed by before/after. An added middleware without
 * either stands right before raw-capture, so raw capture still sees every body first. Nothing is made
 * yet: a crawl checks the order before its run exists (an unknown `after` leaves no run behind).
 */
export function orderMiddlewares(settings: Settings, added: readonly AddedComponent<DownloaderMiddleware>[] = []): NamedComponent<(deps: MiddlewareDeps, shared: SharedParts) => DownloaderMiddleware>[] {
  const builtIns = DEFAULT_MIDDLEWARES.filter(([name]) => OPT_IN[name]?.(settings) ?? true).map(([name, make]) => ({ name, origin: 'built-in', value: (deps: MiddlewareDeps, shared: SharedParts) => make(settings, deps, shared) }));
  const addedLazy = added.map(({ value, ...component }) => ({ ...component, value: value === undefined ? undefined : () => value }));
  return orderComponents(builtIns, addedLazy, { section: 'middlewares', kind: 'middleware', disabled: settings.middlewares.disabled, defaultBefore: 'raw-capture' });
}

/** The ordered middlewares, made. */
export function assembleMiddlewares(settings: Settings, deps: MiddlewareDeps, added: readonly AddedComponent<DownloaderMiddleware>[] = []): NamedComponent<DownloaderMiddleware>[] {
  const ordered = orderMiddlewares(settings, added);
  // Block rules exist when the built-in block detection runs: it and the breaker must judge pages alike.
  const shared = { blocks: ordered.some((c) => c.name === 'block-detection' && c.origin === 'built-in') ? new BlockRules(settings.blockDetection, { honourMarks: true }) : null };
  return ordered.map((component) => ({ ...component, value: component.value(deps, shared) }));
}

/** The built-in chain alone (tests and tools that need no project components). */
export function defaultMiddlewares(settings: Settings, deps: MiddlewareDeps): DownloaderMiddleware[] {
  return assembleMiddlewares(settings, deps).map((component) => component.value);
}
