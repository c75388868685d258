// The one settings schema: every setting's name, type, unit, default and constraint, written once.
import { z } from 'zod';
import { storeUrlProblem } from '../../storage/store-url';

const ms = () => z.number().int().min(0);

const hostPolicySchema = z
  .object({
    maxConcurrency: z.number().int().min(1).optional(),
    minIntervalMs: ms().optional(),
    jitterMs: ms().optional(),
    fetchMode: z.enum(['http', 'browser']).optional(),
  })
  .strict();

/**
 * Conservative defaults: whole-page block markers (a block page's title, the challenge scripts of common
 * bot walls), not any captcha widget, which real shops also put on review and newsletter forms.
 */
const DEFAULT_BLOCK_PATTERNS = [
  '<title>[^<]*(access denied|attention required|just a moment|are you a (robot|human)|captcha|blocked)[^<]*</title>',
  '/cdn-cgi/challenge-platform/',
  'id=["\']px-captcha',
  '_Incapsula_Resource',
];

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
  /** Statuses that mean "blocked" whatever the body (e.g. 999 from some sites); empty by default. */
  statuses: z.array(z.number().int().min(100).max(999)),
  scanChars: z.number().int().min(1),
};

const blockRulesSchema = z
  .object({
    patterns: blockRuleFields.patterns.default(DEFAULT_BLOCK_PATTERNS),
    statuses: blockRuleFields.statuses.default([]),
    scanChars: blockRuleFields.scanChars.default(65_536),
    /** Per-host rules keyed by host key; each field given replaces the project-wide one for that host. */
    hosts: z.record(z.string(), z.object(blockRuleFields).partial().strict()).default({}),
  })
  .strict();

