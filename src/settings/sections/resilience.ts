// Settings of the resilience middlewares: retries, the circuit breaker, robots.txt, block detection, sessions, throttle.
import { z } from 'zod';
import { orderedComponentList } from '../../components/component-entry';
import { isValidProductToken } from '../../robots/product-token';
import { DEFAULT_BLOCK_PATTERNS, DEFAULT_RETURN_PARAMS, DEFAULT_WALL_URL_PATTERNS } from './block-patterns';
import { DEFAULT_NOT_FOUND_PATTERNS } from './not-found-patterns';
import { hostKeyedRecord, hostKeyList } from './host-keyed';
import { ms } from './units';
import { userInfoProblem } from '../url-user-info';

function isRegExp(source: string): boolean {
  try {
    new RegExp(source, 'i');
    return true;
  } catch {
    return false;
  }
}

const blockRuleFields = {
  /** Case-insensitive regular expressions searched in the first `scanChars` of the decoded body. */
  patterns: z.array(z.string().min(1).refine(isRegExp, 'not a valid regular expression')),
  /** Statuses that mean "blocked" whatever the body; empty by default (one outside 100-599, LinkedIn's 999, always is: core/status-class.ts). */
  statuses: z.array(z.number().int().min(100).max(999)),
  scanChars: z.number().int().min(1),
  /** Case-insensitive regular expressions over the URL a redirect sends a page to: a match is a wall (a block), not the page's answer. */
  redirectPatterns: z.array(z.string().min(1).refine(isRegExp, 'not a valid regular expression')),
  /** Query parameters in which a gate names the page to return to: a redirect naming its own page there is a wall. */
  returnParams: z.array(z.string().min(1)),
};

const blockRulesSchema = z
  .object({
    patterns: blockRuleFields.patterns.default(DEFAULT_BLOCK_PATTERNS),
    statuses: blockRuleFields.statuses.default([]),
    scanChars: blockRuleFields.scanChars.default(65_536),
    redirectPatterns: blockRuleFields.redirectPatterns.default(DEFAULT_WALL_URL_PATTERNS),
    returnParams: blockRuleFields.returnParams.default(DEFAULT_RETURN_PARAMS),
    /** Per-host rules keyed by host key; each field given replaces the project-wide one for that host. */
    hosts: hostKeyedRecord(z.object(blockRuleFields).partial().strict()).default({}),
  })
  .strict();

/** The same rules without statuses: a not-found page is judged only when its status says success. */
const notFoundRulesSchema = z
  .object({
    patterns: blockRuleFields.patterns.default(DEFAULT_NOT_FOUND_PATTERNS),
    scanChars: blockRuleFields.scanChars.default(65_536),
    hosts: hostKeyedRecord(z.object({ patterns: blockRuleFields.patterns, scanChars: blockRuleFields.scanChars }).partial().strict()).default({}),
  })
  .strict();

/**
 * `sessions.proxyUrls` entries: http:// forward proxies (hoisted, used below), or the reason one is not. The user info
 * must decode (`%40` for an `@` in a password): one that does not made every fetch through the proxy fail, and was
 * refused as no proxy URL at all.
 */
function proxyUrlProblem(value: string): string | null {
  if (!URL.canParse(value) || new URL(value).protocol !== 'http:') return 'not an http:// proxy URL';
  return userInfoProblem(new URL(value));
}

/**
 * Proxies are given to requests by the sessions middleware alone: with it off, a crawl configured to go
 * through proxies would send every request from this machine's own address, which the proxies were there
 * to hide. Refused instead (the reason, or null when the proxies are used).
 */
export function proxiesBypassed(settings: { sessions: { enabled: boolean; proxyUrls: readonly string[] }; middlewares: { disabled: readonly string[] } }): string | null {
  if (settings.sessions.proxyUrls.length === 0) return null;
  const off = !settings.sessions.enabled ? 'sessions.enabled is false' : settings.middlewares.disabled.includes('sessions') ? 'middlewares.disabled names "sessions"' : null;
  return off && `proxies are set but ${off}: every request would go out from this machine's own address (empty the list or turn sessions on)`;
}

