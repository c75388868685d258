// The accounting equation of a finished fault-shop run, checked on every surface: the frontier's ledger (in
// total and per host), each planned URL's ending, the stored items, the run summary the crawl printed, the
// exit code, `pricecrawl runs --json` and `pricecrawl report`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { expect } from 'vitest';
import { failureKind } from '../../src/engine/failure-kind';
import type { RunLosses } from '../../src/engine/run-losses';
import { openRunLedger, openRunStatus } from '../../storage/open-backends';
import type { FaultSite } from './fault-site';
import { plannedPaths, reasonAllowed } from './fault-plan';
import { cli, runRecordsJson, type CliRun } from './run-cli';
import { readItems } from './test-crawl';

export interface AccountingSource {
  site: FaultSite;
  dir: string;
  /** The Redis frontier's URL; '' for the embedded one. */
  frontierUrl: string;
  /** storage.url of the run's stores (PostgreSQL); unset for the embedded files. */
  storeUrl?: string;
  runId: string;
  /** The process that ended the run (the last resume, or the worker that claimed the end); null when it was killed after the run's end. */
  ended: CliRun | null;
  /** Every process of the run, killed ones included: their log lines explain a URL that ended otherwise. */
  all: CliRun[];
}

/** The log lines of every process of the run that name `url`, for a failure message. */
function linesAbout(source: AccountingSource, url: string): string {
  const logs = source.all.flatMap((run) => `${run.stdout}\n${run.stderr}`.split('\n'));
  return logs.filter((line) => line.includes(`"${url}"`)).map((line) => line.slice(0, 400)).join('\n');
}

interface ExpectedRun {
  /** Per host key: planned URL → how it must end ('succeeded' or a failure reason). */
  endings: Map<string, Map<string, string>>;
  prices: Map<string, string>;
  transient: number;
  exitCode: number;
}

function expectedRun(site: FaultSite): ExpectedRun {
  const endings = new Map<string, Map<string, string>>();
  const prices = new Map<string, string>();
  site.plan.hosts.forEach((host, h) => {
    const server = site.servers[h];
    const byUrl = new Map<string, string>();
    for (const page of plannedPaths(host)) byUrl.set(server.url(page.path), page.expected.outcome === 'succeeded' ? 'succeeded' : page.expected.reason);
    endings.set(server.hostKey, byUrl);
    for (const product of host.products) if (product.expected.outcome === 'succeeded') prices.set(product.sku, product.price);
  });
  const reasons = [...endings.values()].flatMap((byUrl) => [...byUrl.values()]).filter((e) => e !== 'succeeded');
  const transient = reasons.filter((r) => failureKind(r.split('|')[0]) === 'transient').length;
  return { endings, prices, transient, exitCode: transient > 0 ? 4 : 0 };
}

