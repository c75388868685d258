// The run record of a run `status` shows: the politeness it recorded at its start (so `status` shows the intervals the crawl used, its spider's own settings included) and, once ended, its exit code and losses.
import type { RunRecord } from '../ports/run-record-store';
import { fetchingSettings } from '../settings/sections/fetching';
import type { Settings } from '../settings/schema';

/** The run's record; null when there is none or the record store cannot be read (the caller shows the frontier's view alone). */
export async function recordedRun(storage: Settings['storage'], runId: string): Promise<RunRecord | null> {
  const { openExistingRunRecords } = await import('../../storage/open-backends');
  const records = await openExistingRunRecords({ ...storage, readOnly: true }).catch(() => null);
  if (records === null) return null;
  try {
    return await records.get(runId);
  } catch {
    return null;
  } finally {
    await records.close();
  }
}

/**
 * The run record's settings snapshot holds the effective settings (project, spider, `-s`); the project's
 * settings alone would show a spider's `politeness.minIntervalMs` override as the project default. Null
 * when the run recorded none (an older run): the caller falls back.
 */
export function recordedPoliteness(record: RunRecord | null): Settings['politeness'] | null {
  if (!record?.settingsJson) return null;
  try {
    const parsed = fetchingSettings.politeness.safeParse((JSON.parse(record.settingsJson) as { politeness?: unknown }).politeness);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