export const resilienceSettings = {
  /** Downloader middlewares (middlewares/index.ts): `disabled` names, and a project's own in `add` (src/components/component-entry.ts). */
  middlewares: orderedComponentList(),
  /**
   * Retries of transient failures (middlewares/retry.ts); every retry goes back through the host's slots.
   * The defaults of retry and breaker are chosen together (README "Retries, the breaker and the run's
   * verdict"): a failed try (5xx, a transport error, a block page) counts an attempt, and `maxAttempts` (4)
   * ends a page that keeps failing before `breaker.threshold` (5) lets one page open the breaker for its
   * whole host. The server saying "later" (429, any Retry-After, a request parked by an open breaker) counts
   * no attempt, only a deferral, bounded by `maxDeferrals`.
   */
  retry: z
    .object({
      /** Sends per request, the first one included; then it fails as `retry/exhausted`. */
      maxAttempts: z.number().int().min(1).default(4),
      /**
       * Times a request may wait because the server said "later" (a 429, a Retry-After, an open breaker);
       * then it fails as `retry/deferrals-exhausted` instead of waiting for ever. 10 is about an hour of a
       * breaker that never closes at the default cooldowns (30 s doubling to 10 min); waits of our own
       * (a robots.txt being fetched, a breaker probe out) do not count.
       */
      maxDeferrals: z.number().int().min(0).default(10),
      /** Full-jitter backoff: a random wait in [0, min(backoffCapMs, backoffBaseMs * 2^attempt)]. */
      backoffBaseMs: ms().default(1000),
      backoffCapMs: ms().default(60_000),
      /** Of `statuses`, those that mean "slow down" rather than "failed": waited out after a backoff, counting a deferral, not an attempt. */
      waitStatuses: z.array(z.number().int().min(100).max(599)).default([429]),
      /**
       * Statuses worth another try (throttling and server hiccups): 408 (the server gave up waiting for the
       * request; RFC 9110 lets the client repeat it) and the CDN's "origin did not answer" family 520-524
       * (unknown error, down, connect timeout, unreachable, answer timeout) besides the 429 and 5xx; 421
       * (the connection reached a server that does not serve the host: RFC 9110 §15.5.20 has the client
       * repeat it), 425 (too early: repeat after the handshake, RFC 8470), 499 (a proxy's upstream closed,
       * nginx's code) and 529 (site overloaded). Before, those four failed on their first answer. Cloudflare's 527 (its
       * Railgun link to the origin broke) and 530 (the origin's name or tunnel did not resolve, with a 1xxx error) are the same
       * family: they ended as a permanent http/527, http/530 on a passing origin outage. Its 525 and 526 (the origin's TLS
       * handshake or certificate failed) need the shop's operator, and stay failures at once.
       */
      statuses: z.array(z.number().int().min(100).max(599)).default([408, 421, 425, 429, 499, 500, 502, 503, 504, 520, 521, 522, 523, 524, 527, 529, 530]),
      /**
       * Transport failures worth another try, as ledger reasons (`fetch/connection-reset`); a truncated or
       * corrupt compressed body (`fetch/decompress`) is a cut-off transfer like a reset, and so are a GET
       * answered 2xx with an empty body (`fetch/empty-body`) and a close-delimited body that ended inside its
       * document (`fetch/truncated`), and a 2xx whose JSON reports an error without naming its status
       * (`http/error-envelope`, downloader/error-envelope.ts). A proxy's own failures reach retry only when
       * no other proxy is usable (middlewares/sessions.ts moves the request first).
       */
      errors: z
        .array(z.string().min(1))
        .default(['fetch/connection-reset', 'fetch/connection-refused', 'fetch/timeout', 'fetch/connect-timeout', 'fetch/decompress', 'fetch/empty-body', 'fetch/truncated', 'http/error-envelope', 'fetch/browser-crashed', 'fetch/proxy-unreachable', 'fetch/proxy-auth', 'fetch/proxy-tunnel']),
      /** Statuses that fail at once with `http/<status>`, whatever else is configured. */
      failFastStatuses: z.array(z.number().int().min(100).max(599)).default([403, 404, 410]),
    })
    .strict()
    .prefault({}),
  /** Per-host circuit breaker (middlewares/circuit-breaker.ts). */
  breaker: z
    .object({
      /** Consecutive throttling responses (see `statuses`, and detected blocks) that open it; above retry.maxAttempts, so one failing page alone cannot (see retry). */
      threshold: z.number().int().min(1).default(5),
      statuses: z.array(z.number().int().min(100).max(599)).default([429, 503]),
      /** First open period; the host stays closed for max(this, Retry-After). */
      cooldownMs: ms().default(30_000),
      /** Each failed half-open probe multiplies the cooldown, up to maxCooldownMs. */
      cooldownMultiplier: z.number().min(1).default(2),
      maxCooldownMs: ms().default(600_000),
    })
    .strict()
    .prefault({}),
  /** robots.txt (middlewares/robots-txt.ts): fetched once per origin per run; per spider via spider settings. */
  robots: z
    .object({
      obey: z.boolean().default(true),
      /**
       * A product token matched against `User-agent:` groups besides the one `http.userAgent` sends (the
       * `*` group applies when no group names either; with both named, only what both may fetch is fetched:
       * src/robots/crawler-names.ts). Letters, `-` and `_` (RFC 9309 §2.2.1): files are read that way, so
       * `pricecrawl2` would match `pricecrawl` groups. Unset: the User-Agent's token alone.
       */
      userAgentToken: z
        .string()
        .refine(isValidProductToken, "not an RFC 9309 product token (letters, '-' and '_', optionally followed by '/version')")
        .optional(),
      /** Fetches of an unreachable (5xx, transport error) robots.txt before its host's requests fail as `robots/unavailable`. */
      maxFetchAttempts: z.number().int().min(1).default(3),
      /** Wait before fetching an unreachable robots.txt again (doubles each time). */
      refetchAfterMs: ms().default(5_000),
      /** How long a fetched robots.txt holds before it is fetched again (RFC 9309 §2.4: at most 24 hours). */
      cacheTtlMs: ms().max(86_400_000).default(86_400_000),
      /**
       * How old the last good copy may be and still be obeyed while the file is unreachable when fetched again
       * (5xx, 429, a timeout or reset): RFC 9309 §2.4 lets a cached copy be used past 24 hours only then. Older,
       * the unreachable file disallows everything (§2.3.1.4). A week: a shop's outage over a weekend does not stop
       * the crawl, and a file we have not read for longer is no longer taken for the site's word.
       */
      maxStaleAgeMs: ms().default(7 * 86_400_000),
      /**
       * The longest Crawl-delay obeyed. A longer one is neither shortened (that would be faster than the
       * site asks) nor waited out for days: the origin's requests fail as `robots/crawl-delay-too-long`.
       */
      maxCrawlDelayMs: ms().default(60_000),
    })
    .strict()
    .prefault({}),
  /** Block / CAPTCHA pages served with any status (middlewares/block-detection.ts); per spider via spider settings. */
  blockDetection: blockRulesSchema.prefault({}),
  /**
   * 2xx pages that say the page does not exist (a "soft 404"), which end as `http/soft-404` like a 404
   * (middlewares/http-errors.ts); `patterns: []` reads every 2xx as a page. Per spider or host like blockDetection.
   */
  softNotFound: notFoundRulesSchema.prefault({}),
  /** Per-host session pools and proxy affinity (middlewares/sessions.ts over Crawlee's SessionPool). */
  sessions: z
    .object({
      enabled: z.boolean().default(true),
      /** Responses a session serves before it is retired (Crawlee's maxUsageCount). */
      maxUsesPerSession: z.number().int().min(1).default(50),
      /** Live sessions per host key; a new request picks one of them at random once the pool is full. */
      maxPoolSizePerHost: z.number().int().min(1).default(5),
      /** A session older than this is retired (Crawlee's maxAgeSecs, in ms here). */
      maxAgeMs: ms().default(3_000_000),
      /** Statuses that retire the session that got them (block pages by the block-detection rules always do). */
      retireStatuses: z.array(z.number().int().min(100).max(999)).default([401, 403]),
      /**
       * Forward proxies (`http://user:pass@host:port`); empty = direct. Each session is pinned to one for
       * its whole life. Credentials never reach logs, stats or the fetch log: proxies are named `host:port`.
       */
      proxyUrls: z
        .array(
          z.string().superRefine((url, ctx) => {
            const problem = proxyUrlProblem(url);
            if (problem) ctx.addIssue({ code: 'custom', message: problem });
          }),
        )
        .default([]),
      /**
       * Failures of a proxy itself in a row (no connection to it, a 407) that retire it for the rest of the
       * run, for every host; a request it failed goes again through another proxy without counting an attempt.
       */
      proxyMaxFailures: z.number().int().min(1).default(3),
      /** Keep sessions (cookies, proxy binding, usage) in <storage.dir>/sessions.sqlite, or in Redis when frontier.url is set, so a restarted crawl or worker resumes them. */
      persist: z.boolean().default(true),
    })
    .strict()
    .prefault({}),
  /** Adaptive per-host interval (middlewares/adaptive-throttle.ts); off unless enabled, per spider or per host. */
  throttle: z
    .object({
      adaptive: z
        .object({
          /** Adapt every host's interval (a spider's settings can turn this on for its crawl). */
          enabled: z.boolean().default(false),
          /** Host keys adapted even when `enabled` is false. */
          hosts: hostKeyList().default([]),
          /** Floor of the interval; unset: the host's politeness interval, so adapting never goes faster than configured. */
          minIntervalMs: ms().optional(),
          /** Ceiling of the interval. */
          maxIntervalMs: ms().default(60_000),
          /** A response slower than this (request start to full body) slows the host like a 429. */
          targetLatencyMs: ms().default(3_000),
          /** Multiplier of the interval on a throttling answer or a slow response. */
          increaseFactor: z.number().min(1).default(2),
          /** Taken off the interval after `successesPerDecrease` fast successes in a row. */
          decreaseStepMs: ms().default(50),
          successesPerDecrease: z.number().int().min(1).default(10),
          /** Statuses that mean "too fast"; detected block pages count too. */
          statuses: z.array(z.number().int().min(100).max(599)).default([429, 503]),
        })
        .strict()
        .prefault({}),
    })
    .strict()
    .prefault({}),
};
