// Writes one run's HTML report to a file (used by `pricecrawl report` and `crawl --report`).
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { PricecrawlError } from '../../core/errors';
import { maskSecrets } from '../../core/mask-secrets';
import { replaceFile, writeFailureReason } from '../../core/replace-file';
import { gatherReport, type ReportSource } from './report-data';
import { renderReport } from './report-html';

export const defaultReportPath = (runId: string): string => `report-${runId}.html`;

/** Resolves to the absolute path written. */
export async function writeReport(config: ReportSource, runId: string, file: string = defaultReportPath(runId)): Promise<string> {
  // Masked before it is rendered: failed URLs come from the frontier, which keeps a `?token=` to fetch with. Not the
  // HTML after: escaping writes a password's quote as `&#39;`, whose `#` ends a URL's authority for the masking.
  const html = renderReport(maskSecrets(await gatherReport(config, runId)));
  const path = resolve(file);
  try {
    mkdirSync(dirname(path), { recursive: true });
    replaceFile(path, html);
  } catch (error) {
    // The bare "EFBIG: file too large, write" (exit 1) named neither the report nor what became of it.
    throw new PricecrawlError('REPORT_WRITE_FAILED', `cannot write the report ${path} (${writeFailureReason(error)}): the file there is left as it was`, { cause: error });
  }
  return path;
}
