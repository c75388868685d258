// Reads which requests of a run an item store retired (ItemStore.retireRequest), from items.sqlite or PostgreSQL.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import postgres from 'postgres';
import type { StorePlace } from './store-backends';

/** The ids of the run's retired requests, sorted: each one a retire transaction the crawl wrote. */
export async function retiredRequestIds(place: StorePlace, runId: string): Promise<string[]> {
  if (place.url === undefined) {
    const db = new Database(join(place.dir, 'items.sqlite'), { readonly: true });
    try {
      return (db.prepare('SELECT request_id FROM retired_requests WHERE run_id = ? ORDER BY request_id').pluck().all(runId) as string[]);
    } finally {
      db.close();
    }
  }
  const sql = postgres(place.url, { max: 1, onnotice: () => undefined });
  try {
    const rows = await sql<Array<{ request_id: string }>>`SELECT request_id FROM retired_requests WHERE run_id = ${runId} ORDER BY request_id`;
    return rows.map((row) => row.request_id);
  } finally {
    await sql.end();
  }
}
