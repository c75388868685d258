// Writes one run's HTML report to a file (used by `pricecrawl report` and `crawl --report`).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { gatherReport, type ReportSource } from './report-data';
import { renderReport } from './report-html';

export const defaultReportPath = (runId: string): string => `report-${runId}.html`;

/** Resolves to the absolute path written. */
export async function writeReport(config: ReportSource, runId: string, file: string = defaultReportPath(runId)): Promise<string> {
  const html = renderReport(await gatherReport(config, runId));
  const path = resolve(file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, html);
  return path;
}
