// Both storage backends for parameterised tests: a fresh directory, or a fresh database on one real PostgreSQL per file.
import { startPostgres, type PostgresServer } from './postgres-server';
import { tempStorageDir } from './test-crawl';

export interface StorePlace {
  /** storage.url: unset for the embedded files. */
  url?: string;
  dir: string;
}

export interface StoreBackends {
  /** `[name, place]` rows for `describe.each`; each call of `place()` is a new, empty store. */
  backends: Array<[string, () => Promise<StorePlace>]>;
  /** For beforeAll/afterAll: starts the server, then stops it and deletes every directory. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function storeBackends(label: string): StoreBackends {
  let pg: PostgresServer | undefined;
  const dirs: Array<ReturnType<typeof tempStorageDir>> = [];
  let databases = 0;
  const newDir = (suffix: string) => {
    const dir = tempStorageDir(`${label}${suffix}`);
    dirs.push(dir);
    return dir.dir;
  };
  return {
    backends: [
      ['sqlite', async () => ({ dir: newDir('') })],
      ['postgres', async () => {
        if (!pg) throw new Error('storeBackends: start() the server in beforeAll first');
        return { dir: newDir('-pg'), url: await pg.createDatabase(`${label.replace(/\W/g, '_')}_${++databases}`) };
      }],
    ],
    async start() {
      pg = await startPostgres();
    },
    async stop() {
      await pg?.stop();
      for (const dir of dirs) dir.cleanup();
    },
  };
}
