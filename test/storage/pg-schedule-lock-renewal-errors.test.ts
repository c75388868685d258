// The PostgreSQL schedule lock's renewals that the server refuses: one refusal inside the lease is no loss, refusals until the lease is gone are.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LockLoss } from '../../src/ports/run-record-store';
import { connectPostgres, type Sql } from '../../storage/postgres/pg-connection';
import { migrate } from '../../storage/postgres/pg-migrations';
import { RenewedPool } from '../../storage/postgres/pg-renewed-pool';
import { PgScheduleLock } from '../../storage/postgres/pg-schedule-lock';
import { startPostgres, type PostgresServer } from '../support/postgres-server';

let pg: PostgresServer;
let storeUrl: string;
let admin: Sql;
const opened: PgScheduleLock[] = [];

/**
 * The server refuses the first `failing` renewals with statement_timeout's SQLSTATE (a cancelled statement), as
 * a role's statement_timeout or an operator's pg_cancel_backend does. Counted on a sequence, which a refused
 * statement's rollback does not undo; a renewal that commits says so with a notification.
 */
const FAULTS = `
CREATE TABLE renewal_plan (failing bigint NOT NULL);
CREATE SEQUENCE renewal_attempts;
CREATE FUNCTION refuse_renewal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF nextval('renewal_attempts') <= (SELECT failing FROM renewal_plan) THEN
    RAISE EXCEPTION 'canceling statement due to statement timeout' USING ERRCODE = '57014';
  END IF;
  PERFORM pg_notify('renewed', NEW.spider);
  RETURN NEW;
END $$;
CREATE TRIGGER refuse_renewal BEFORE UPDATE ON schedule_locks FOR EACH ROW EXECUTE FUNCTION refuse_renewal();`;

beforeAll(async () => {
  pg = await startPostgres();
  storeUrl = await pg.createDatabase('renewals');
  admin = connectPostgres(storeUrl, { max: 2 });
  await migrate(admin);
  await admin.unsafe(FAULTS);
});
beforeEach(async () => {
  await admin`DELETE FROM schedule_locks`;
  await admin`DELETE FROM renewal_plan`;
  await admin`SELECT setval('renewal_attempts', 1, false)`;
});
afterAll(async () => {
  await Promise.all(opened.map((lock) => lock.close().catch(() => undefined)));
  await admin?.end();
  await pg?.stop();
});

/** Another machine's lock (judged by lease, never by pid), renewing every third of `leaseMs`. */
function lockOf(leaseMs: number): PgScheduleLock {
  const lock = new PgScheduleLock(new RenewedPool(() => connectPostgres(storeUrl, { max: 1 })), { hostname: 'machine-a', leaseMs });
  opened.push(lock);
  return lock;
}

async function attempts(): Promise<number> {
  const [row] = await admin<{ n: number }[]>`SELECT last_value - 1 + (CASE WHEN is_called THEN 1 ELSE 0 END) AS n FROM renewal_attempts`;
  return Number(row.n);
}

describe('the PostgreSQL schedule lock\'s renewals refused by the server', () => {
  it('a renewal refused once, then answered, keeps the claim: no loss is told', async () => {
    await admin`INSERT INTO renewal_plan VALUES (1)`;
    const lock = lockOf(6_000);
    const losses: LockLoss[] = [];
    lock.onLost((loss) => losses.push(loss));
    let renewed = () => undefined as void;
    const twoRenewals = new Promise<void>((resolve) => {
      let count = 0;
      renewed = () => (++count === 2 ? resolve() : undefined);
    });
    const listening = await admin.listen('renewed', () => renewed());
    try {
      expect((await lock.tryLock('shop', 'run-1', 4242)).ok).toBe(true);
      await twoRenewals; // the refused one came first: only renewals that commit notify
      expect(await attempts()).toBeGreaterThanOrEqual(3);
      expect(losses).toEqual([]);
      const [row] = await admin<{ runId: string }[]>`SELECT run_id AS "runId" FROM schedule_locks WHERE spider = 'shop'`;
      expect(row.runId).toBe('run-1');
    } finally {
      await listening.unlisten();
    }
  });

  it('renewals refused until the lease has run out lose the claim, once, saying so', async () => {
    await admin`INSERT INTO renewal_plan VALUES (1000000)`;
    const lock = lockOf(1_500);
    const losses: LockLoss[] = [];
    const lost = new Promise<LockLoss>((resolve) => lock.onLost((loss) => {
      losses.push(loss);
      resolve(loss);
    }));
    expect((await lock.tryLock('shop', 'run-2', 4242)).ok).toBe(true);
    const loss = await lost;
    expect(loss).toMatchObject({ spider: 'shop', runId: 'run-2', reason: 'schedule/lock-lost' });
    expect(loss.detail).toMatch(/no renewal succeeded within the lease/);
    expect(await attempts()).toBeGreaterThanOrEqual(2); // it kept trying on every beat before giving up
    await lock.unlock('shop', 'run-2'); // a round trip through the lock's own pool: any renewal in flight is answered
    expect(losses).toHaveLength(1);
  });
});
