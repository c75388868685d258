// Writes one run's HTML report to a file (used by `pricecrawl report` and `crawl --report`).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { maskSecretsInText } from '../../core/mask-secrets';
import { gatherReport, type ReportSource } from './report-data';
import { renderReport } from './report-html';

export const defaultReportPath = (runId: string): string => `report-${runId}.html`;

/** Resolves to the absolute path written. */
export async function writeReport(config: ReportSource, runId: string, file: string = defaultReportPath(runId)): Promise<string> {
  // Masked as a whole on its way to the file: failed URLs come from the frontier, which keeps a `?token=` to fetch with.
  const html = maskSecretsInText(renderReport(await gatherReport(config, runId)));
  const path = resolve(file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, html);
  return path;
}
