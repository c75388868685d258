// A crawl under a file-size limit (ulimit -f): the store's write fails, the crawl stops resumable with one line, --resume finishes.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { readItems, tempStorageDir } from '../support/test-crawl';
import { itemsWithoutBody } from '../support/stored-bodies';
import { runCommand, type CliRun } from '../support/run-cli';

const PRODUCTS = 80;

/**
 * Before, signal-exit (loaded by a dependency) re-raised the SIGXFSZ that Node ignores, and the crawl died by
 * the signal at the limit, with no line saying why. Run under bash so `ulimit -f` applies to the crawl alone.
 */
describe('a crawl whose store reaches the file-size limit', () => {
  let servers: FixtureServer[];
  const storage = tempStorageDir('fsize');
  let limited: CliRun;
  let resumed: CliRun;

  const crawl = async (limitKb: string, extra: string[] = []): Promise<CliRun> => {
    const args = ['bin/pricecrawl.js', 'crawl', 'test/support/spiders/catalog-spider.ts', '-a', `startUrls=${servers[0].url('/p/0')}`, '--storage', storage.dir,
      '-s', 'robots.obey=false', '-s', 'politeness.minIntervalMs=0', '-s', 'log.format=json', '-s', 'log.statsIntervalMs=0', ...extra];
    return runCommand('bash', ['-c', `ulimit -f ${limitKb}; exec "$0" "$@"`, process.execPath, ...args]);
  };

  beforeAll(async () => {
    servers = await startFixtureServers(1, { builtInRoutes: false });
    // Incompressible bodies: 80 × ~15 kB of raw pages cannot fit under a 600 kB limit.
    servers[0].route('/p/:n', (_req, res, ctx) => {
      const n = Number(ctx.params.n);
      const links = n === 0 ? Array.from({ length: PRODUCTS }, (_, i) => `<a class="product" href="/p/${i + 1}">p</a>`).join('') : '';
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<main data-sku="S${n}"><p class="price">$${n}.25</p>${links}<p>${randomBytes(15_000).toString('base64')}</p></main>`);
    });
    limited = await crawl('600');
    resumed = await crawl('unlimited', ['--resume']);
  }, 120_000);
  afterAll(async () => {
    await closeFixtureServers(servers);
    storage.cleanup();
  });

  it('stops with exit 2 and one line naming the storage dir and --resume', () => {
    expect(limited.signal).toBeNull();
    expect(limited.code).toBe(2);
    expect(limited.stderr).toContain(`pricecrawl: cannot write to ${storage.dir} (SQLITE_IOERR_WRITE): the crawl stopped, its work stays queued`);
  });

  it('resumes the run to the end: every product once, each with the body its rawHash names', async () => {
    expect(resumed.code).toBe(0);
    const runId = /run (\S+) of spider catalog: finished/.exec(resumed.stdout)?.[1] ?? '';
    const items = await readItems(storage.dir, runId);
    expect(items.map((item) => item.sku).sort()).toEqual(Array.from({ length: PRODUCTS }, (_, n) => `S${n + 1}`).sort());
    for (const item of items) expect(item.price).toBe(`${item.sku!.slice(1)}.25`);
    expect(await itemsWithoutBody(storage.dir, items)).toEqual([]);
  });
});
