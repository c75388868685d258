// Starts a throwaway PostgreSQL 15 server on 127.0.0.1 (a real one, run as the `postgres` OS user) for a test file.
import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port';

const run = promisify(execFile);
const PG_BIN = process.env.PRICECRAWL_PG_BIN ?? debianPgBin();

/** Debian installs each major version under /usr/lib/postgresql/<major>/bin; take the newest. */
function debianPgBin(): string {
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root) ? readdirSync(root).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(a) - Number(b)) : [];
  if (majors.length === 0) throw new Error(`no PostgreSQL server in ${root}: apt-get install postgresql (listed in .ci/run)`);
  return join(root, majors[majors.length - 1], 'bin');
}

export interface PostgresServer {
  port: number;
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  url: string;
  /** A fresh, empty database on this server; returns its URL. */
  createDatabase(name: string): Promise<string>;
  /** Stops the server at once and keeps its data (clients see it go away). */
  shutdown(): Promise<void>;
  /** Starts a server that `shutdown()` stopped, on the same port and data. */
  start(): Promise<void>;
  /**
   * A login role that must give `password` over TCP (scram-sha-256; every other role stays trusted):
   * returns its URL without the password.
   */
  passwordRole(role: string, password: string): Promise<string>;
  stop(): Promise<void>;
}

/** PostgreSQL refuses to run as root: every server command runs as the `postgres` OS user. */
function asPostgres(command: string, args: string[]): Promise<string> {
  return asPostgresUser(join(PG_BIN, command), args);
}

async function asPostgresUser(program: string, args: string[]): Promise<string> {
  const asRoot = process.getuid?.() === 0;
  const { stdout } = asRoot ? await run('runuser', ['-u', 'postgres', '--', program, ...args]) : await run(program, args);
  return stdout;
}

/** A directory for the `postgres` user's files (it owns them when the tests run as root). */
function postgresDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (process.getuid?.() === 0) chownSync(dir, ...ownerOfPostgres());
  return dir;
}

const INITDB_ARGS = ['-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8'];
let template: Promise<string> | null = null;

/**
 * A never-started cluster as initdb leaves it, made once per binary, arguments and user and shared by the test
 * processes of a run (and later runs) in the temp directory. Why: initdb took ~3 s per test file (bootstrapping
 * template1 and the catalogs), a copy of its result ~0.3 s; each server still gets a data directory of its own.
 * Made aside and renamed into place, so a concurrent process sees no half-made template: the first rename wins.
 */
function clusterTemplate(): Promise<string> {
  template ??= (async () => {
    const key = createHash('sha256').update(`${PG_BIN}\0${INITDB_ARGS.join(' ')}\0${process.getuid?.() ?? ''}`).digest('hex').slice(0, 16);
    const home = join(tmpdir(), `pricecrawl-pg-template-${key}`);
    if (existsSync(join(home, 'data', 'PG_VERSION'))) return join(home, 'data');
    const making = postgresDir('pricecrawl-pg-making-');
    await asPostgres('initdb', ['-D', join(making, 'data'), ...INITDB_ARGS]);
    try {
      renameSync(making, home);
    } catch {
      rmSync(making, { recursive: true, force: true }); // another process's template is in place
    }
    return join(home, 'data');
  })();
  return template;
}

/**
 * A copy of initdb's cluster (made without fsync), then `pg_ctl start -w` (pg_ctl waits for readiness itself).
 * Durability settings are off because the data directory is deleted afterwards; the SQL is the real server's.
 */
export async function startPostgres(): Promise<PostgresServer> {
  const root = postgresDir('pricecrawl-pg-');
  const data = join(root, 'data');
  const sockets = join(root, 'sockets');
  mkdirSync(sockets);
  if (process.getuid?.() === 0) chownSync(sockets, ...ownerOfPostgres());
  // cp -a keeps the modes PostgreSQL checks (0700 data directory) and the owner.
  await asPostgresUser('cp', ['-a', await clusterTemplate(), data]);
  const port = await freePort();
  const options = `-h 127.0.0.1 -p ${port} -k ${sockets} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=100`;
  const start = () => asPostgres('pg_ctl', ['-D', data, '-o', options, '-l', join(root, 'server.log'), '-w', '-t', '60', 'start']);
  await start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let stopped = false;
  let running = true;
  // A shutdown still waiting for the old server to exit: start and stop wait for it first. Otherwise a start
  // that follows the clients' disconnect (before pg_ctl saw the old server go) leaves that pg_ctl waiting on
  // the new server's pid file until the directory is removed under it.
  let stopping: Promise<void> = Promise.resolve();
  return {
    port,
    url,
    async createDatabase(name: string): Promise<string> {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new TypeError(`not a plain database name: ${name}`);
      await asPostgres('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', name]);
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    shutdown(): Promise<void> {
      const done = stopping.then(() => asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])).then(() => {
        running = false;
      });
      stopping = done.catch(() => undefined);
      return done;
    },
    async start(): Promise<void> {
      await stopping;
      await start();
      running = true;
    },
    async passwordRole(role: string, password: string): Promise<string> {
      if (!/^[a-z_][a-z0-9_]*$/.test(role) || /'/.test(password)) throw new TypeError('a plain role name and a password without quotes');
      await asPostgres('psql', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-q', '-c', `CREATE ROLE ${role} LOGIN SUPERUSER PASSWORD '${password}'`]);
      // pg_hba.conf is read top down: the role's line goes first.
      const hba = join(data, 'pg_hba.conf');
      writeFileSync(hba, `host all ${role} 127.0.0.1/32 scram-sha-256\n${readFileSync(hba, 'utf8')}`);
      await asPostgres('pg_ctl', ['-D', data, 'reload']);
      // The reload is a signal: the server reads the file a moment later. Ready once the role is refused without its password.
      const withoutPassword = () => asPostgres('psql', ['-w', '-h', '127.0.0.1', '-p', String(port), '-U', role, '-d', 'postgres', '-c', 'SELECT 1']);
      for (let tries = 0; await withoutPassword().then(() => true, () => false); tries++) {
        if (tries > 100) throw new Error(`the server did not start asking ${role} for a password`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return `postgres://${role}@127.0.0.1:${port}/postgres`;
    },
    async stop(): Promise<void> {
      if (stopped) return;
      stopped = true;
      await stopping;
      try {
        if (running) await asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}

let owner: [number, number] | null = null;
function ownerOfPostgres(): [number, number] {
  if (owner) return owner;
  // `id` is in coreutils; the numbers never change during a test run.
  const uid = Number(execFileSyncText('id', ['-u', 'postgres']));
  const gid = Number(execFileSyncText('id', ['-g', 'postgres']));
  owner = [uid, gid];
  return owner;
}

function execFileSyncText(command: string, args: string[]): string {
  return execFileSync(command, args).toString('utf8').trim();
}