export const settingsSchema = z
  .object({
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
        hostKey: z.enum(['host', 'domain']).default('host'),
        maxConcurrencyPerHost: z.number().int().min(1).default(1),
        minIntervalMs: ms().default(1000),
        /** Extra random delay in [0, jitterMs] added to each host interval. */
        jitterMs: ms().default(250),
        /** Per-host overrides keyed by host key (e.g. "shop.example:8080"). */
        hosts: z.record(z.string(), hostPolicySchema).default({}),
      })
      .strict()
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
      })
      .strict()
      .prefault({}),
    fetchMode: z.enum(['http', 'browser']).default('http'),
    /** Headless Chromium for hosts (or spiders, or requests) whose fetchMode is `browser`. */
    browser: z
      .object({
        /** Debian's Chromium (`apt-get install chromium`). */
        executablePath: z.string().min(1).default('/usr/bin/chromium'),
        /** Pages open at once across the crawl; more browser requests wait for a free page. */
        maxOpenPages: z.number().int().min(1).default(4),
        /** A browser is replaced (gracefully) after serving this many pages, to bound its memory. */
        pagesPerBrowser: z.number().int().min(1).default(200),
        /** Browser contexts (one per session key: cookies + proxy) open at once per browser; idle ones are closed first. */
        maxContexts: z.number().int().min(1).default(16),
        /** A browser whose process tree (Chromium and its renderers, summed RSS from /proc) exceeds this is replaced. */
        memoryBudgetMb: z.number().int().min(1).default(1536),
        /** Shortest time between two memory reads of one browser (read when a page closes). */
        memoryCheckIntervalMs: ms().default(1_000),
        /** Whole page load: navigation, waits and captured bodies. */
        timeoutMs: ms().default(30_000),
        /** Longest `waitFor.networkIdle` waits; the page is taken as it is after that. */
        networkIdleCapMs: ms().default(5_000),
        /**
         * Longest a spider callback may run on a browser response (it may interact through `res.page`);
         * then its page is closed and the request fails with `callback/timeout`.
         */
        callbackTimeoutMs: ms().default(60_000),
        /** Playwright resource types that are aborted before they leave the browser. */
        blockResourceTypes: z.array(z.string()).default(['image', 'font', 'media']),
        /** URL substrings (or /regex/) aborted as well, e.g. trackers. */
        blockUrlPatterns: z.array(z.string()).default(['google-analytics.com', 'googletagmanager.com', 'doubleclick.net', '/collect?']),
      })
      .strict()
      .prefault({}),
    storage: z
      .object({
        /** Directory for the embedded SQLite frontier, items and blobs. */
        dir: z.string().min(1).default('./crawl-storage'),
        /**
         * Where items, price history, the fetch log and raw blobs go: unset or `sqlite:` = the embedded
         * files in `dir`; `postgres://user@host:port/db` = PostgreSQL (the frontier stays in `dir`).
         */
        url: z.string().superRefine((url, ctx) => {
          const problem = storeUrlProblem(url);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }).optional(),
      })
      .strict()
      .prefault({}),
    pipeline: z
      .object({
        /** Items per durable write. */
        batchSize: z.number().int().min(1).default(200),
        /** Longest an item waits in a partial batch. */
        batchMaxAgeMs: ms().default(500),
        /** Stage names to leave out of the default order. */
        disabled: z.array(z.string()).default([]),
        /** ISO 4217 code for prices whose page names no currency (and to resolve `$`, `kr`). */
        defaultCurrency: z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 code such as EUR').optional(),
        /** Alarm on items without a valid price (null counts as missing), per spider and per host. */
        nullPriceAlarm: z
          .object({
            /** Share of priceless items above which the alarm fires (0.05 = 5 %). */
            threshold: z.number().min(0).max(1).default(0.05),
            /** Fewest items judged. */
            minItems: z.number().int().min(1).default(50),
            /** Sliding window of the last N items per spider / host. */
            window: z.number().int().min(1).default(200),
            /** Make the run exit 3 when an alarm fired. */
            failRun: z.boolean().default(false),
          })
          .strict()
          .prefault({}),
      })
      .strict()
      .prefault({}),
    middlewares: z
      .object({
        /** Middleware names to leave out of the default order. */
        disabled: z.array(z.string()).default([]),
      })
      .strict()
      .prefault({}),
    /** Retries of transient failures (middlewares/retry.ts); every retry goes back through the host's slots. */
    retry: z
      .object({
        /** Sends per request, the first one included; then it fails as `retry/exhausted`. */
        maxAttempts: z.number().int().min(1).default(4),
        /** Full-jitter backoff: a random wait in [0, min(backoffCapMs, backoffBaseMs * 2^attempt)]. */
        backoffBaseMs: ms().default(1000),
        backoffCapMs: ms().default(60_000),
        /** Statuses worth another try (throttling and server hiccups). */
        statuses: z.array(z.number().int().min(100).max(599)).default([429, 500, 502, 503, 504]),
        /** Transport failures worth another try, as ledger reasons (`fetch/connection-reset`). */
        errors: z.array(z.string().min(1)).default(['fetch/connection-reset', 'fetch/connection-refused', 'fetch/timeout', 'fetch/connect-timeout', 'fetch/browser-crashed']),
        /** Statuses that fail at once with `http/<status>`, whatever else is configured. */
        failFastStatuses: z.array(z.number().int().min(100).max(599)).default([403, 404, 410]),
      })
      .strict()
      .prefault({}),
    /** Per-host circuit breaker (middlewares/circuit-breaker.ts). */
    breaker: z
      .object({
        /** Consecutive throttling responses (see `statuses`, and detected blocks) that open it. */
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
    /** robots.txt (middlewares/robots-txt.ts): fetched once per host per run; per spider via spider settings. */
    robots: z
      .object({
        obey: z.boolean().default(true),
        /** The product token matched against `User-agent:` groups (the `*` group applies otherwise). */
        userAgentToken: z.string().min(1).default('pricecrawl'),
        /** Fetches of an unreachable (5xx, transport error) robots.txt before its host's requests fail as `robots/unavailable`. */
        maxFetchAttempts: z.number().int().min(1).default(3),
        /** Wait before fetching an unreachable robots.txt again (doubles each time). */
        refetchAfterMs: ms().default(5_000),
      })
      .strict()
      .prefault({}),
    /** Block / CAPTCHA pages served with any status (middlewares/block-detection.ts); per spider via spider settings. */
    blockDetection: blockRulesSchema.prefault({}),
    frontier: z
      .object({
        /** Requests a spider may have yielded but not yet stored before it is paused (backpressure). */
        addBatchSize: z.number().int().min(1).default(500),
        /** Shared frontier for many workers, `redis://host:port[/db]`; empty: the embedded SQLite frontier. */
        url: z.string().regex(/^(rediss?:\/\/.+)?$/, 'empty or a redis:// URL').default(''),
        /** Redis frontier: a lease not renewed for this long (its worker died) returns the request to its queue. */
        leaseTtlMs: ms().min(100).default(30_000),
        /** Redis frontier: longest a worker waits before asking again (other workers add work meanwhile). */
        pollMs: ms().min(1).default(200),
        /** Redis frontier: the run's seen-set expires this long after its last addition. */
        seenTtlMs: ms().min(1000).default(7 * 24 * 3_600_000),
        /** Candidate score: velocity × w1 + staleness × w2 + (proxyHealth − 1) × w3, plus the request's own priority. */
        priority: z
          .object({
            /** w1, per unit of `meta.velocity` (price changes per day). */
            velocity: z.number().default(2),
            /** w2, per second since `meta.lastSeenMs` (1/3600: one point per hour). */
            stalenessPerSecond: z.number().default(1 / 3600),
            /** w3, on `meta.proxyHealth` − 1 (health in [0, 1]; a bad proxy lowers the score). */
            proxyHealth: z.number().default(1),
          })
          .strict()
          .prefault({}),
      })
      .strict()
      .prefault({}),
    shutdown: z
      .object({
        /** How long in-flight requests may finish after SIGINT/SIGTERM. */
        graceMs: ms().default(10_000),
      })
      .strict()
      .prefault({}),
    log: z
      .object({
        level: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']).default('info'),
        /** `auto`: pretty on a TTY, JSON lines otherwise. */
        format: z.enum(['auto', 'pretty', 'json']).default('auto'),
        /** Interval of the periodic stats line; 0 disables it. */
        statsIntervalMs: ms().default(30_000),
      })
      .strict()
      .prefault({}),
    /** Prometheus endpoint during crawls (src/crawl/metrics-server.ts): `GET /metrics` on host:port. */
    metrics: z
      .object({
        /** TCP port of the endpoint; 0 (default) turns it off. */
        port: z.number().int().min(0).max(65_535).default(0),
        /** Listen address: loopback unless you mean to expose the crawl's numbers. */
        host: z.string().min(1).default('127.0.0.1'),
      })
      .strict()
      .prefault({}),
    /** Scheduled crawls (src/catalog/, src/schedule/): SKU catalog, recrawl planner, `pricecrawl schedule`. */
    schedule: z
      .object({
        /** Price velocity = price changes per day over this many days (fewer while a SKU is younger, at least one day). */
        velocityWindowDays: z.number().int().min(1).default(7),
        /** Recrawl tiers, fastest first: a SKU takes the first tier whose minChangesPerDay its velocity reaches. */
        tiers: z
          .array(z.object({ name: z.string().min(1), minChangesPerDay: z.number().min(0), everyMs: ms().min(1) }).strict())
          .min(1)
          .default([
            { name: 'hot', minChangesPerDay: 1, everyMs: 15 * 60_000 },
            { name: 'warm', minChangesPerDay: 0.1, everyMs: 6 * 3_600_000 },
            { name: 'cold', minChangesPerDay: 0, everyMs: 24 * 3_600_000 },
          ])
          .refine((tiers) => tiers.some((tier) => tier.minChangesPerDay === 0), 'one tier needs minChangesPerDay 0 (it takes every SKU)'),
        /** A SKU's due time moves by up to ± this share of its tier's interval, fixed per SKU, so due times never align. */
        jitterRatio: z.number().min(0).max(0.5).default(0.1),
        /** Most planned SKU requests per host in one `--due` run; the rest wait for the next run. */
        maxPerHostPerRun: z.number().int().min(1).default(1000),
        /** A `--due` run also crawls the discovery pages (the spider's start requests) once this long has passed since the last discovery. */
        discoveryEveryMs: ms().default(24 * 3_600_000),
        /** A SKU whose page answered 404/410 in this many consecutive runs is retired: never planned again. */
        retireAfterGoneRuns: z.number().int().min(1).default(3),
        /** A SKU whose primary page failed (blocked, errors) in this many consecutive runs is also fetched from the spider's fallback source. */
        fallbackAfterFailedRuns: z.number().int().min(1).default(3),
        /** `pricecrawl schedule`: per spider, a cron expression (seconds field optional) and spider arguments. */
        spiders: z.record(z.string(), z.object({ cron: z.string().min(1), args: z.record(z.string(), z.string()).default({}) }).strict()).default({}),
      })
      .strict()
      .prefault({}),
    /** PII redaction (pipelines/pii-redaction-stage.ts), the first item stage: nothing after it sees PII. */
    redaction: z
      .object({
        /** Field names (any depth, case-insensitive) whose whole value is replaced. */
        fields: z.array(z.string().min(1)).default(['email', 'phone', 'telephone', 'fax', 'author', 'reviewer', 'customerName']),
        /** Replace e-mail addresses inside any text value. */
        emails: z.boolean().default(true),
        /** Replace phone numbers inside text values (libphonenumber-js; `+` international numbers always). */
        phones: z.boolean().default(true),
        /** Regions (ISO 3166 alpha-2) whose national formats count as phone numbers, e.g. "(212) 555-0187" for US. */
        phoneRegions: z.array(z.string().regex(/^[A-Z]{2}$/, 'an ISO 3166 region such as US')).default(['US']),
        replacement: z.string().default('[redacted]'),
      })
      .strict()
      .prefault({}),
    /** Alarm on a sudden drop in entries per listing page, per host and callback (pipelines/listing-drop-alarm-stage.ts). */
    listingAlarm: z
      .object({
        /** A page is a drop when it yields fewer than this share of the baseline (0.5 = half). */
        dropRatio: z.number().min(0).max(1).default(0.5),
        /** Listings whose baseline (median entries per page) is below this are too small to judge. */
        minBaseline: z.number().int().min(1).default(5),
        /** Healthy pages needed before a page is judged. */
        minBaselinePages: z.number().int().min(1).default(2),
        /** Rolling baseline: the median of the last this-many healthy pages. */
        baselinePages: z.number().int().min(1).default(10),
        /** Make the run exit 3 when the alarm fired. */
        failRun: z.boolean().default(false),
      })
      .strict()
      .prefault({}),
    /** Live progress block during `crawl` (src/crawl/live-progress.ts). */
    progress: z
      .object({
        /** `auto`: on when stderr is a terminal and logs are not JSON (then the periodic stats line is off); `off`: never. */
        live: z.enum(['auto', 'off']).default('auto'),
        /** Redraw interval of the block. */
        intervalMs: z.number().int().min(50).default(1000),
      })
      .strict()
      .prefault({}),
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
        proxyUrls: z.array(z.string().refine(isProxyUrl, 'not an http:// proxy URL')).default([]),
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
            hosts: z.array(z.string().min(1)).default([]),
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
  })
  .strict();

export type Settings = z.output<typeof settingsSchema>;
export type HostPolicyOverride = z.output<typeof hostPolicySchema>;

type DeepPartial<T> = T extends readonly unknown[] ? T : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;
/** What a config file, a spider, env or the CLI may override. */
export type SettingsOverrides = DeepPartial<Settings>;

/** `sessions.proxyUrls` entries: http:// forward proxies (hoisted, used in the schema above). */
function isProxyUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'http:';
  } catch {
    return false;
  }
}
