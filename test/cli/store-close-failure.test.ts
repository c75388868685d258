// A store that fails as raw capture opens it or flushes it at the end (its fetch log): the run ends resumable, and its record says the exit code the process returns.
import { chmodSync, chownSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixtureServer } from '../support/fixture-server';
import { cli, runRecordsJson, type CliOptions } from '../support/run-cli';
import { tempStorageDir } from '../support/test-crawl';

const SPIDER = resolve(import.meta.dirname, '../support/spiders/catalog-spider.ts');
const NOBODY = { uid: 65534, gid: 65534 };

let site: FixtureServer;
const scratch = tempStorageDir('store-close');

beforeAll(async () => {
  site = await FixtureServer.start();
  site.route('/list', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<a class="product" href="/p/1">1</a><a class="product" href="/p/2">2</a>'));
  site.route('/p/:n', (_req, res, { params }) => void res.writeHead(200, { 'content-type': 'text/html' }).end(`<main data-sku="S${params.n}"><p class="price">$1${params.n}.50</p></main>`));
});
afterAll(async () => {
  await site.close();
  scratch.cleanup();
});

/** A storage dir nobody owns (as root the crawl runs as nobody: root writes any file), and `crawl` there. */
function storageAs(name: string): { storage: string; crawl: (...extra: string[]) => ReturnType<typeof cli> } {
  const asRoot = process.getuid?.() === 0;
  const storage = join(scratch.dir, name);
  const home = join(scratch.dir, `${name}-home`);
  mkdirSync(storage);
  mkdirSync(home);
  chmodSync(scratch.dir, 0o755);
  const options: CliOptions = { env: { ...process.env, HOME: home } };
  if (asRoot) {
    for (const dir of [storage, home]) chownSync(dir, NOBODY.uid, NOBODY.gid);
    options.user = NOBODY;
  }
  const crawl = (...extra: string[]) =>
    cli(['crawl', SPIDER, '-a', `startUrls=${site.url('/list')}`, '--storage', storage, '-s', 'robots.obey=false', '-s', 'politeness.minIntervalMs=0', '-s', 'log.level=silent', ...extra], options);
  return { storage, crawl };
}

/** SQLite made the -wal and -shm files with the database file's mode: all of them writable again. */
function fetchLogWritable(storage: string): void {
  for (const file of readdirSync(storage).filter((name) => name.startsWith('fetch-log.sqlite'))) chmodSync(join(storage, file), 0o644);
}

describe('a fetch log this user may only read, written at the end of the crawl', () => {
  it('ends the run interrupted with exit 2, the code its run record holds, and --resume ends it once the file is writable', async () => {
    const { storage, crawl } = storageAs('flushed');
    expect((await crawl()).code).toBe(0);
    chmodSync(join(storage, 'fetch-log.sqlite'), 0o444);

    const run = await crawl('-s', 'pipeline.batchMaxAgeMs=10');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`cannot write to ${storage} (SQLITE_READONLY)`);
    const [, second] = await runRecordsJson(['--storage', storage]);
    expect(second).toMatchObject({ outcome: 'interrupted', exitCode: 2, planned: 3, succeeded: 3 });

    fetchLogWritable(storage);
    const resumed = await crawl('--resume');
    expect(resumed.stderr).toBe('');
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toContain(`run ${second!.runId} of spider catalog: finished`);
    expect((await runRecordsJson(['--storage', storage])).map((record) => [record.outcome, record.exitCode])).toEqual([['finished', 0], ['finished', 0]]);
  });
});

describe('a fetch log this user may only read, opened as the run starts', () => {
  it('stops the run before its first request, interrupted with exit 2 on record (not a finished run with nothing done), and --resume crawls it', async () => {
    const { storage, crawl } = storageAs('opened');
    // An empty file: raw capture must write the fetch log's schema when it opens it.
    writeFileSync(join(storage, 'fetch-log.sqlite'), '');
    if (process.getuid?.() === 0) chownSync(join(storage, 'fetch-log.sqlite'), NOBODY.uid, NOBODY.gid);
    chmodSync(join(storage, 'fetch-log.sqlite'), 0o444);
    const sentBefore = site.requestCount;

    const run = await crawl();
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toEqual([`pricecrawl: cannot write to ${storage} (SQLITE_READONLY): the crawl stopped, its work stays queued; give this user write access to the storage dir and its files, then continue with: pricecrawl crawl catalog --resume`]);
    expect(site.requestCount).toBe(sentBefore);
    const [record] = await runRecordsJson(['--storage', storage]);
    expect(record).toMatchObject({ outcome: 'interrupted', exitCode: 2, planned: 0 });

    fetchLogWritable(storage);
    const resumed = await crawl('--resume');
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toContain(`run ${record!.runId} of spider catalog: finished`);
    expect(resumed.stdout).toContain('accounting: planned 3 = succeeded 3 + failed 0 + pending 0');
  });
});
