// A busy metrics port or an unwritable storage dir refuses the crawl before its first request: one line, exit 2, nothing fetched or recorded.
import { chmodSync, chownSync, existsSync, mkdirSync, watch, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkStorageDir } from '../../src/app/crawl/preflight';
import { FixtureServer } from '../support/fixture-server';
import { cli, runRecordsJson, type CliOptions } from '../support/run-cli';
import { tempStorageDir } from '../support/test-crawl';

const SPIDER = resolve(import.meta.dirname, '../support/spiders/catalog-spider.ts');
const NOBODY = { uid: 65534, gid: 65534 };

let site: FixtureServer;
let busy: Server;
let busyPort: number;
const scratch = tempStorageDir('preflight');

beforeAll(async () => {
  site = await FixtureServer.start();
  site.route('/list', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<a class="product" href="/p/1">1</a>'));
  site.route('/p/:n', (_req, res, { params }) => void res.writeHead(200, { 'content-type': 'text/html' }).end(`<main data-sku="S${params.n}"><p class="price">$1${params.n}.50</p></main>`));
  busy = createServer();
  await new Promise<void>((done) => busy.listen(0, '127.0.0.1', () => done()));
  busyPort = (busy.address() as { port: number }).port;
});
afterAll(async () => {
  await site.close();
  await new Promise<void>((done) => busy.close(() => done()));
  scratch.cleanup();
});

function crawl(storage: string, sets: string[] = [], options: CliOptions = {}) {
  const pairs = ['robots.obey=false', 'politeness.minIntervalMs=0', 'log.level=warn', ...sets].flatMap((pair) => ['-s', pair]);
  // A listing with products: a start page that 404s loses the whole host, and such a run exits 4.
  return cli(['crawl', SPIDER, '-a', `startUrls=${site.url('/list')}`, '--storage', storage, ...pairs], options);
}

function expectRefused(run: { code: number | null; stdout: string; stderr: string }, ...named: string[]): void {
  expect(run.code).toBe(2);
  const lines = run.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  for (const text of named) expect(lines[0]).toContain(text);
  expect(site.requestCount).toBe(0);
}

describe('refused before the first request', () => {
  it('a metrics port another process listens on: names the port and the fix, no run recorded', async () => {
    const storage = join(scratch.dir, 'busy-port');
    const run = await crawl(storage, [`metrics.port=${busyPort}`]);
    expectRefused(run, `metrics.port ${busyPort}`, 'EADDRINUSE', '-s metrics.port=');
    expect(existsSync(join(storage, 'frontier.sqlite'))).toBe(false);
  });

  it('a storage dir whose path runs through a file: names the path and the fix', async () => {
    const file = join(scratch.dir, 'a-file');
    writeFileSync(file, 'not a directory');
    const run = await crawl(join(file, 'storage'));
    expectRefused(run, join(file, 'storage'), '--storage');
  });

  it('a storage dir this user may not write: names the path and the fix', async () => {
    // Root writes anywhere: as root the crawl runs as nobody, in a dir of root's that others may not write.
    const asRoot = process.getuid?.() === 0;
    const locked = join(scratch.dir, 'locked');
    mkdirSync(locked);
    chmodSync(locked, asRoot ? 0o755 : 0o555);
    chmodSync(scratch.dir, 0o755);
    const home = join(scratch.dir, 'home');
    mkdirSync(home);
    chmodSync(home, 0o777);
    const run = await crawl(locked, [], { ...(asRoot ? { user: NOBODY } : {}), env: { ...process.env, HOME: home } });
    expectRefused(run, locked, 'EACCES', '--storage');
  });
});

describe.each(['items.sqlite', 'frontier.sqlite'])('a storage dir whose %s this user may only read', (file) => {
  it('refuses the next crawl with one line naming the dir and the code, exit 2, no run created and nothing fetched', async () => {
    const asRoot = process.getuid?.() === 0;
    const storage = join(scratch.dir, `read-only-${file}`);
    mkdirSync(storage);
    chmodSync(scratch.dir, 0o755);
    const home = join(scratch.dir, `home-${file}`);
    mkdirSync(home);
    const options: CliOptions = { env: { ...process.env, HOME: home } };
    if (asRoot) {
      chownSync(storage, NOBODY.uid, NOBODY.gid);
      chownSync(home, NOBODY.uid, NOBODY.gid);
      options.user = NOBODY;
    }
    const first = await crawl(storage, [], options);
    expect(first.code).toBe(0);
    chmodSync(join(storage, file), 0o444);
    const sentBefore = site.requestCount;
    const run = await crawl(storage, [], options);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toEqual([`pricecrawl: cannot write to ${storage} (SQLITE_READONLY): the crawl did not start and no run was created; give this user write access to the storage dir and its files (or free space), then start it again`]);
    expect(site.requestCount).toBe(sentBefore);
    // Only the first run is on record: none left "running", to be shown as crashed.
    expect((await runRecordsJson(['--storage', storage])).map((record) => record.outcome)).toEqual(['finished']);
  });
});

describe('the storage check beside another process of the run', () => {
  it('creates no folder: a missing storage dir is checked where its first folder would be made', async () => {
    const parent = join(scratch.dir, 'watched');
    mkdirSync(parent);
    const seen: string[] = [];
    const watcher = watch(parent, (_event, name) => void seen.push(String(name)));
    try {
      checkStorageDir(join(parent, 'storage', 'deeper'));
      // inotify keeps order: once the marker's event is in, every event of the check is too.
      writeFileSync(join(parent, 'marker'), '');
      await new Promise<void>((done) => watcher.on('change', (_event, name) => name === 'marker' && done()));
    } finally {
      watcher.close();
    }
    // Before, the check made storage/deeper and removed it: a process of the same run starting beside this
    // one lost its folder between its mkdir and its open, and failed "the directory does not exist".
    expect(seen.filter((name) => name !== 'marker' && !name.startsWith('.pricecrawl-write-check-'))).toEqual([]);
    expect(seen.some((name) => name.startsWith('.pricecrawl-write-check-'))).toBe(true);
    expect(existsSync(join(parent, 'storage'))).toBe(false);
  });
});
