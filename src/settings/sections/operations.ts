// Settings of running crawls: storage, the frontier, shutdown, logging, metrics, live progress and scheduling.
import { z } from 'zod';
import { componentEntry } from '../../components/component-entry';
import { storeUrlProblem } from '../store-url';
import { userInfoProblem } from '../url-user-info';
import { ms } from './units';

export const operationSettings = {
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
      /**
       * PostgreSQL store: a call with no answer for this long (a server stopped or stuck, a network path
       * dropping packets) counts as the store unreachable, and the crawl stops resumable; a nightly run
       * must end, not wait for ever. Above any statement a crawl runs (batches, the run's price history).
       */
      answerTimeoutMs: ms().min(1000).default(300_000),
      /**
       * PostgreSQL store: how long a spider's claim (one crawl of a spider at a time, across machines) holds
       * without a renewal; renewed every third of it. A holder whose renewals fail this long, or whose claim was
       * taken over meanwhile, stops its run (`schedule/lock-lost`, resumable).
       */
      scheduleLeaseMs: ms().min(1000).default(60_000),
      /**
       * The project's own item store (`{ "module": "./storage/warehouse-store.ts", "options": {...} }`), a module
       * whose export implements the ItemStore port: the run's items are written there (before a request is
       * acknowledged) and read back from there (feeds, `export`, the catalog, price changes) instead of the
       * backend's items table. Set it in pricecrawl.config.json, where the store commands read it too.
       */
      items: componentEntry.optional(),
    })
    .strict()
    .prefault({}),
  frontier: z
    .object({
      /** Requests a spider may have yielded but not yet stored before it is paused (backpressure). */
      addBatchSize: z.number().int().min(1).default(500),
      /** Shared frontier for many workers, `redis://host:port[/db]`; empty: the embedded SQLite frontier. */
      url: z
        .string()
        .superRefine((url, ctx) => {
          if (!/^(rediss?:\/\/.+)?$/.test(url)) ctx.addIssue({ code: 'custom', message: 'empty or a redis:// URL' });
          // Refused here, naming the key: the Redis client's own 'Invalid URL' (a port above 65535) named nothing.
          else if (url !== '') {
            const problem = URL.canParse(url) ? userInfoProblem(new URL(url)) : 'not a valid URL';
            if (problem) ctx.addIssue({ code: 'custom', message: problem });
          }
        })
        .default(''),
      /**
       * When nothing is in flight and the next pending request may go only this far ahead (a server's
       * Retry-After of days, a breaker's cooldown), the run ends interrupted instead of sleeping that long:
       * the requests stay queued with their waits for `--resume`, and the exit code says work is left.
       * Above breaker.maxCooldownMs (10 min), so a cooling breaker is waited out.
       */
      maxIdleWaitMs: ms().default(30 * 60_000),
      /** Redis frontier: a lease not renewed for this long (its worker died) returns the request to its queue. */
      leaseTtlMs: ms().min(100).default(30_000),
      /** Redis frontier: longest a worker waits before asking again (other workers add work meanwhile). */
      pollMs: ms().min(1).default(200),
      /**
       * Redis frontier: leases one pick reserves at most (each host's slot still reserved atomically in
       * Redis); the rest wait in the worker for its next picks. 1: one round trip per request.
       */
      pickBatch: z.number().int().min(1).max(64).default(8),
      /**
       * How long the frontier may keep failing (a Redis restart or failover, a network cut) before the crawl
       * stops and leaves its work queued there; a nightly run must end, not retry for ever.
       */
      outageMs: ms().min(1000).default(300_000),
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
  /** Scrapy's CLOSESPIDER_*: the run stops cleanly (exit 0) once one is reached; what is still queued stays resumable (`--resume`). 0 = off. */
  closeSpider: z
    .object({
      /** Items accepted by the pipeline (in-flight pages still finish, so a few more may be stored). */
      itemCount: z.number().int().min(0).default(0),
      /** Responses handed to the spider (any status). */
      pageCount: z.number().int().min(0).default(0),
      /** Requests that ended failed, for any reason (HTTP errors, fetch errors, callback errors). */
      errorCount: z.number().int().min(0).default(0),
      /** Seconds since the crawl started (Scrapy's CLOSESPIDER_TIMEOUT). */
      timeoutSec: z.number().min(0).default(0),
      /**
       * Times the idle hooks are asked for more once the queue ran dry (the spider's `idle()`, extensions' `idle`): a
       * hook that always finds more (a paged API that never ends) stops after this many rounds, their requests crawled.
       */
      idleRounds: z.number().int().min(0).default(0),
    })
    .strict()
    .prefault({}),
  cache: z
    .object({
      /**
       * Scrapy's HTTPCACHE_ENABLED, for developing a spider: each HTTP answer is stored on disk and replayed on the
       * next run instead of fetched. Never on by default, and said at every start (warn) and in the summary: a
       * cached run reads old pages, so its prices are not today's.
       */
      enabled: z.boolean().default(false),
      /** Where answers are kept, one folder per spider; relative to the working folder. */
      dir: z.string().min(1).default('./.pricecrawl-httpcache'),
      /** Answers with these statuses are fetched every time, never stored (Scrapy's HTTPCACHE_IGNORE_HTTP_CODES). */
      ignoreStatuses: z.array(z.number().int().min(100).max(599)).default([]),
      /**
       * Answers stored longer ago than this are fetched again and stored afresh (Scrapy's HTTPCACHE_EXPIRATION_SECS,
       * in ms); 0 keeps them until the folder is deleted. An answer whose age cannot be told (stored before answers
       * carried their time, or stored "later" than now after a clock change) counts as expired when a limit is set.
       */
      maxAgeMs: ms().default(0),
    })
    .strict()
    .prefault({}),
  depth: z
    .object({
      /** Links followed from a start request (depth 0) beyond which yielded requests are dropped (`depth/skipped`); 0 = unlimited. */
      limit: z.number().int().min(0).default(0),
    })
    .strict()
    .prefault({}),
  urlLength: z
    .object({
      /**
       * Characters beyond which a URL is refused, as Scrapy's URLLENGTH_LIMIT (2083, the longest URL old
       * browsers took): a request is not queued (`url/too-long`), a redirect is not followed (its request
       * fails as `url/too-long`); 0 = no limit. Shops that grow URLs without end otherwise keep a crawl going.
       */
      limit: z.number().int().min(0).default(2083),
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
      /**
       * A file the log goes to instead of stderr, as Scrapy's `LOG_FILE` (`--log-file`): JSON lines, appended (a
       * resumed run's lines follow the first's), each written before the next so a killed crawl keeps them all;
       * the summary still prints on stdout. Unset: stderr.
       */
      file: z.string().min(1).optional(),
    })
    .strict()
    .prefault({}),
  /** Prometheus endpoint during crawls (src/app/crawl/metrics-server.ts): `GET /metrics` on host:port. */
  metrics: z
    .object({
      /** TCP port of the endpoint; 0 (default) turns it off. */
      port: z.number().int().min(0).max(65_535).default(0),
      /** Listen address: loopback unless you mean to expose the crawl's numbers. */
      host: z.string().min(1).default('127.0.0.1'),
      /** After the run ends the endpoint keeps answering this long, so a scraper gets the final numbers (a scrape arriving ends the wait early). */
      graceMs: ms().default(2_000),
    })
    .strict()
    .prefault({}),
  /** Event-loop watchdog (src/engine/loop-block-watch.ts): a blocked loop is logged with the callback that blocked it, counted as `loop/blocked`. */
  watchdog: z
    .object({
      /** A loop blocked at least this long is reported once; 0 = off. */
      blockedLoopMs: ms().default(200),
    })
    .strict()
    .prefault({}),
  /** Live progress block during `crawl` (src/app/crawl/live-progress.ts). */
  progress: z
    .object({
      /** `auto`: on when stderr is a terminal and logs are not JSON (then the periodic stats line is off); `off`: never. */
      live: z.enum(['auto', 'off']).default('auto'),
      /** Redraw interval of the block. */
      intervalMs: z.number().int().min(50).default(1000),
    })
    .strict()
    .prefault({}),
  /** Scheduled crawls (src/catalog/, src/app/schedule/): SKU catalog, recrawl planner, `pricecrawl schedule`. */
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
  /** The project's layout, read from its pricecrawl.config.json (paths relative to that file). */
  project: z
    .object({
      /** Folders whose modules define the project's spiders (a folder's index module may export `spiderRegistry` instead). */
      spiders: z.array(z.string().min(1)).min(1).default(['spiders']),
    })
    .strict()
    .prefault({}),
  /**
   * A project's extensions by name: modules whose `register(events, context)` subscribes to the crawl's
   * events; `false` switches a built-in one off (`"null-price-alarm": false`, extensions/index.ts).
   */
  extensions: z
    .record(
      z.string(),
      // Zod says only "Invalid input" for a union; a value that is no object is told both shapes it may take
      // (an object's own mistakes, `modul` for `module`, are named by the loader from the object branch).
      z.union([componentEntry, z.literal(false)], {
        error: (issue) => (typeof issue.input === 'object' && issue.input !== null ? undefined : `expected { "module": "./extensions/<file>.ts" } (with "export" and "options" if needed), or false to switch a built-in extension off; got ${JSON.stringify(issue.input)}`),
      }),
    )
    .default({}),
};
