// Gathers one run's report data: run record + summary, fetch log (requests over time, 429s, latency), price changes.
import type { FetchLogRow } from '../../ports/fetch-log';
import { openRunLedger, openStores, type StoreConfig } from '../../../storage/open-backends';
import type { RunRecord } from '../../ports/run-record-store';
import { SettingsError } from '../../core/errors';
import { LATENCY_EDGES_MS } from '../../engine/fetch-latency';
import type { RunSummary } from '../../engine/run-summary';
import { runLosses, type RunLosses } from '../../engine/run-losses';
import type { LedgerCounts, LedgerSummary } from '../../ports/frontier';
import type { ItemStore } from '../../ports/item-store';
import type { RunLedgerReader } from '../../ports/run-ledger';
import { failureGroups, runFrontierUrl, type FailureGroup } from './report-failures';
import { withRunRecords } from '../../cli/store-options';
import { siteSkuKey } from '../../pipeline/stored-item';
import { eventsOnAxis, itemsOnAxis, type ItemsOverTime, type ReportEvent } from './report-timeline';
import { reportChange, type ReportChange } from './report-change';

/** Buckets of the requests-over-time chart (fewer when the run was short). */
const TIME_BUCKETS = 40;

export interface HostSeries {
  host: string;
  /** Requests sent per time bucket. */
  requests: number[];
  /** Of those, answered 429. */
  throttled: number[];
  /** Fetches per latency bin (LATENCY_EDGES_MS, then the open-ended bin). */
  latency: number[];
}

/** One host's ledger outcomes, and every HTTP status it answered (retried answers included; `none` = no answer). */
export interface HostOutcome extends LedgerCounts {
  host: string;
  statuses: Record<string, number>;
}

export interface ReportData {
  runId: string;
  spider: string;
  outcome: string;
  /** The exit code the run record holds (4: requests or whole hosts lost); null while running or when the process died first. */
  exitCode: number | null;
  /** Transient losses, hosts lost whole, hosts waited on: from the stored summary, as the crawl printed them. */
  losses: RunLosses;
  /** Why the run stopped early (`closespider/itemcount`, `SIGINT`); null when it ran until its queue was empty. */
  stopReason: string | null;
  /** sha256 of the settings the run used (run record). */
  settingsHash: string | null;
  /** The run's ledger; null for runs recorded before summaries were stored. */
  ledger: LedgerSummary | null;
  failures: FailureGroup[];
  hostOutcomes: HostOutcome[];
  startedAtMs: number;
  endedAtMs: number | null;
  /** When the first fetch went out (epoch ms; the axis origin), null without fetches. */
  firstFetchAtMs: number | null;
  /** Width of one time bucket and the buckets' start offsets from the first fetch (ms). */
  bucketMs: number;
  bucketStartsMs: number[];
  hosts: HostSeries[];
  fetches: number;
  items: { scraped: number; written: number; dropped: Record<string, number>; stored?: number | null };
  /** retry/, breaker/, block/, throttle/, robots/ counters of the summary. */
  handling: Record<string, number>;
  changes: ReportChange[];
  /** Breaker transitions and alarms, on the time axis. */
  events: ReportEvent[];
  /** Priced and unpriced items per time bucket (the null-price rate over time). */
  itemsOverTime: ItemsOverTime;
}

/** The stores a report reads, and the shared frontier to read a run's failed requests from (`--frontier`, frontier.url). */
export interface ReportSource extends StoreConfig {
  frontierUrl?: string;
}

/** From the run records of the configured stores: the storage dir, or PostgreSQL (any machine of the deployment). */
function readRunRecord(config: StoreConfig, runId: string): Promise<RunRecord> {
  return withRunRecords(config, 'report', async (records) => {
    const record = await records.get(runId);
    if (!record) throw new SettingsError(`report: no run ${runId} in ${config.dir} (see \`pricecrawl runs\`)`);
    return record;
  });
}

function bucketWidthMs(spanMs: number): number {
  const raw = Math.max(1, Math.ceil(spanMs / TIME_BUCKETS));
  // A round width reads better on the axis: 1, 2, 5 × 10^n ms.
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * magnitude).find((w) => w >= raw) ?? raw;
}

function latencyBin(durationMs: number): number {
  const index = LATENCY_EDGES_MS.findIndex((edge) => durationMs < edge);
  return index < 0 ? LATENCY_EDGES_MS.length : index;
}

