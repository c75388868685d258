// A key under a bare name in a URL the crawl was given (`?key=`, as Google's and many map and search APIs take it): no
// record of the run keeps it, while a shop's own `?key=` in a product link (data: which product) stays in the item's URL.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesUnder } from '../support/files-under';
import { FixtureServer } from '../support/fixture-server';
import { cli } from '../support/run-cli';
import { tempStorageDir } from '../support/test-crawl';

const CONFIGURED_KEY = 'AIzaC0nfigured-K3y-551';
const SESSION = 'jsess-C0nfigured-662';
const SPIDER = resolve(import.meta.dirname, '../support/spiders/catalog-spider.ts');

let server: FixtureServer;
const storage = tempStorageDir('bare-key-parameter');

beforeAll(async () => {
  server = await FixtureServer.start({ builtInRoutes: false });
  server.route('/robots.txt', (_req, res) => void res.writeHead(404).end());
  server.route(`/start;jsessionid=${SESSION}`, (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<a class="product" href="/p1?key=blue-kettle-2l">p</a>'));
  server.route('/p1', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<main data-sku="P1"><p class="price">$10.00</p></main>'));
});
afterAll(async () => {
  await server.close();
  storage.cleanup();
});

describe('a bare key parameter', () => {
  it('is masked in the logs, fetch log, report and run records of a configured URL; a product link keeps its own', async () => {
    const start = `http://127.0.0.1:${server.port}/start;jsessionid=${SESSION}?key=${CONFIGURED_KEY}&lang=en`;
    const feed = join(storage.dir, 'items.jsonl');
    const crawl = await cli(['crawl', SPIDER, '-a', `startUrls=${start}`, '--storage', storage.dir, '-o', feed, '--report', join(storage.dir, 'report.html'),
      '-s', 'politeness.minIntervalMs=0', '-s', 'politeness.jitterMs=0', '-s', 'log.format=json', '-s', 'log.level=debug']);
    expect(crawl.code, crawl.stderr).toBe(0);

    // The shop's key names its product: the item keeps the URL exact.
    const items = readFileSync(feed, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { sku: string; url: string });
    expect(items).toEqual([expect.objectContaining({ sku: 'P1', url: `http://127.0.0.1:${server.port}/p1?key=blue-kettle-2l` })]);
    // The start page's fetch is on record, masked.
    const fetchLog = new Database(join(storage.dir, 'fetch-log.sqlite'), { readonly: true });
    const urls = fetchLog.prepare('SELECT url FROM fetch_log ORDER BY url').pluck().all();
    fetchLog.close();
    expect(urls).toContain(`http://127.0.0.1:${server.port}/start;jsessionid=***?key=***&lang=en`);

    const written = filesUnder(storage.dir).filter((path) => !path.includes('frontier.sqlite'));
    expect(written).toEqual(expect.arrayContaining([join(storage.dir, 'fetch-log.sqlite'), join(storage.dir, 'report.html')]));
    const places: Array<[string, string]> = [['stdout', crawl.stdout], ['stderr', crawl.stderr], ...written.map((path): [string, string] => [path, readFileSync(path).toString('latin1')])];
    const leaks = places.flatMap(([where, text]) => [CONFIGURED_KEY, SESSION].filter((secret) => text.includes(secret)).map((secret) => `${secret} in ${where}`));
    expect(leaks).toEqual([]);
  });
});
