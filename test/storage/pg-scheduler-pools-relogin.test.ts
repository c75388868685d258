// The run records' and the schedule lock's pools across a backend terminated under a statement, logins refused a while: each call fails as unreachable, none loops, and the store works again once logins are let in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgRunRecords, openPgScheduleLock } from '../../storage/postgres/open-pg-stores';
import { startHoldingForwarder } from '../support/pg-holding-forwarder';
import { startRefusingRoleServer, type RefusingRoleServer } from '../support/pg-refusing-role';

/** Far more logins than a one-connection pool makes for a handful of calls: past this many, the driver loops. */
const LOOPING = 40;
/** A call of each store that needs the server: `get` of a run record, a claim of the lock. */
type Call = () => Promise<unknown>;

describe('the scheduler\'s PostgreSQL pools (run records, schedule lock) when a backend is terminated under a statement', () => {
  let server: RefusingRoleServer;

  beforeAll(async () => {
    server = await startRefusingRoleServer('scheduler');
  });
  afterAll(async () => {
    await server?.stop();
  });

  /**
   * Before: these pools were never ended on a connection failure (a scheduler lives on across one), so the
   * statement after the cut one logged in again and again on the cut connection (postgres.js 3.4.9, see
   * storage/postgres/pg-lost-pool.ts) and never settled: bounded only by storage.answerTimeoutMs (5 min), after
   * which the answer limit failed every later call at once, for the scheduler's whole life.
   */
  async function blip(open: (url: string) => Promise<{ call: Call; close(): Promise<unknown> }>): Promise<void> {
    const forwarder = await startHoldingForwarder(server.pg.port);
    const store = await open(server.urlVia(forwarder.port));
    let terminated: Promise<unknown> = Promise.resolve();
    try {
      await store.call(); // the pool's connection logged in and idle, as between two scheduled runs
      forwarder.holdNext(() => {
        terminated = server.cutAndRefuse();
      });
      await expect(store.call()).rejects.toMatchObject({ code: 'STORE_UNREACHABLE' });
      await terminated;
      const refused = (async () => {
        for (let call = 0; call < 3; call++) await expect(store.call()).rejects.toMatchObject({ code: 'STORE_UNREACHABLE' });
        return 'each call failed as unreachable';
      })();
      const looping = forwarder.connections(LOOPING).then(() => `logged in ${LOOPING} times`);
      expect(await Promise.race([refused, looping])).toBe('each call failed as unreachable');
      // The blip is over: the same store answers again, as a scheduler's must for its next run.
      await server.letIn();
      await expect(store.call()).resolves.not.toThrow();
    } finally {
      await server.letIn();
      await store.close().catch(() => undefined);
      await forwarder.close();
    }
  }

  it('run records: fails each call as STORE_UNREACHABLE without a login loop, then answers again', async () => {
    await blip(async (url) => {
      const records = await openPgRunRecords(url);
      return { call: () => records.get('no-such-run'), close: () => records.close() };
    });
  });

  it('schedule lock: fails each claim as STORE_UNREACHABLE without a login loop, then claims again', async () => {
    await blip(async (url) => {
      const lock = await openPgScheduleLock(url);
      let run = 0;
      return {
        call: async () => {
          const runId = `run-${++run}`;
          const claim = await lock.tryLock('shop', runId, process.pid, Date.now());
          if (!claim.ok) throw new Error(`claim refused: ${JSON.stringify(claim)}`);
          await lock.unlock('shop', runId);
        },
        close: () => lock.close(),
      };
    });
  });
});
