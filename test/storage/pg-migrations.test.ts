// PostgreSQL migrations: applied once at open, idempotent when run again or by many workers at once; a newer schema is refused.
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStores } from '../../storage/open-backends';
import { connectPostgres } from '../../storage/postgres/pg-connection';
import { MIGRATIONS, migrate } from '../../storage/postgres/pg-migrations';
import { startPostgres, type PostgresServer } from '../support/postgres-server';
import { tempStorageDir } from '../support/test-crawl';

let pg: PostgresServer;
const dir = tempStorageDir('pg-migrations');

beforeAll(async () => {
  pg = await startPostgres();
});
afterAll(async () => {
  await pg?.stop();
  dir.cleanup();
});

const LATEST = Math.max(...MIGRATIONS.map((m) => m.version));

describe('PostgreSQL migrations', () => {
  it('apply at open, once: opening again applies nothing and keeps the data', async () => {
    const url = await pg.createDatabase('twice');
    const first = await openStores({ url, dir: dir.dir });
    await first.blobs().put(Buffer.from('kept'));
    await first.close();
    const sql = connectPostgres(url);
    try {
      expect(await migrate(sql)).toEqual([]);
      const versions = await sql<Array<{ version: number }>>`SELECT version FROM pricecrawl_migrations ORDER BY version`;
      expect(versions.map((row) => row.version)).toEqual(MIGRATIONS.map((m) => m.version));
      expect((await sql`SELECT count(*)::bigint AS n FROM blobs`)[0].n).toBe(1);
    } finally {
      await sql.end();
    }
  });

  it('upgrades a v1 database (items, no catalog) to the newest schema at open, keeping its data', async () => {
    const url = await pg.createDatabase('from_v1');
    const sql = connectPostgres(url);
    try {
      expect(await migrate(sql, MIGRATIONS.filter((m) => m.version === 1))).toEqual([1]);
      await sql`INSERT INTO blobs (hash, gzip, bytes) VALUES (${'a'.repeat(64)}, ${Buffer.alloc(1)}, 1)`;
      const stores = await openStores({ url, dir: dir.dir });
      await stores.catalog().recordDiscovery('shop', 7);
      expect(await stores.catalog().lastDiscoveryMs('shop')).toBe(7);
      await stores.close();
      const versions = await sql<Array<{ version: number }>>`SELECT version FROM pricecrawl_migrations ORDER BY version`;
      expect(versions.map((row) => row.version)).toEqual(MIGRATIONS.map((m) => m.version));
      expect((await sql`SELECT count(*)::bigint AS n FROM blobs`)[0].n).toBe(1);
    } finally {
      await sql.end();
    }
  });

  it('run by many workers at once: exactly one applies each version, none fails', async () => {
    const url = await pg.createDatabase('concurrent');
    const pools = Array.from({ length: 6 }, () => connectPostgres(url, { max: 1 }));
    try {
      const applied = await Promise.all(pools.map((sql) => migrate(sql)));
      expect(applied.flat().sort((a, b) => a - b)).toEqual(MIGRATIONS.map((m) => m.version)); // numeric: 10 sorts before 2 as text
      expect(applied.filter((versions) => versions.length > 0)).toHaveLength(1);
    } finally {
      await Promise.all(pools.map((sql) => sql.end()));
    }
  });

  it('refuses a database whose schema is newer than this pricecrawl knows', async () => {
    const url = await pg.createDatabase('newer');
    const sql = connectPostgres(url);
    try {
      await migrate(sql);
      await sql`INSERT INTO pricecrawl_migrations (version, name) VALUES (${LATEST + 1}, 'from the future')`;
      await expect(openStores({ url, dir: dir.dir })).rejects.toThrow(`schema v${LATEST + 1}`);
    } finally {
      await sql.end();
    }
  });

  it('fails the open at once, naming the problem, when nothing listens at the URL', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await expect(openStores({ url: `postgres://postgres@127.0.0.1:${port}/none`, dir: dir.dir })).rejects.toThrow(/ECONNREFUSED/);
  });
});