/** Per host: requests and 429s per time bucket, and the latency histogram. */
export function hostSeries(rows: readonly FetchLogRow[]): { firstFetchAtMs: number | null; bucketMs: number; bucketStartsMs: number[]; hosts: HostSeries[] } {
  if (rows.length === 0) return { firstFetchAtMs: null, bucketMs: 1000, bucketStartsMs: [], hosts: [] };
  const first = Math.min(...rows.map((r) => r.fetchedAtMs));
  const last = Math.max(...rows.map((r) => r.fetchedAtMs));
  const bucketMs = bucketWidthMs(last - first + 1);
  const buckets = Math.floor((last - first) / bucketMs) + 1;
  const byHost = new Map<string, HostSeries>();
  for (const row of rows) {
    let series = byHost.get(row.host);
    if (!series) {
      series = { host: row.host, requests: new Array<number>(buckets).fill(0), throttled: new Array<number>(buckets).fill(0), latency: new Array<number>(LATENCY_EDGES_MS.length + 1).fill(0) };
      byHost.set(row.host, series);
    }
    const bucket = Math.floor((row.fetchedAtMs - first) / bucketMs);
    series.requests[bucket]++;
    if (row.status === 429) series.throttled[bucket]++;
    if (row.durationMs !== null) series.latency[latencyBin(row.durationMs)]++;
  }
  const hosts = [...byHost.values()].sort((a, b) => a.host.localeCompare(b.host));
  return { firstFetchAtMs: first, bucketMs, bucketStartsMs: Array.from({ length: buckets }, (_, i) => i * bucketMs), hosts };
}

/** Product names of the run's items by site and SKU (siteSkuKey): read only when there are changes to name. */
async function namesBySku(items: ItemStore, runId: string, ids: ReadonlySet<string>): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (ids.size === 0) return names;
  for await (const item of items.iterateItems(runId)) {
    const name = item.data.name;
    const id = item.sku === null ? null : siteSkuKey(item.site ?? '', item.sku);
    if (id !== null && ids.has(id) && typeof name === 'string' && name.trim() !== '') names.set(id, name.trim());
  }
  return names;
}

/** The ledger per host, with the statuses the fetch log saw for it. */
function hostOutcomes(ledger: LedgerSummary | null, rows: readonly FetchLogRow[]): HostOutcome[] {
  const out = new Map<string, HostOutcome>();
  const entry = (host: string) => {
    let e = out.get(host);
    if (!e) out.set(host, (e = { host, planned: 0, succeeded: 0, failed: 0, pending: 0, statuses: {}, ...ledger?.byHost[host] }));
    return e;
  };
  for (const host of Object.keys(ledger?.byHost ?? {})) entry(host);
  for (const row of rows) {
    const statuses = entry(row.host).statuses;
    const key = row.status === null ? 'none' : String(row.status);
    statuses[key] = (statuses[key] ?? 0) + 1;
  }
  return [...out.values()].sort((a, b) => a.host.localeCompare(b.host));
}

/**
 * Everything the report shows for `runId`: the run record from `storage.dir`, the failed requests from the
 * frontier that ran it (runFrontierUrl), the rest from the configured stores.
 */
export async function gatherReport(config: ReportSource, runId: string): Promise<ReportData> {
  const record = await readRunRecord(config, runId);
  const summary = record.summaryJson ? (JSON.parse(record.summaryJson) as RunSummary) : null;
  const ledgerSource = { frontierUrl: runFrontierUrl(record, config.frontierUrl ?? ''), dir: config.dir, readOnly: config.readOnly };
  const failures = await withRunLedger(ledgerSource, (reader) => failureGroups(reader, runId, summary?.ledger?.failedByReason ?? {}));
  const stores = await openStores(config);
  try {
    const rows = await stores.fetchLog().rows(runId);
    const changes = (await stores.history().list({ spider: record.spider })).filter((c) => c.runId === runId);
    const names = await namesBySku(stores.items(), runId, new Set(changes.map((c) => siteSkuKey(c.site, c.sku))));
    const ledger = summary?.ledger ?? null;
    const series = hostSeries(rows);
    const axis = { originMs: series.firstFetchAtMs ?? 0, bucketMs: series.bucketMs, buckets: series.bucketStartsMs.length };
    return {
      runId,
      spider: record.spider,
      outcome: record.outcome,
      exitCode: record.exitCode,
      losses: runLosses(summary ?? {}),
      stopReason: summary?.stopReason ?? null,
      settingsHash: record.settingsHash,
      ledger,
      failures,
      hostOutcomes: hostOutcomes(ledger, rows),
      startedAtMs: record.startedAtMs,
      endedAtMs: record.endedAtMs,
      ...series,
      fetches: rows.length,
      // Counted in the store: a resumed run's summary is its last process's, the store holds every process's items.
      items: { ...(summary?.items ?? { scraped: 0, written: record.items ?? 0, dropped: {} }), stored: await stores.items().countItems(runId) },
      handling: summary?.handling ?? {},
      changes: changes.map((c) => reportChange(c, names.get(siteSkuKey(c.site, c.sku)) ?? null)),
      events: eventsOnAxis(summary?.timeline, axis),
      itemsOverTime: itemsOnAxis(summary?.timeline, axis),
    };
  } finally {
    await stores.close();
  }
}

async function withRunLedger<T>(source: Parameters<typeof openRunLedger>[0], use: (reader: RunLedgerReader) => Promise<T>): Promise<T> {
  const reader = await openRunLedger(source);
  try {
    return await use(reader);
  } finally {
    await reader.close();
  }
}
