// pii-redaction stage: e-mail addresses, phone numbers and configured fields replaced before anything logs or stores the item.
import { createRequire } from 'node:module';
import type * as LibPhoneNumber from 'libphonenumber-js';
import type { CountryCode, findPhoneNumbersInText } from 'libphonenumber-js';
import type { Item } from '../src/core/item';
import { Decimal } from '../src/core/money';
import type { PipelineContext, PipelineStage } from '../src/pipeline/stage';
import type { Settings } from '../src/settings/schema';

export type RedactionOptions = Settings['redaction'];

/**
 * A match starts only where a run of local-part characters starts (the lookbehind): without it the engine
 * tried every position of a long run with no "@" (a 140,000-digit price, a base64 blob in a description)
 * and scanned to the run's end from each one, quadratic: one such field held the event loop for ~30 s. The
 * matches are the same: a local part that matches from inside a run also matches from the run's start.
 */
const EMAIL = /(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;

/**
 * Fields that hold identifiers or prices, never free text: a GTIN or a "1 234 567" price can read as
 * a phone number in some regions, so these are not scanned for phones (e-mails and configured
 * fields still apply: an e-mail in a URL's query is redacted).
 */
const NOT_TEXT = new Set(['sku', 'gtin', 'url', 'price', 'listprice', 'pricelow', 'pricehigh', 'currency', 'availability', 'rawhash']);

/** Counts per kind, kept apart from the item so no PII travels into stats or logs. */
interface Redactions {
  email: number;
  phone: number;
  field: number;
}

export class PiiRedactionStage implements PipelineStage {
  readonly name = 'pii-redaction';
  private readonly fields: Set<string>;
  /**
   * libphonenumber-js (~300 modules) loads with the first text that may hold a phone number, not at start-up: no
   * request waits for it, and a crawl whose items hold none (names, SKUs, prices) never pays its ~60 ms.
   * Required as CommonJS: by then the spider's TypeScript hooks are registered, and an ES import sent each
   * of its modules through them (~200 ms CPU instead of ~60 ms).
   */
  private findPhones: typeof findPhoneNumbersInText | null = null;

  constructor(private readonly options: RedactionOptions) {
    this.fields = new Set(options.fields.map((field) => field.toLowerCase()));
  }

  process(item: Item, _source: unknown, ctx: PipelineContext): Item {
    const counts: Redactions = { email: 0, phone: 0, field: 0 };
    const redacted = this.redactValue(item, null, counts, new Set()) as Item;
    for (const kind of ['email', 'phone', 'field'] as const) if (counts[kind] > 0) ctx.stats.inc(`pii/redacted/${kind}`, counts[kind]);
    return redacted;
  }

  /** A copy with PII replaced; Decimals, numbers and other leaves pass through untouched. */
  private redactValue(value: unknown, key: string | null, counts: Redactions, path: Set<object>): unknown {
    if (typeof value === 'string') return this.redactText(value, counts, key === null || !NOT_TEXT.has(key));
    if (value === null || typeof value !== 'object' || Decimal.isDecimal(value) || value instanceof Date) return value;
    // A cycle is left as it is: the sink refuses such an item as `unstorable`, with a reason.
    if (path.has(value)) return value;
    path.add(value);
    try {
      if (Array.isArray(value)) return value.map((entry) => this.redactValue(entry, key, counts, path));
      const out: Record<string, unknown> = {};
      for (const [field, entry] of Object.entries(value)) {
        const lower = field.toLowerCase();
        if (this.fields.has(lower) && entry !== null && entry !== undefined) {
          out[field] = this.options.replacement;
          counts.field++;
        } else out[field] = this.redactValue(entry, lower, counts, path);
      }
      return out;
    } finally {
      path.delete(value);
    }
  }

  private redactText(text: string, counts: Redactions, scanPhones: boolean): string {
    let out = text;
    if (this.options.emails) {
      out = out.replace(EMAIL, () => {
        counts.email++;
        return this.options.replacement;
      });
    }
    // A phone number has at least seven digits; most texts have fewer and skip the parser.
    if (scanPhones && this.options.phones && (out.match(/\d/g)?.length ?? 0) >= 7) {
      this.findPhones ??= (createRequire(import.meta.url)('libphonenumber-js') as typeof LibPhoneNumber).findPhoneNumbersInText;
      for (const region of this.options.phoneRegions) {
        // Right to left, so earlier offsets stay valid while replacing.
        const found = this.findPhones(out, region as CountryCode).reverse();
        for (const match of found) out = `${out.slice(0, match.startsAt)}${this.options.replacement}${out.slice(match.endsAt)}`;
        counts.phone += found.length;
      }
    }
    return out;
  }
}
