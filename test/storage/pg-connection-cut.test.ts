// A backend terminated while the store's first statement was on its way, new logins refused: the open fails as unreachable at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgStores } from '../../storage/postgres/open-pg-stores';
import { startHoldingForwarder } from '../support/pg-holding-forwarder';
import { startRefusingRoleServer, type RefusingRoleServer } from '../support/pg-refusing-role';

describe('a PostgreSQL store whose backend is terminated as its first statement is sent, new logins refused', () => {
  let server: RefusingRoleServer;

  beforeAll(async () => {
    server = await startRefusingRoleServer('cut');
  });
  afterAll(async () => {
    await server?.stop();
  });

  /**
   * Before: postgres.js sent each new connection's array-type query of its own, awaited nowhere. The backend
   * ended while that query was on the wire, the driver logged in again and again (refused: 53300) holding the
   * store's statement, which never settled: the open waited for ever. Timed just so in a crawl (pg-outage's
   * refused-connections case crashed so in 2 runs of 6 at load 30), the crawl hung, or that query's rejection went unhandled
   * and Node ended the crawl on "write CONNECTION_CLOSED" with exit 1 instead of the resumable stop.
   */
  it('fails the open as STORE_UNREACHABLE and leaves no rejection unhandled', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    let terminated: Promise<unknown> = Promise.resolve();
    const forwarder = await startHoldingForwarder(server.pg.port);
    // The first message after a login is the store's first statement (its migration).
    forwarder.holdNext(() => {
      terminated = server.cutAndRefuse();
    });
    try {
      await expect(openPgStores(server.urlVia(forwarder.port))).rejects.toMatchObject({ code: 'STORE_UNREACHABLE' });
      await terminated;
      // Node reports an unhandled rejection once the turn it happened in has run its microtasks.
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      await forwarder.close();
      await server.letIn();
    }
  });
});
