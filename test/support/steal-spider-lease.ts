// Another machine's scheduler taking a spider over once its holder's lease ran out unrenewed (a GC pause, SIGSTOP, a suspended VM).
import { connectPostgres, type Sql } from '../../storage/postgres/pg-connection';
import { RenewedPool } from '../../storage/postgres/pg-renewed-pool';
import { PgScheduleLock } from '../../storage/postgres/pg-schedule-lock';

const HOUR_MS = 3_600_000;

/**
 * Moves every stored lease an hour back (the test never sleeps for one to run out) and claims `spider` from a lock
 * of another hostname (judged by lease, never by pid). A renewal the holder sent before may land between the
 * move and the claim: it steals until its claim wins, at most 50 times. The lock is the caller's to close.
 */
export async function stealSpiderLease(admin: Sql, storeUrl: string, spider: string, runId: string): Promise<{ lock: PgScheduleLock; taken: boolean }> {
  const lock = new PgScheduleLock(new RenewedPool(() => connectPostgres(storeUrl, { max: 1 })), { hostname: 'machine-other', leaseMs: HOUR_MS });
  let taken = false;
  for (let attempt = 0; attempt < 50 && !taken; attempt++) {
    await admin`UPDATE schedule_locks SET expires_ms = expires_ms - ${HOUR_MS}`;
    taken = (await lock.tryLock(spider, runId, 4242)).ok;
  }
  return { lock, taken };
}
