// Run ids: made by whichever backend starts a run (SQLite or Redis frontier) or by the scheduler before it spawns one.
import { randomBytes } from 'node:crypto';

/** Sortable by start time and unique without coordination: `20261129T083000Z-3fa9c1`. */
export function newRunId(nowMs: number): string {
  const stamp = new Date(nowMs).toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  return `${stamp}-${randomBytes(3).toString('hex')}`;
}
