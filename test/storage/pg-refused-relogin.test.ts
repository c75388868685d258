// A backend terminated while a statement of the store's was on its way, new logins refused: every later statement fails as unreachable.
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgStores } from '../../storage/postgres/open-pg-stores';
import { startPostgres, type PostgresServer } from '../support/postgres-server';

/** PostgreSQL's ReadyForQuery message type: the login's last message, so it ends the chunk that holds it. */
const READY_FOR_QUERY = 0x5a;
/** More logins than the pool has connections: past this many, the driver is logging in again and again. */
const LOOPING = 40;

interface Forwarder {
  port: number;
  /** The next message a logged-in connection sends is held, and `onHeld` runs instead. */
  holdNext(onHeld: () => void): void;
  /** Settles once this many connections have been made through the forwarder. */
  connections(count: number): Promise<void>;
  close(): Promise<void>;
}

async function startForwarder(targetPort: number): Promise<Forwarder> {
  const sockets = new Set<Socket>();
  let made = 0;
  let waiting: { count: number; resolve: () => void } | null = null;
  let hold: (() => void) | null = null;
  const server: Server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    made++;
    if (waiting && made >= waiting.count) waiting.resolve();
    let loggedIn = false;
    let held = false;
    upstream.on('data', (chunk: Buffer) => {
      if (chunk.length >= 6 && chunk[chunk.length - 6] === READY_FOR_QUERY) loggedIn = true;
      client.write(chunk);
    });
    client.on('data', (chunk: Buffer) => {
      if (held) return;
      if (!loggedIn || !hold) return void upstream.write(chunk);
      const onHeld = hold;
      hold = null;
      held = true;
      onHeld();
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    holdNext: (onHeld) => void (hold = onHeld),
    connections: (count) => new Promise<void>((resolve) => {
      if (made >= count) return resolve();
      waiting = { count, resolve };
    }),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('a PostgreSQL store whose backend is terminated under a statement, new logins refused', () => {
  let pg: PostgresServer;
  let admin: postgres.Sql;

  beforeAll(async () => {
    pg = await startPostgres();
    admin = postgres(pg.url, { max: 1, onnotice: () => {} });
    await admin.unsafe('CREATE ROLE crawler LOGIN');
    await admin.unsafe('CREATE DATABASE relogin OWNER crawler');
  });
  afterAll(async () => {
    await admin?.end();
    await pg?.stop();
  });

  /**
   * Before: postgres.js kept the cut statement as its connection's current one. Each later login on that
   * connection was refused (53300) while it still looked busy, so the refusal was read as that old statement's
   * answer and the driver logged in again and again, holding the new statement, which never settled: the
   * crawl's stop waited on it and pg-outage's refused-connections case hung past its timeout.
   */
  it('fails each later statement as STORE_UNREACHABLE instead of logging in again and again', async () => {
    const forwarder = await startForwarder(pg.port);
    const stores = await openPgStores(`postgres://crawler@127.0.0.1:${forwarder.port}/relogin`);
    const blobs = stores.blobs();
    const hash = 'a'.repeat(64);
    let terminated: Promise<unknown> = Promise.resolve();
    try {
      await blobs.get(hash); // a connection logged in and idle, as in a crawl
      forwarder.holdNext(() => {
        terminated = admin.unsafe('ALTER ROLE crawler CONNECTION LIMIT 0')
          .then(() => admin`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = 'crawler'`);
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
      await admin.unsafe('ALTER ROLE crawler CONNECTION LIMIT -1');
    }
  });
});
