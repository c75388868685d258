// Adds a column that a newer version of a table has, to a file made before it existed (idempotent, race-safe).
import type { SqliteDb } from './open-frontier-db';

/** True when this call added it: the caller may then fill it from what the file held before. */
export function addColumnIfMissing(db: SqliteDb, table: string, column: string, type: string): boolean {
  const columns = db.prepare(`SELECT name FROM pragma_table_info(?)`).all(table) as Array<{ name: string }>;
  if (columns.some((c) => c.name === column)) return false;
  try {
    db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${type}`);
    return true;
  } catch (error) {
    // Another process (a scheduler and its child, a second worker) added it between the check and here.
    if (!/duplicate column/i.test(String(error))) throw error;
    return false;
  }
}
