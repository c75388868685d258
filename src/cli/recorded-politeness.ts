// The politeness a run recorded at its start, so `status` shows the intervals the crawl used, its spider's own settings included.
import { fetchingSettings } from '../settings/sections/fetching';
import type { Settings } from '../settings/schema';

/**
 * The run record's settings snapshot holds the effective settings (project, spider, `-s`); the project's
 * settings alone would show a spider's `politeness.minIntervalMs` override as the project default. Null
 * when the run recorded none (an older run, a record store that cannot be read): the caller falls back.
 */
export async function recordedPoliteness(storage: Settings['storage'], runId: string): Promise<Settings['politeness'] | null> {
  const { openExistingRunRecords } = await import('../../storage/open-backends');
  const records = await openExistingRunRecords(storage).catch(() => null);
  if (records === null) return null;
  try {
    const json = (await records.get(runId))?.settingsJson;
    if (!json) return null;
    const parsed = fetchingSettings.politeness.safeParse((JSON.parse(json) as { politeness?: unknown }).politeness);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  } finally {
    await records.close();
  }
}
