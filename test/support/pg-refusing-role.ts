// A throwaway PostgreSQL server with a login role `crawler` owning one database, whose backends a test terminates while refusing the role's new logins (53300).
import postgres from 'postgres';
import { startPostgres, type PostgresServer } from './postgres-server';

export interface RefusingRoleServer {
  pg: PostgresServer;
  /** The database's URL as `crawler` through a forwarder (or the server itself) listening on `port`. */
  urlVia(port: number): string;
  /** Refuses the role's new logins, then terminates its backends: a statement on the way is cut. */
  cutAndRefuse(): Promise<unknown>;
  /** Takes the role's logins again. */
  letIn(): Promise<unknown>;
  stop(): Promise<void>;
}

export async function startRefusingRoleServer(database: string): Promise<RefusingRoleServer> {
  const pg = await startPostgres();
  const admin = postgres(pg.url, { max: 1, onnotice: () => {} });
  await admin.unsafe('CREATE ROLE crawler LOGIN');
  await admin.unsafe(`CREATE DATABASE ${database} OWNER crawler`);
  return {
    pg,
    urlVia: (port) => `postgres://crawler@127.0.0.1:${port}/${database}`,
    cutAndRefuse: () => admin.unsafe('ALTER ROLE crawler CONNECTION LIMIT 0')
      .then(() => admin`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = 'crawler'`),
    letIn: () => admin.unsafe('ALTER ROLE crawler CONNECTION LIMIT -1'),
    stop: async () => {
      await admin.end();
      await pg.stop();
    },
  };
}
