// A scheduled run's failure text (the scheduler's tick error: a driver's message may quote the URL it could not reach) is stored and listed masked, on both backends.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRunRecords } from '../../storage/open-backends';
import { cli } from '../support/run-cli';
import { storeBackends, type StorePlace } from '../support/store-backends';

const SECRETS = ['Us3r-S3cret', 'p%40ss-S3cret', 'Qu3ry-S3cret', 'K3y-S3cret', 'T0ken-S3cret'];
const ERROR = `connect ECONNREFUSED: postgres://crawler:p%40ss-S3cret@db.internal:5432/prices?password=Qu3ry-S3cret and https://Us3r-S3cret@api.test/v1?api_key=K3y-S3cret&token=T0ken-S3cret`;

const stores = storeBackends('run-error');
beforeAll(() => stores.start(), 120_000);
afterAll(() => stores.stop());

/** The stored row's error as the database holds it, read past our store; with `written`, first written so (as an older version did). */
async function storedError(place: StorePlace, runId: string, written?: string): Promise<string> {
  if (!place.url) {
    const db = new Database(join(place.dir, 'frontier.sqlite'), { fileMustExist: true });
    try {
      if (written !== undefined) db.prepare('UPDATE run_records SET error = ? WHERE run_id = ?').run(written, runId);
      return (db.prepare('SELECT error FROM run_records WHERE run_id = ?').get(runId) as { error: string }).error;
    } finally {
      db.close();
    }
  }
  const sql = postgres(place.url, { max: 1, onnotice: () => undefined });
  try {
    if (written !== undefined) await sql`UPDATE run_records SET error = ${written} WHERE run_id = ${runId}`;
    const [row] = await sql<Array<{ error: string }>>`SELECT error FROM run_records WHERE run_id = ${runId}`;
    return row.error;
  } finally {
    await sql.end();
  }
}

const runsJson = (at: StorePlace) => cli(['runs', '--json', '--storage', at.dir, ...(at.url ? ['--store', at.url] : [])]);

describe.each(stores.backends)('a failed scheduled run\'s error (%s)', (_name, place) => {
  it('is stored masked and `runs --json` lists it masked', async () => {
    const at = await place();
    const records = await openRunRecords(at);
    try {
      await records.recordScheduled({ runId: 'r1', spider: 'acme', mode: 'due', atMs: Date.now() });
      await records.recordChildExit('r1', { exitCode: null, atMs: Date.now(), error: ERROR });
    } finally {
      await records.close();
    }
    const stored = await storedError(at, 'r1');
    const listed = await runsJson(at);
    expect(listed.code, listed.stderr).toBe(0);
    expect(stored).toContain('connect ECONNREFUSED');
    expect(listed.stdout).toContain('connect ECONNREFUSED');
    // A row an older version wrote holds the text as it came: `runs` masks what it shows.
    expect(await storedError(at, 'r1', ERROR)).toBe(ERROR);
    const listedOld = await runsJson(at);
    expect(listedOld.stdout).toContain('connect ECONNREFUSED');
    for (const secret of SECRETS) {
      expect(stored).not.toContain(secret);
      expect(listed.stdout).not.toContain(secret);
      expect(listedOld.stdout).not.toContain(secret);
    }
  }, 60_000);
});
