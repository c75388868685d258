// Settings of the item side: the spider middlewares, the pipeline and its stages (null-price alarm, PII redaction, listing-drop alarm).
import { z } from 'zod';
import { orderedComponentEntry, orderedComponentList, sinkEntry } from '../../components/component-entry';
import { ms } from './units';

export const itemSettings = {
  /**
   * Spider middlewares (spider-middlewares/index.ts): what start() and the callbacks yield passes them before
   * the frontier and the pipeline. The list runs from the engine to the spider, as the downloader list does.
   */
  spiderMiddlewares: orderedComponentList(),
  pipeline: z
    .object({
      /** Items per durable write. */
      batchSize: z.number().int().min(1).default(200),
      /** Longest an item waits in a partial batch. */
      batchMaxAgeMs: ms().default(500),
      /** Stage names to leave out (built-in or added). */
      disabled: z.array(z.string()).default([]),
      /** A project's own stages by name: module, before/after, options (src/components/component-entry.ts). */
      add: z.record(z.string(), orderedComponentEntry).default({}),
      /** Where stored items also go (a webhook, a queue, a file): module, options, and whether the ack waits for it. */
      sinks: z.record(z.string(), sinkEntry).default({}),
      /** ISO 4217 code for prices whose page names no currency (and to resolve `$`, `kr`). */
      defaultCurrency: z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 code such as EUR').optional(),
      /**
       * Prices a page labels without tax and shows no gross beside (a B2B shop's `12,00 € zzgl. MwSt.`, `$10.00 excl. tax`):
       * `keep` stores them with `taxIncluded: false`, `refuse` drops them as `price/net-only` (a project comparing gross prices).
       */
      netPrices: z.enum(['keep', 'refuse']).default('keep'),
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
};
