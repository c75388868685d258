// A crawl paused inside a fenced write (SIGSTOP, a suspended VM) held its claim's row share-locked for as long as it
// stayed paused, so the other machine's take-over waited on it: for ever, if the pause was. The transaction's idle
// limit is the claim's lease: the server ends the paused session, the take-over goes through, and the write fails.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPostgres, type Sql } from '../../storage/postgres/pg-connection';
import { migrate } from '../../storage/postgres/pg-migrations';
import { PgWriteFence, STORE_FENCED } from '../../storage/postgres/pg-write-fence';
import { startPostgres, type PostgresServer } from '../support/postgres-server';

const LEASE_MS = 1000;

describe('a fenced write whose process pauses inside its transaction', () => {
  let pg: PostgresServer;
  let admin: Sql;
  let crawl: Sql;

  beforeAll(async () => {
    pg = await startPostgres();
    const url = await pg.createDatabase('fence_paused');
    admin = connectPostgres(url, { max: 1 });
    crawl = connectPostgres(url, { max: 1 });
    await migrate(admin);
    await admin`INSERT INTO schedule_locks (spider, run_id, pid, hostname, locked_at, expires_ms, fence) VALUES ('catalog', 'run-a', 1, 'machine-a', 0, 0, 7)`;
  }, 60_000);
  afterAll(async () => {
    await admin?.end({ timeout: 1 });
    await crawl?.end({ timeout: 1 });
    await pg?.stop();
  });

  it('lets the other machine take the claim over once the lease has passed, and the paused write fails', async () => {
    const fence = new PgWriteFence();
    fence.hold({ spider: 'catalog', fence: 7, leaseMs: LEASE_MS });
    let checked!: () => void;
    const fenceChecked = new Promise<void>((resolve) => (checked = resolve));
    // The write checks its claim (the row share-locked) and then sends nothing: the process is stopped, and this
    // test never lets it run on. A statement sent on the session the server ended (the write's next one, or
    // postgres.js' own ROLLBACK/COMMIT once the callback settles) makes postgres.js throw an uncaught TypeError
    // from a timer (its write to the closed socket, porsager/postgres#1155, open upstream, also in 3.4.10): that
    // is the library's fault, not the fence's, and it failed this file in about one run of three. The fence's
    // outcome does not depend on it: sql.begin rejects as soon as the server closes the session.
    const write = fence.begin(crawl, async () => {
      checked();
      await new Promise<never>(() => undefined);
    });
    const outcome = write.then(() => 'committed', (error: { code?: string }) => error.code);
    await fenceChecked;
    // Before: this waited on the paused transaction's share lock until the test's timeout.
    const taken = await admin`UPDATE schedule_locks SET run_id = 'run-b', fence = 8 WHERE spider = 'catalog' RETURNING run_id`;
    expect(taken.map((row) => row.run_id)).toEqual(['run-b']);
    // Not the database lost (the server ended the paused session: CONNECTION_CLOSED) but the claim: fenced out.
    expect(await outcome).toBe(STORE_FENCED);
  });
});
