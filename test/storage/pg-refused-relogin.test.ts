// A backend terminated while a statement of the store's was on its way, new logins refused: every later statement fails as unreachable.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgStores } from '../../storage/postgres/open-pg-stores';
import { startHoldingForwarder } from '../support/pg-holding-forwarder';
import { startRefusingRoleServer, type RefusingRoleServer } from '../support/pg-refusing-role';

/** More logins than the pool has connections: past this many, the driver is logging in again and again. */
const LOOPING = 40;

describe('a PostgreSQL store whose backend is terminated under a statement, new logins refused', () => {
  let server: RefusingRoleServer;

  beforeAll(async () => {
    server = await startRefusingRoleServer('relogin');
  });
  afterAll(async () => {
    await server?.stop();
  });

  /**
   * Before: postgres.js kept the cut statement as its connection's current one. Each later login on that
   * connection was refused (53300) while it still looked busy, so the refusal was read as that old statement's
   * answer and the driver logged in again and again, holding the new statement, which never settled: the
   * crawl's stop waited on it and pg-outage's refused-connections case hung past its timeout.
   */
  it('fails each later statement as STORE_UNREACHABLE instead of logging in again and again', async () => {
    const forwarder = await startHoldingForwarder(server.pg.port);
    const stores = await openPgStores(server.urlVia(forwarder.port));
    const blobs = stores.blobs();
    const hash = 'a'.repeat(64);
    let terminated: Promise<unknown> = Promise.resolve();
    try {
      await blobs.get(hash); // a connection logged in and idle, as in a crawl
      forwarder.holdNext(() => {
        terminated = server.cutAndRefuse();
      });
      await expect(blobs.get(hash)).rejects.toMatchObject({ code: 'STORE_UNREACHABLE' });
      await terminated;
      // The pool's 4 connections take turns: the fifth statement after the cut is back on the cut one.
      const later = (async () => {
        for (let statement = 0; statement < 5; statement++) {
          await expect(blobs.get(hash)).rejects.toMatchObject({ code: 'STORE_UNREACHABLE' });
        }
        return 'failed as unreachable';
      })();
      const looping = forwarder.connections(LOOPING).then(() => `logged in ${LOOPING} times`);
      expect(await Promise.race([later, looping])).toBe('failed as unreachable');
    } finally {
      await forwarder.close();
      await stores.close().catch(() => undefined);
      await server.letIn();
    }
  });

  /**
   * Before, the stop said only "unreachable (CONNECTION_CLOSED)" while the server was refusing every new login:
   * the root cause (53300, too many clients or the role's limit) stayed unsaid. Now one fresh login at the stop
   * says what it gets. The password in the URL (ignored by this server, which trusts the role) is never shown.
   */
  it.each([
    ['refused', (s: RefusingRoleServer) => s.cutAndRefuse(), /; a new login is refused: 53300 too many connections for role "crawler"\)$/],
    ['let in', (s: RefusingRoleServer) => terminateCrawler(s), /is unreachable \([^;]+\)$/],
  ])('a statement cut on its way names what a fresh login gets (%s)', async (_case, cut, said) => {
    const forwarder = await startHoldingForwarder(server.pg.port);
    const stores = await openPgStores(server.urlVia(forwarder.port).replace('crawler@', `crawler:${PASSWORD}@`));
    const blobs = stores.blobs();
    const hash = 'b'.repeat(64);
    let terminated: Promise<unknown> = Promise.resolve();
    try {
      await blobs.get(hash);
      forwarder.holdNext(() => {
        terminated = cut(server);
      });
      const error = (await blobs.get(hash).then(() => null, (e: unknown) => e)) as { code?: string; message: string };
      await terminated;
      expect(error.code).toBe('STORE_UNREACHABLE');
      expect(error.message).toMatch(/is unreachable \((CONNECTION_CLOSED|57P01 [^;)]+)/);
      expect(error.message).toMatch(said);
      expect(error.message).not.toContain(PASSWORD);
    } finally {
      await forwarder.close();
      await stores.close().catch(() => undefined);
      await server.letIn();
    }
  });
});

const PASSWORD = 'relogin-s3cret-pw';

async function terminateCrawler(s: RefusingRoleServer): Promise<unknown> {
  const admin = postgres(s.pg.url, { max: 1, onnotice: () => {} });
  try {
    return await admin`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = 'crawler'`;
  } finally {
    await admin.end();
  }
}
