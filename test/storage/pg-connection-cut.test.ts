// A backend terminated while the store's first statement was on its way, new logins refused: the open fails as unreachable at once.
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgStores } from '../../storage/postgres/open-pg-stores';
import { startPostgres, type PostgresServer } from '../support/postgres-server';

/** PostgreSQL's ReadyForQuery message type: the login's last message, so it ends the chunk that holds it. */
const READY_FOR_QUERY = 0x5a;

/**
 * Forwards to the server, except the first connection's first message after its login: that one is held, and
 * `onHeld` runs instead (the test terminates the backend, which then waits idle, as pg-outage's test does).
 */
async function startHoldingForwarder(targetPort: number, onHeld: () => void): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server: Server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    const first = ++connections === 1;
    let loggedIn = false;
    let held = false;
    upstream.on('data', (chunk: Buffer) => {
      if (chunk.length >= 6 && chunk[chunk.length - 6] === READY_FOR_QUERY) loggedIn = true;
      client.write(chunk);
    });
    client.on('data', (chunk: Buffer) => {
      if (!first || !loggedIn) return void upstream.write(chunk);
      if (!held) onHeld();
      held = true;
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('a PostgreSQL store whose backend is terminated as its first statement is sent, new logins refused', () => {
  let pg: PostgresServer;
  let admin: postgres.Sql;

  beforeAll(async () => {
    pg = await startPostgres();
    admin = postgres(pg.url, { max: 1, onnotice: () => {} });
    await admin.unsafe('CREATE ROLE crawler LOGIN');
    await admin.unsafe('CREATE DATABASE cut OWNER crawler');
  });
  afterAll(async () => {
    await admin?.end();
    await pg?.stop();
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
    const forwarder = await startHoldingForwarder(pg.port, () => {
      terminated = admin.unsafe('ALTER ROLE crawler CONNECTION LIMIT 0')
        .then(() => admin`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = 'crawler'`);
    });
    try {
      await expect(openPgStores(`postgres://crawler@127.0.0.1:${forwarder.port}/cut`)).rejects.toMatchObject({ code: 'STORE_UNREACHABLE' });
      await terminated;
      // Node reports an unhandled rejection once the turn it happened in has run its microtasks.
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      await forwarder.close();
      await admin.unsafe('ALTER ROLE crawler CONNECTION LIMIT -1');
    }
  });
});
