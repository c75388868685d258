// The read commands against a PostgreSQL store that does not answer: one refusal line naming the masked URL, exit 2, never a hang.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childTracker, cli } from '../support/run-cli';
import { startPostgres, type PostgresServer } from '../support/postgres-server';
import { tempStorageDir } from '../support/test-crawl';

const PASSWORD = 'unanswered-s3cret-pw';
/** storage/postgres/pg-migrations.ts: the lock every opening process takes to apply pending migrations. */
const MIGRATION_LOCK_KEY = 0x70726963;

describe('export, report and runs against a PostgreSQL store that does not answer', () => {
  let pg: PostgresServer;
  let store: string;
  let admin: postgres.Sql;
  const storage = tempStorageDir('pg-unanswered');
  const { track, killAll } = childTracker();
  const stopped: number[] = [];

  beforeAll(async () => {
    pg = await startPostgres();
    store = (await pg.passwordRole('crawler', PASSWORD)).replace('crawler@', `crawler:${PASSWORD}@`);
    admin = postgres(pg.url, { max: 2, onnotice: () => {} });
    writeFileSync(join(storage.dir, 'settings.json'), JSON.stringify({ storage: { answerTimeoutMs: 1000 } }));
    // A first command applies the schema, so the cases below meet a store that was working.
    const first = await run(['runs']);
    expect(first.code, first.stderr).toBe(0);
  });
  afterAll(async () => {
    killAll();
    for (const pid of stopped.splice(0)) process.kill(pid, 'SIGCONT');
    await admin?.end();
    await pg?.stop();
    storage.cleanup();
  });

  const commands: Array<[string, string[]]> = [
    ['export', ['export', 'some-run', '-o', join(storage.dir, 'out.jsonl')]],
    ['export --latest', ['export', '--spider', 'catalog', '--latest', '-o', join(storage.dir, 'out.jsonl')]],
    ['report', ['report', 'some-run', '-o', join(storage.dir, 'report.html')]],
    ['runs', ['runs']],
  ];

  function run(args: string[]) {
    return cli([...args, '--storage', storage.dir, '--store', store, '--config', join(storage.dir, 'settings.json')], { onStart: track });
  }

  function expectRefusal(result: Awaited<ReturnType<typeof run>>, cause: RegExp): void {
    expect(result.code, result.stderr).toBe(2);
    const lines = result.stderr.trim().split('\n');
    expect(lines, result.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(/^pricecrawl: storage\.url postgres:\/\/\S*\*\*\*\S*@127\.0\.0\.1:\d+\/postgres is unreachable \(/);
    expect(lines[0]).toMatch(cause);
    expect(result.stdout + result.stderr).not.toContain(PASSWORD);
  }

  /**
   * Another process's migration holds the schema lock and its server backend is stopped (SIGSTOP; a stuck
   * disk looks the same). Before, each command's own migration waited for the lock for ever.
   */
  it('refuses after storage.answerTimeoutMs when the schema lock is held by a backend that stopped answering', async () => {
    const holder = postgres(pg.url, { max: 1, onnotice: () => {} });
    try {
      const [{ pid }] = await holder<Array<{ pid: number }>>`SELECT pg_backend_pid() AS pid`;
      await holder`SELECT pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
      process.kill(pid, 'SIGSTOP');
      stopped.push(pid);
      const results = await Promise.all(commands.map(([, args]) => run(args)));
      for (const result of results) expectRefusal(result, /\(NO_ANSWER no answer in 1000 ms\)/);
    } finally {
      for (const pid of stopped.splice(0)) process.kill(pid, 'SIGCONT');
      await holder.end();
    }
  }, 60_000);

  /** The whole server stopped: new connections are taken by the kernel and never answered. Before: exit 1 on the driver's bare code. */
  it('refuses when the server takes no new connection', async () => {
    const [{ data_directory: data }] = await admin<Array<{ data_directory: string }>>`SHOW data_directory`;
    const postmaster = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(postmaster, 'SIGSTOP');
    stopped.push(postmaster);
    try {
      const results = await Promise.all(commands.map(([, args]) => run(args)));
      for (const result of results) expectRefusal(result, /\(NO_ANSWER no answer in 1000 ms\)/);
    } finally {
      for (const pid of stopped.splice(0)) process.kill(pid, 'SIGCONT');
    }
  }, 60_000);
});
