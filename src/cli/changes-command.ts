// `pricecrawl changes`: lists recorded price/currency/availability/pricing-field change events as a table or JSON lines.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { openStores } from '../../storage/open-backends';
import { changedPricingFields, changeKinds, type ChangeKind, type PriceChange } from '../ports/price-history';
import { parseStoreUrl } from '../settings/store-url';
import { SettingsError } from '../core/errors';
import { storeConfigFromCli, type StoreCliOptions } from './store-options';
import { terminalLine, terminalSafeJson } from './terminal-text';

export interface ChangesOptions extends StoreCliOptions {
  spider?: string;
  since?: string;
  json?: boolean;
}

const UNIT_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

/** "24h", "7d", "30m" (ago), or an ISO date/time. */
export function parseSince(text: string, nowMs: number): number {
  const relative = /^(\d+)([mhd])$/.exec(text.trim());
  if (relative) return nowMs - Number(relative[1]) * UNIT_MS[relative[2]];
  const parsed = Date.parse(text);
  if (Number.isNaN(parsed)) throw new SettingsError(`changes --since: "${text}" is neither an ISO date nor a duration like 24h, 7d, 30m`);
  return parsed;
}

/** Kinds whose amounts do not compare say so in the table. */
const CHANGE_KIND_SHOWN: Partial<Record<ChangeKind, string>> = { currency: 'currency (amounts not comparable)', tax: 'tax basis (amounts not comparable)' };

const show = (price: string | null, currency: string | null): string => (price === null ? '—' : `${price}${currency ? ` ${currency}` : ''}`);

/** "shippingCost 4.95 → 5.95; tiers": plain values with old and new, structured ones (tiers, unit price) by name. */
function pricingCell(change: PriceChange): string {
  return changedPricingFields(change)
    .map((field) => {
      const [before, after] = [change.oldPricing?.[field], change.newPricing?.[field]];
      const plain = (value: unknown) => value === undefined || typeof value === 'string';
      return plain(before) && plain(after) ? `${field} ${(before as string | undefined) ?? '—'} → ${(after as string | undefined) ?? '—'}` : field;
    })
    .join('; ');
}

function formatTable(changes: readonly PriceChange[]): string {
  const header = ['time (UTC)', 'spider', 'site', 'sku', 'change', 'old', 'new', 'availability', 'other'];
  // SKUs, prices and availability came from pages: nothing in them may drive the terminal.
  const rows = changes.map((c) => [
    new Date(c.observedAtMs).toISOString().replace('T', ' ').slice(0, 19),
    c.spider,
    c.site,
    c.sku,
    changeKinds(c).map((kind) => CHANGE_KIND_SHOWN[kind] ?? kind).join(', '),
    show(c.oldPrice, c.oldCurrency),
    show(c.newPrice, c.newCurrency),
    c.oldAvailability === c.newAvailability ? (c.newAvailability ?? '') : `${c.oldAvailability ?? '—'} → ${c.newAvailability ?? '—'}`,
    pricingCell(c),
  ].map(terminalLine));
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i])).join('  ').trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

export async function changesCommand(opts: ChangesOptions): Promise<number> {
  const config = storeConfigFromCli(opts);
  const sinceMs = opts.since ? parseSince(opts.since, Date.now()) : undefined;
  const where = parseStoreUrl(config.url, config.dir);
  if (where.kind === 'sqlite' && !existsSync(join(where.dir, 'items.sqlite'))) {
    throw new SettingsError(`changes: no items in ${where.dir} (run a crawl first, or pass --storage / --store)`);
  }
  const stores = await openStores(config);
  try {
    // Empty or not, the list holds none of the runs whose items went to the project's own store: said, not left to guess.
    const changes = await stores.history().list({ spider: opts.spider, sinceMs });
    if (opts.json) for (const change of changes) process.stdout.write(`${terminalSafeJson(JSON.stringify({ ...change, changed: changeKinds(change) }))}\n`);
    else process.stdout.write(`${changes.length === 0 ? 'no price changes' : formatTable(changes)}\n`);
    return 0;
  } finally {
    await stores.close();
  }
}
