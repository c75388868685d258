// A PostgreSQL URL may carry its password in the query, as libpq reads it (`?password=`): it is used as the password, never sent to the server as a setting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStores } from '../../storage/open-backends';
import { startPostgres, type PostgresServer } from '../support/postgres-server';

const PASSWORD = 'query-pw-7Qx';

describe('a PostgreSQL store URL with ?password=', { timeout: 120_000 }, () => {
  let pg: PostgresServer;
  let roleUrl: string;
  beforeAll(async () => {
    pg = await startPostgres();
    roleUrl = await pg.passwordRole('crawler', PASSWORD);
  });
  afterAll(async () => {
    await pg.stop();
  });

  it('logs in with it (before: the server refused "password" as an unknown configuration parameter)', async () => {
    const stores = await openStores({ url: `${roleUrl}?password=${PASSWORD}`, dir: '/nonexistent' });
    try {
      await stores.items().writeBatch([]);
      expect(await stores.items().countItems('no-such-run')).toBe(0);
    } finally {
      await stores.close();
    }
  });

  it('with user and dbname in the query too, as libpq takes them', async () => {
    const url = new URL(roleUrl);
    const stores = await openStores({ url: `postgres://127.0.0.1:${url.port}/?dbname=postgres&user=crawler&password=${encodeURIComponent(PASSWORD)}`, dir: '/nonexistent' });
    try {
      expect(await stores.items().countItems('no-such-run')).toBe(0);
    } finally {
      await stores.close();
    }
  });

  it('a wrong one is refused as a failed login, and the error does not show it', async () => {
    const error = await openStores({ url: `${roleUrl}?password=wrong-pw-3Zk`, dir: '/nonexistent' }).then(
      async (stores) => {
        await stores.close();
        return null;
      },
      (thrown: unknown) => thrown as Error,
    );
    expect(error?.message).toMatch(/password authentication failed/);
    expect(`${error?.message} ${error?.stack}`).not.toContain('wrong-pw-3Zk');
  });
});