/** Asserts the whole equation; `label` names the seed and kill point in every message. */
export async function checkAccounting(source: AccountingSource, label: string): Promise<void> {
  const expected = expectedRun(source.site);
  const planned = [...expected.endings.values()].reduce((sum, byUrl) => sum + byUrl.size, 0);
  const failed = [...expected.endings.values()].flatMap((byUrl) => [...byUrl.values()]).filter((e) => e !== 'succeeded').length;
  const succeeded = planned - failed;

  // Each planned URL ended as its script says: the failures with their reasons, the rest succeeded.
  const ledger = await openRunLedger({ frontierUrl: source.frontierUrl, dir: source.dir });
  try {
    const failures = new Map<string, string>();
    for await (const page of ledger.failedRequests(source.runId)) for (const f of page) failures.set(f.url, f.reason);
    const wantFailures = new Map([...expected.endings.values()].flatMap((byUrl) => [...byUrl].filter(([, e]) => e !== 'succeeded')));
    // An ending that is one of the allowed alternatives reads as the expected text, so the maps compare whole.
    for (const [url, reason] of failures) if (reasonAllowed(wantFailures.get(url) ?? '', reason)) failures.set(url, wantFailures.get(url)!);
    const odd = [...new Set([...failures.keys(), ...wantFailures.keys()])].filter((url) => failures.get(url) !== wantFailures.get(url));
    const why = odd.map((url) => `${url}: ended ${failures.get(url) ?? 'succeeded'}, expected ${wantFailures.get(url) ?? 'succeeded'}\n${linesAbout(source, url)}`).join('\n');
    expect(Object.fromEntries([...failures].sort()), `${label}\n${why}`).toEqual(Object.fromEntries([...wantFailures].sort()));
    const wantSucceeded = [...expected.endings.values()].flatMap((byUrl) => [...byUrl].filter(([, e]) => e === 'succeeded').map(([url]) => url));
    expect((await ledger.succeededAmong(source.runId, wantSucceeded)).size, label).toBe(wantSucceeded.length);
  } finally {
    await ledger.close();
  }

  // The frontier's ledger, in total and per host; nothing left queued or leased.
  const status = await openRunStatus({ frontierUrl: source.frontierUrl, dir: source.dir, policyFor: () => ({ minIntervalMs: 0, maxConcurrency: 1, jitterMs: 0 }) });
  const report = await status.read(source.runId, Date.now()).finally(() => status.close());
  expect(report, label).not.toBeNull();
  expect({ planned: report!.planned, succeeded: report!.succeeded, failed: report!.failed, pending: report!.pending, leases: report!.leases }, label).toEqual({ planned, succeeded, failed, pending: 0, leases: 0 });
  expect(Object.values(report!.failedByReason).reduce((a, b) => a + b, 0), label).toBe(failed);
  const ledgerReasons = report!.failedByReason;
  for (const [hostKey, byUrl] of expected.endings) {
    const host = report!.byHost[hostKey];
    const hostFailed = [...byUrl.values()].filter((e) => e !== 'succeeded').length;
    expect({ host: hostKey, planned: host?.planned, succeeded: host?.succeeded, failed: host?.failed, pending: host?.pending }, label).toEqual({ host: hostKey, planned: byUrl.size, succeeded: byUrl.size - hostFailed, failed: hostFailed, pending: 0 });
  }

  // Every product that answered is stored once, at its exact price; nothing else is (no block page, no half page).
  const items = await readItems(source.dir, source.runId, source.storeUrl);
  const stored = new Map<string, string | null>();
  for (const item of items) {
    expect(stored.has(item.sku ?? ''), `${label}: ${item.sku} stored twice`).toBe(false);
    stored.set(item.sku ?? '', item.price);
  }
  expect(Object.fromEntries([...stored].sort()), label).toEqual(Object.fromEntries([...expected.prices].sort()));

  // What the process that ended the run printed and returned.
  if (source.ended) expect(source.ended.code, `${label}\n${source.ended.stderr}`).toBe(expected.exitCode);
  if (source.ended) expect(source.ended.stdout, label).toContain(`accounting: planned ${planned} = succeeded ${succeeded} + failed ${failed} + pending 0  ✓`);

  // `pricecrawl runs --json` and `pricecrawl report` (run side by side: each is a process start).
  const file = join(source.dir, `report-${source.runId}.html`);
  const store = source.storeUrl ? ['--store', source.storeUrl] : [];
  const [records, reportRun] = await Promise.all([
    runRecordsJson<{ runId: string; outcome: string; exitCode: number; planned: number; succeeded: number; failed: number; pending: number; items: number; losses: RunLosses }>(['--storage', source.dir, ...store]),
    cli(['report', source.runId, '--storage', source.dir, ...store, '--output', file, ...(source.frontierUrl ? ['--frontier', source.frontierUrl] : [])]),
  ]);
  const record = records.find((r) => r.runId === source.runId);
  expect(record && { outcome: record.outcome, exitCode: record.exitCode, planned: record.planned, succeeded: record.succeeded, failed: record.failed, pending: record.pending, items: record.items, transient: record.losses.transient.requests }, label)
    .toEqual({ outcome: 'finished', exitCode: expected.exitCode, planned, succeeded, failed, pending: 0, items: expected.prices.size, transient: expected.transient });

  // The report: the ledger line, and the losses under the exit code.
  expect(reportRun.code, `${label}\n${reportRun.stderr}`).toBe(0);
  const $ = cheerio.load(readFileSync(file, 'utf8'));
  expect($('#ledger p.ledger').text(), label).toMatch(new RegExp(`^planned ${planned} = succeeded ${succeeded} \\+ failed ${failed} \\+ pending 0\\s+balanced ✓$`));
  if (expected.transient > 0) expect($('#losses h3').first().text(), label).toBe(`LOST TO TRANSIENT FAILURES: ${expected.transient}`);
  else expect($('#losses').length, label).toBe(0);
  const failureCounts = Object.fromEntries($('#failures h3').toArray().map((h) => {
    const [reason, count] = $(h).text().split(': ');
    return [reason, Number(count)];
  }));
  expect(failureCounts, label).toEqual(ledgerReasons);
}
