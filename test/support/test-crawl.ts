// Runs a whole crawl in-process for integration tests and reads back what it stored.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { Spider } from '../../src/core/spider';
import { runCrawl, type CrawlOptions } from '../../src/app/crawl/run-crawl';
import type { CrawlEngine } from '../../src/engine/crawl-engine';
import type { RunSummary } from '../../src/engine/run-summary';
import type { CrawlMode } from '../../src/app/schedule/run-seeds';
import { createLogger } from '../../src/log/logger';
import { resolveSettings } from '../../src/settings/load-settings';
import type { StoredItem } from '../../src/ports/item-store';
import { openStores } from '../../storage/open-backends';

export interface TestCrawlResult {
  summary: RunSummary;
  items: StoredItem[];
  logs: Array<Record<string, unknown>>;
}

/** A sink of parsed pino lines, so tests assert on log objects rather than text. */
export function logSink(lines: Array<Record<string, unknown>> = []): { stream: Writable; lines: Array<Record<string, unknown>> } {
  let partial = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      partial += chunk.toString();
      const parts = partial.split('\n');
      partial = parts.pop() ?? '';
      for (const part of parts) if (part.trim()) lines.push(JSON.parse(part) as Record<string, unknown>);
      done();
    },
  });
  return { stream, lines };
}

export function tempStorageDir(label: string): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), `pricecrawl-${label}-`));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Reads a run's items back from the embedded files in `dir`, or from `storeUrl` (storage.url) when given. */
export async function readItems(dir: string, runId: string, storeUrl?: string): Promise<StoredItem[]> {
  const stores = await openStores({ dir, url: storeUrl });
  try {
    const items: StoredItem[] = [];
    for await (const item of stores.items().iterateItems(runId)) items.push(item);
    return items;
  } finally {
    await stores.close();
  }
}

export interface CrawlExtras {
  /** Feeds (-o/-O) written while the crawl runs. */
  feeds?: CrawlOptions['feeds'];
  /** Items, history, fetch log and blobs go there (storage.url); the frontier stays in `dir`. */
  storeUrl?: string;
  mode?: CrawlMode;
  /** Continue the latest unfinished run (`--resume`). */
  resume?: boolean;
  /** Create (or continue) this run id (`--run-id`), e.g. to open its queue while it runs. */
  runId?: string;
  /** Receives the engine, e.g. to stop it part-way. */
  onEngine?: (engine: CrawlEngine) => void;
  /** Awaited after the run ends, before the metrics endpoint closes. */
  onRunEnd?: (summary: RunSummary) => Promise<void> | void;
  /** Receives the live snapshot function (the progress block's and the metrics' source). */
  onSnapshotSource?: CrawlOptions['onSnapshotSource'];
  /** Listen on the run's events beside the built-in observers. */
  observers?: CrawlOptions['observers'];
  /** Receives the log lines as they are written: a crawl that rejects returns none. */
  logLines?: Array<Record<string, unknown>>;
}

export async function crawlInProcess(spider: Spider, dir: string, settings: Record<string, unknown>, extra: CrawlExtras = {}): Promise<TestCrawlResult> {
  const loaded = resolveSettings([
    { name: 'spider', origin: 'spider.settings', values: spider.settings as Record<string, unknown> },
    { name: 'cli', origin: 'test', values: { ...settings, storage: extra.storeUrl ? { dir, url: extra.storeUrl } : { dir } } },
  ]);
  const sink = logSink(extra.logLines);
  const log = createLogger({ level: 'info', format: 'json', destination: sink.stream });
  const summary = await runCrawl({ spider, loaded, log, feeds: extra.feeds, mode: extra.mode, resume: extra.resume, runId: extra.runId, onEngine: extra.onEngine, onRunEnd: extra.onRunEnd, onSnapshotSource: extra.onSnapshotSource, observers: extra.observers });
  return { summary, items: await readItems(dir, summary.runId, extra.storeUrl), logs: sink.lines };
}
