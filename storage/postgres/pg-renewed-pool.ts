// A pool for a long-lived process (the scheduler's run records and lock): replaced, not ended, at a connection failure, so it outlives a blip and never holds a statement in the driver's login loop.
import type { Sql } from './pg-connection';
import { answerWithin, isConnectionFailure } from './pg-unreachable';

/**
 * The crawl stores' pool is ended at its first connection failure (pg-lost-pool.ts says why: postgres.js 3.4.9
 * can log in again and again for ever on a connection whose statement was cut). A scheduler cannot end its own
 * pool so: it lives on to the next run. Left alone, the next statement on the cut connection never settled and
 * the answer limit (storage.answerTimeoutMs) then failed every later call for the scheduler's whole life.
 *
 * So the failed pool is ended at once (a statement stuck logging in on it fails CONNECTION_DESTROYED) and the
 * next call opens a fresh one: its connections carry no cut statement, so a refused login fails that call
 * instead of looping, and once the server takes logins again the same store answers.
 *
 * A call left unanswered past `answerTimeoutMs` (a lock another session holds, a stopped server) is one more
 * connection failure: its pool is retired the same way, and the next call is bounded afresh. The crawl stores'
 * limit latches instead (pg-unreachable.ts AnswerLimit: the crawl is stopping); latched here, one busy moment
 * failed every later claim and record at once for the scheduler's whole life.
 */
export class RenewedPool {
  private current: Sql;
  /** Pools being ended; each leaves the set once gone, so a scheduler's many blips keep nothing. */
  private readonly retired = new Set<Promise<void>>();
  private readonly answerTimeoutMs: number | undefined;

  /** `first`: a pool already opened (and migrated) with `open`'s settings; otherwise `open` makes it. No limit on answers without `answerTimeoutMs`. */
  constructor(
    private readonly open: () => Sql,
    options: { first?: Sql; answerTimeoutMs?: number } = {},
  ) {
    this.current = options.first ?? open();
    this.answerTimeoutMs = options.answerTimeoutMs;
  }

  /** Runs one statement or transaction on the current pool; a connection failure retires that pool before it is rethrown. */
  async run<T>(statement: (sql: Sql) => PromiseLike<T>): Promise<T> {
    const sql = this.current;
    try {
      const answer = Promise.resolve(statement(sql));
      return await (this.answerTimeoutMs === undefined ? answer : answerWithin(answer, this.answerTimeoutMs));
    } catch (error) {
      if (isConnectionFailure(error)) this.retire(sql);
      throw error;
    }
  }

  /** Ends the current pool and waits for the retired ones to be gone. */
  async end(): Promise<void> {
    await Promise.all([...this.retired, this.current.end({ timeout: 5 })]);
  }

  private retire(failed: Sql): void {
    // Another call on the same pool failed first and replaced it: the pool in use now is a fresh one.
    if (failed !== this.current) return;
    this.current = this.open();
    const ending: Promise<void> = failed.end({ timeout: 0 }).catch(() => undefined).then(() => void this.retired.delete(ending));
    this.retired.add(ending);
  }
}
