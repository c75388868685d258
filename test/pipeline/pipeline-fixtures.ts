// Shared fixtures for pipeline tests: temp SQLite dirs, a pino logger whose lines the test reads, sources.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino, type Logger } from 'pino';
import type { ItemSource } from '../../src/core/item';
import { Stats } from '../../src/engine/stats';
import type { PipelineContext } from '../../src/pipeline/stage';
import { settingsSchema, type Settings } from '../../src/settings/schema';

export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** A debug-level pino logger writing JSON lines into an array the test can assert on. */
export function capturingLogger(): { log: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  // A plain { write } destination is called synchronously: a line is in `lines` when log.x() returns.
  const destination = { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) };
  return { log: pino({ level: 'debug' }, destination), lines };
}

export function tempDir(prefix: string): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), `pricecrawl-${prefix}-`));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export function testSettings(pipeline: Partial<Settings['pipeline']> = {}): Settings {
  return settingsSchema.parse({ pipeline });
}

let requestCounter = 0;
export function source(overrides: Partial<ItemSource> = {}): ItemSource {
  requestCounter += 1;
  return {
    spider: 'shop',
    runId: 'run-1',
    requestId: `req-${requestCounter}`,
    url: `http://127.0.0.1/product/${requestCounter}`,
    rawHash: 'a'.repeat(64),
    scrapedAtMs: 1_700_000_000_000,
    ...overrides,
  };
}

export function pipelineContext(settings: Settings, log: Logger, stats = new Stats()): PipelineContext {
  return { settings, log, stats, spider: 'shop', runId: 'run-1' };
}
