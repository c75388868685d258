// `pricecrawl report` over an existing report, its write cut short (a file-size limit, as a full disk would): the
// previous report stays whole, nothing half-written takes its place, and the command says which file and why.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { cli, runCommand, type CliRun } from '../support/run-cli';
import { tempStorageDir } from '../support/test-crawl';

/** Under the report's size (its charting code alone is ~200 kB), over what reading the stores writes. */
const LIMIT_KB = 100;

/**
 * Before, the report was written in place: cut short, it left the first 100 kB of an HTML page where the
 * complete report had been, which a browser shows without a word (and kill -9 mid-write left the same).
 */
describe('a report whose write is cut short', () => {
  let servers: FixtureServer[];
  const storage = tempStorageDir('report-cut');
  const out = join(storage.dir, 'reports');
  const file = join(out, 'run.html');
  let previous: string;
  let cut: CliRun;

  beforeAll(async () => {
    servers = await startFixtureServers(1, { builtInRoutes: false });
    servers[0].route('/p/:n', (_req, res, ctx) => {
      const n = Number(ctx.params.n);
      const links = n === 0 ? Array.from({ length: 5 }, (_, i) => `<a class="product" href="/p/${i + 1}">p</a>`).join('') : '';
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<main data-sku="S${n}"><p class="price">$${n}.25</p>${links}</main>`);
    });
    const crawl = await cli(['crawl', 'test/support/spiders/catalog-spider.ts', '-a', `startUrls=${servers[0].url('/p/0')}`, '--storage', storage.dir,
      '-s', 'robots.obey=false', '-s', 'politeness.minIntervalMs=0', '-s', 'log.statsIntervalMs=0']);
    const runId = /run (\S+) of spider catalog: finished/.exec(crawl.stdout)?.[1];
    if (!runId) throw new Error(`the crawl did not finish:\n${crawl.stdout}\n${crawl.stderr}`);
    mkdirSync(out);
    const whole = await cli(['report', runId, '--storage', storage.dir, '-o', file]);
    expect(whole.code, whole.stderr).toBe(0);
    previous = readFileSync(file, 'utf8');
    cut = await runCommand('bash', ['-c', `ulimit -f ${LIMIT_KB}; exec "$0" "$@"`, process.execPath, 'bin/pricecrawl.js', 'report', runId, '--storage', storage.dir, '-o', file]);
  }, 120_000);
  afterAll(async () => {
    await closeFixtureServers(servers);
    storage.cleanup();
  });

  it('fails naming the file and the cause', () => {
    expect(previous.length).toBeGreaterThan(LIMIT_KB * 1024);
    expect(cut.signal).toBeNull();
    expect(cut.code).not.toBe(0);
    expect(cut.stderr).toContain(`cannot write the report ${file} (EFBIG)`);
  });

  it('leaves the previous report whole, and nothing beside it', () => {
    expect(readFileSync(file, 'utf8') === previous).toBe(true);
    expect(readdirSync(out)).toEqual(['run.html']);
  });
});
