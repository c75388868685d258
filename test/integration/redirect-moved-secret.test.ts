// A redirect that moves a secret the crawl sent into a plainly named parameter (`?auth=…` → `Location: /p?x=…`).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesUnder } from '../support/files-under';
import { FixtureServer } from '../support/fixture-server';
import { cli } from '../support/run-cli';
import { storedText } from '../support/stored-text';
import { tempStorageDir } from '../support/test-crawl';

const SPIDER = resolve(import.meta.dirname, '../support/spiders/catalog-spider.ts');
const SECRET = 'mOv3dT0ken-77Qx21';

let server: FixtureServer;
const storage = tempStorageDir('redirect-moved-secret');

beforeAll(async () => {
  server = await FixtureServer.start({ builtInRoutes: false });
  server.route('/robots.txt', (_req, res) => void res.writeHead(404).end());
  // The listing links its product with the query it was asked with, as shops do; the product moves the token from
  // `auth` (a name that says what it holds) to `x` (one that does not) and answers there.
  server.route('/list', (_req, res, { url }) => void res.writeHead(200, { 'content-type': 'text/html' }).end(`<a class="product" href="/p/a${url.search}">a</a>`));
  server.route('/p/a', (_req, res, { url }) => {
    const auth = url.searchParams.get('auth');
    if (auth !== null) return void res.writeHead(302, { location: `/p/a?x=${encodeURIComponent(auth)}` }).end();
    void res.writeHead(200, { 'content-type': 'text/html' }).end('<main data-sku="a"><p class="price">$19.99</p></main>');
  });
});
afterAll(async () => {
  await server.close();
  storage.cleanup();
});

describe('a secret a redirect moved under a plain name', { timeout: 120_000 }, () => {
  it('reaches no record, feed, log or screen', async () => {
    const dir = storage.dir;
    const feed = join(dir, 'items.jsonl');
    const run = await cli([
      'crawl', SPIDER, '-a', `startUrls=http://127.0.0.1:${server.port}/list?auth=${SECRET}`, '--storage', dir, '-o', feed,
      '-s', 'politeness.minIntervalMs=0', '-s', 'politeness.jitterMs=0', '-s', 'log.format=json', '-s', 'log.level=debug',
      '-s', 'cache.enabled=true', '-s', `cache.dir=${join(dir, 'httpcache')}`, '--report', join(dir, 'report.html'),
    ]);
    expect(run.code, run.stderr).toBe(0);
    // The item is there, its URL the page's with the moved token written ***.
    expect(readFileSync(feed, 'utf8')).toContain(`"url":"http://127.0.0.1:${server.port}/p/a?x=***"`);
    expect(filesUnder(join(dir, 'httpcache'))).toHaveLength(1);
    // The work queue keeps requests as they must be sent again; nothing else keeps the token.
    const leaks = filesUnder(dir).filter((path) => !path.includes('frontier.sqlite')).filter((path) => storedText(path).includes(SECRET));
    expect({ leaks, stdout: run.stdout.includes(SECRET), stderr: run.stderr.includes(SECRET) }).toEqual({ leaks: [], stdout: false, stderr: false });
  });
});
