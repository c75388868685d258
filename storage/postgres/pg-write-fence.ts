// The crawl's writes to what every run of a spider shares, refused once its claim on the spider is another holder's.
import type postgres from 'postgres';
import type { ClaimFence } from '../../src/ports/crawl-stores';
import type { Sql } from './pg-connection';

export type FencedTx = postgres.TransactionSql<Record<string, never>>;

/** The code the engine reads as a store that cannot take this crawl's writes (src/engine/storage-failure.ts). */
export const STORE_FENCED = 'STORE_FENCED';

export class FencedOutError extends Error {
  readonly code = STORE_FENCED;
  /** The run stops for the lost claim, as when its renewal finds the lease gone (LockLoss.reason). */
  readonly stopReason = 'schedule/lock-lost';

  constructor(claim: ClaimFence, cause?: unknown) {
    super(`the crawl's claim on spider ${claim.spider} (fencing token ${claim.fence}) was taken over by another holder after its lease ran out (this process paused or lost the database past the lease): its writes are refused, another crawl of the spider may be running`, { cause });
    this.name = 'FencedOutError';
  }
}

/**
 * A holder that paused past its lease (a GC pause, SIGSTOP, a suspended VM) runs on unaware until its next
 * renewal: the answers it had in flight were read and their items written beside the crawl of the machine that
 * took the spider over. Each write now runs in a transaction that first finds the claim's row still carrying
 * this crawl's token, and keeps that row share-locked until it commits: a take-over waits for the write, and a
 * write after a take-over is refused whole. Before `hold` (a crawl that claims nothing: a worker or a joining
 * process, a store opened by a command) the transaction runs unchecked.
 */
export class PgWriteFence {
  private claim: ClaimFence | null = null;

  hold(claim: ClaimFence): void {
    this.claim = claim;
  }

  async begin<T>(sql: Sql, write: (tx: FencedTx) => Promise<T>): Promise<T> {
    const claim = this.claim;
    let checkedAtMs: number | null = null;
    try {
      return (await sql.begin(async (tx) => {
        if (claim) {
          // From the check's sending, not its answer: a process stopped right after sending it reads the answer
          // only once it runs again, a lease or more after the server ran the check and began the idle count.
          checkedAtMs = performance.now();
          await refuseUnlessHeld(tx, claim);
        }
        return settledUnlessSessionGone(write(tx));
      })) as T;
    } catch (error) {
      if (claim && checkedAtMs !== null && !(error instanceof FencedOutError) && performance.now() - checkedAtMs >= claim.leaseMs) throw new FencedOutError(claim, error);
      throw error;
    }
  }
}

/** postgres.js' connection codes and Node's socket codes for a session whose socket has closed or is closing. */
const SESSION_GONE_CODES = new Set(['CONNECTION_CLOSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);

/**
 * A write that failed because its session is gone (the socket closed, the server ended the session with a FATAL
 * error) is left unsettled. Settled, postgres.js sends ROLLBACK on the connection whose socket it has already let
 * go of, and its write throws a TypeError from a timer nobody can catch (porsager/postgres#1155, unfixed in 3.4.x):
 * the crawl exited 1 instead of stopping resumable. The server rolled back with the session, and `sql.begin`
 * rejects by itself when the connection closes (each of these codes is followed by that close).
 */
function settledUnlessSessionGone<T>(write: Promise<T>): Promise<T> {
  return write.catch((error: unknown) => {
    const { code, severity } = (error ?? {}) as { code?: unknown; severity?: unknown };
    const gone = (typeof code === 'string' && SESSION_GONE_CODES.has(code)) || severity === 'FATAL' || severity === 'PANIC';
    if (gone) return new Promise<T>(() => undefined);
    throw error;
  });
}

/**
 * The share lock is held until the commit, and a process paused inside the transaction (SIGSTOP, a suspended VM)
 * held it as long as it stayed paused: the other machine's take-over (an UPDATE of that row) waited on it, for
 * ever if the pause was. The transaction's idle limit is the claim's lease: past it the server ends the paused
 * session, frees the row for the take-over, and the write, once the process runs again, fails instead of landing.
 * A transaction is idle only between our statements, never for longer than a lease unless the process was stopped.
 * It failed then for the lost claim, not a lost database: a write failing a lease or more after its check (this
 * process's monotonic clock, the rule the claim's renewal declares a loss by) is refused as fenced out, so the run
 * stops as schedule/lock-lost. Before, the closed session read as STORE_UNREACHABLE (CONNECTION_CLOSED). Asking the
 * database instead is no better: postgres.js' reconnect after a session the server ended can hang (CONNECT_TIMEOUT).
 */
async function refuseUnlessHeld(tx: FencedTx, claim: ClaimFence): Promise<void> {
  const idleLimit = String(claim.leaseMs);
  const held = await tx`
    WITH idle AS (SELECT set_config('idle_in_transaction_session_timeout', ${idleLimit}, true))
    SELECT 1 FROM schedule_locks, idle WHERE spider = ${claim.spider} AND fence = ${claim.fence} FOR SHARE OF schedule_locks`;
  if (held.length === 0) throw new FencedOutError(claim);
}
