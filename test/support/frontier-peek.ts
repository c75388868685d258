// Reads a crawl's frontier.sqlite from the test while another process writes it.
import { join } from 'node:path';
import Database from 'better-sqlite3';

/** The query's first row, or undefined while the file or its schema is not there yet. Read-only: never takes the writer's lock. */
export function peekFrontier<Row>(dir: string, sql: string): Row | undefined {
  let db: Database.Database;
  try {
    db = new Database(join(dir, 'frontier.sqlite'), { readonly: true, fileMustExist: true });
  } catch {
    return undefined; // not created yet
  }
  try {
    return db.prepare(sql).get() as Row | undefined;
  } catch {
    return undefined; // schema (or the table asked for) not there yet
  } finally {
    db.close();
  }
}

/** Waits on the database's state, not a clock, until the query yields a row written by another process. */
export async function waitForFrontierRow<Row>(dir: string, sql: string, pollMs = 10): Promise<Row> {
  for (;;) {
    const row = peekFrontier<Row>(dir, sql);
    if (row) return row;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
