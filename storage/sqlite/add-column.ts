// Adds a column that a newer version of a table has, to a file made before it existed (idempotent, race-safe).
import type { SqliteDb } from './open-frontier-db';

export function addColumnIfMissing(db: SqliteDb, table: string, column: string, type: string): void {
  const columns = db.prepare(`SELECT name FROM pragma_table_info(?)`).all(table) as Array<{ name: string }>;
  if (columns.some((c) => c.name === column)) return;
  try {
    db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${type}`);
  } catch (error) {
    // Another process (a scheduler and its child, a second worker) added it between the check and here.
    if (!/duplicate column/i.test(String(error))) throw error;
  }
}
