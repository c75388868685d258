// Errors that teach: each common mistake prints one message naming the fix, exits 2, and shows a stack only with --debug.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { cli, runRecordsJson } from '../support/run-cli';
import { tempStorageDir } from '../support/test-crawl';
import { spiderRegistry } from '../../spiders/index';

const STACK_FRAME = /\n\s+at /;

describe.concurrent('errors that teach', { timeout: 180_000 }, () => {
  let site: CatalogSite;
  const storage = tempStorageDir('teach');
  const mistake = (dir: string, ...extra: string[]) => [
    'crawl', 'test/support/spiders/mistake-spider.ts', '--storage', `${storage.dir}/${dir}`,
    '-s', 'politeness.minIntervalMs=0', '-s', 'pipeline.batchMaxAgeMs=20', '-s', 'log.format=json', '-s', 'log.level=silent', ...extra,
  ];

  beforeAll(async () => {
    site = await startCatalogSite({ hosts: 1, productsPerHost: 2 });
  });
  afterAll(async () => {
    await site.close();
    storage.cleanup();
  });

  it('suggests the closest spider name', async () => {
    const run = await cli(['crawl', 'demo-jsonlb']);
    expect(run.code).toBe(2);
    const known = Object.keys(spiderRegistry).sort().join(', ');
    expect(run.stderr).toBe(`pricecrawl: no spider named "demo-jsonlb"; did you mean "demo-jsonld"?; known spiders: ${known} (in ${resolve(import.meta.dirname, '../../spiders')}; or pass a path to a spider file)\n`);
  });

  it("says a team's spider was asked for outside any project (no pricecrawl.config.json here or above)", async () => {
    const elsewhere = mkdtempSync(join(tmpdir(), 'pricecrawl-elsewhere-'));
    try {
      const run = await cli(['crawl', 'alpha'], { cwd: elsewhere });
      // Before: only the bundled demo spiders were listed, with nothing saying why the team's were missing.
      expect(run.stderr).toMatch(/^pricecrawl: no spider named "alpha"; known spiders: demo-hostile, .*; or pass a path to a spider file\)/);
      expect(run.stderr.trimEnd()).toMatch(new RegExp(`; no pricecrawl\\.config\\.json in ${elsewhere.replace(/[.]/g, '\\.')} or above, so this is no project: run the command in your project's folder \\(or any folder inside it\\)$`));
      expect(run.code).toBe(2);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('suggests the closest settings key, and prints the stack only with --debug', async () => {
    const run = await cli(['crawl', 'demo-jsonld', '-s', 'politeness.minIntervalMS=5']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('pricecrawl: -s politeness.minIntervalMS: no such setting; did you mean "politeness.minIntervalMs"?\n');
    const debug = await cli(['--debug', 'crawl', 'demo-jsonld', '-s', 'politeness.minIntervalMS=5']);
    expect(debug.stderr).toContain('did you mean "politeness.minIntervalMs"?');
    expect(debug.stderr).toMatch(STACK_FRAME);
  });

  it('names frontier.url when a --frontier URL cannot be parsed, on every command that takes one, never the password', async () => {
    const url = 'redis://:s3cret@127.0.0.1:99999';
    for (const args of [['status', '--frontier', url], ['report', 'some-run', '--frontier', url]]) {
      const run = await cli([...args, '--storage', storage.dir]);
      expect(run.code, args[0]).toBe(2);
      expect(run.stderr, args[0]).toBe('pricecrawl: invalid settings:\n  frontier.url: not a valid URL (from cli)\n');
    }
  });

  it('names the host to add when a start URL is outside allowedDomains', async () => {
    // Tests here run concurrently and another one crawls this site: this start URL is this test's own.
    const start = `${site.startUrls[0]}?offsite-check`;
    const host = new URL(start).host;
    const run = await cli(mistake('offsite', '-a', `startUrls=${start}`, '-a', 'allowedDomains=shop.example'));
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`pricecrawl: spider "mistake": start URL ${start} has host ${host}, which is not in allowedDomains [shop.example]; add '${host}' to allowedDomains\n`);
    expect(site.servers[0].requests.filter((r) => r.url.includes('offsite-check'))).toHaveLength(0);
  });

  it('names the misspelt callback, the closest real one, and exits 2 after an accounted run', async () => {
    const run = await cli(mistake('callback', '-a', `startUrls=${site.startUrls[0]}`));
    expect(run.code).toBe(2);
    expect(run.stdout).toContain('callback/unknown: 1');
    expect(run.stdout).toContain('accounting: planned 2 = succeeded 1 + failed 1 + pending 0');
    expect(run.stderr).toBe(
      'pricecrawl: spider "mistake" yielded 1 request(s) for callback "parseProdcut", which it does not define; did you mean "parseProduct"?; its callbacks are parse, parseProduct (fix the name passed to follow()/request(), or add the method)\n',
    );
    // `pricecrawl runs` tells what the process exited with, not a clean 0.
    const [record] = await runRecordsJson(['--storage', `${storage.dir}/callback`]);
    expect(record).toMatchObject({ outcome: 'finished', exitCode: 2, failed: 1 });
  });

  it('names the apt package and the setting when Chromium is missing', async () => {
    const run = await cli(['fetch', site.startUrls[0], '--browser', '-s', 'browser.executablePath=/nonexistent/chromium']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'pricecrawl: no Chromium at /nonexistent/chromium (browser.executablePath); install Debian\'s package with `apt-get install chromium` or point browser.executablePath at a Chromium binary\n',
    );
    expect(run.stderr).not.toMatch(STACK_FRAME);
  });
});
