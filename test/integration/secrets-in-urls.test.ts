// Credentials and tokens in page URLs (a start URL with user info, a redirect's Location, ?api_key= and signed links): no item, feed, export, report or screen shows them.
import type { ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesUnder } from '../support/files-under';
import { FixtureServer } from '../support/fixture-server';
import { cli, type CliRun } from '../support/run-cli';
import { tempStorageDir } from '../support/test-crawl';

const START_PASSWORD = 'st4rt-Passw0rd-118';
const START_TOKEN = 'st4rt-T0ken-227';
const API_KEY = 'ap1-K3y-336';
const SIGNATURE = 's1gnature-445';
const REDIRECT_PASSWORD = 'red1rect-Passw0rd-554';
const REDIRECT_TOKEN = 'red1rect-T0ken-663';
const COPY_SIGNATURE = 'c0py-S1g-772';
/** Under names the server reads percent-decoded: `password`, Rails' `user[password]`. */
const ENCODED_PASSWORD = 'enc0ded-Passw0rd-881';
const BRACKETED_PASSWORD = 'br4cket-Passw0rd-990';
const SECRETS = [START_PASSWORD, START_TOKEN, API_KEY, SIGNATURE, REDIRECT_PASSWORD, REDIRECT_TOKEN, COPY_SIGNATURE, ENCODED_PASSWORD, BRACKETED_PASSWORD];
const SPIDER = resolve(import.meta.dirname, '../support/spiders/catalog-spider.ts');

let server: FixtureServer;
let price = '10.00';
const storage = tempStorageDir('secrets-in-urls');

beforeAll(async () => {
  server = await FixtureServer.start({ builtInRoutes: false });
  const listing = [`/p1?api_key=${API_KEY}&page=1&pass%77ord=${ENCODED_PASSWORD}&user%5Bpassword%5D=${BRACKETED_PASSWORD}`, `/p2?X-Amz-Signature=${SIGNATURE}&X-Amz-Expires=60`, '/moved', `/copy?sig=${COPY_SIGNATURE}`];
  server.route('/robots.txt', (_req, res) => void res.writeHead(404).end());
  server.route('/start', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(listing.map((href) => `<a class="product" href="${href}">p</a>`).join(' ')));
  // A copy of P1 at another price: the drop names both pages, in the summary and the run record.
  const product = (sku: string, extra = 0) => (_req: unknown, res: ServerResponse) =>
    void res.writeHead(200, { 'content-type': 'text/html' }).end(`<main data-sku="${sku}"><p class="price">$${(Number(price) + extra).toFixed(2)}</p></main>`);
  server.route('/p1', product('P1'));
  server.route('/p2', product('P2'));
  server.route('/p3', product('P3'));
  server.route('/copy', product('P1', 5));
  // A Location with user info and a token in its query: the server chose them, the crawl must not spread them.
  server.route('/moved', (_req, res) => void res.writeHead(302, { location: `http://ruser:${REDIRECT_PASSWORD}@127.0.0.1:${server.port}/p3?token=${REDIRECT_TOKEN}`, 'content-length': '0' }).end());
});
afterAll(async () => {
  await server.close();
  storage.cleanup();
});

describe('secrets in the URLs a crawl visits', () => {
  it('reach no item, feed, export, report, price change or screen; the pages are still crawled and priced', async () => {
    const start = `http://suser:${START_PASSWORD}@127.0.0.1:${server.port}/start?access_token=${START_TOKEN}`;
    const feeds = ['items.csv', 'items.jsonl', 'items.json'].map((name) => join(storage.dir, name));
    const crawl = (extra: string[]) =>
      cli(['crawl', SPIDER, '-a', `startUrls=${start}`, '--storage', storage.dir, ...extra, '-s', 'politeness.minIntervalMs=0', '-s', 'politeness.jitterMs=0', '-s', 'log.format=json', '-s', 'log.level=debug']);
    const first = await crawl(feeds.flatMap((feed) => ['-o', feed]));
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('duplicate/price-differs: 1');
    price = '12.50';
    const second = await crawl(['--report', join(storage.dir, 'report.html')]);
    expect(second.code, second.stderr).toBe(0);

    const runs = await cli(['runs', '--json', '--storage', storage.dir]);
    const runIds = runs.stdout.trim().split('\n').map((line) => (JSON.parse(line) as { runId: string }).runId);
    expect(runIds).toHaveLength(2);
    const changes = await cli(['changes', '--storage', storage.dir]);
    const changesJson = await cli(['changes', '--json', '--storage', storage.dir]);
    const exported = await cli(['export', runIds[0], '--storage', storage.dir, '-O', join(storage.dir, 'export.csv'), '-O', join(storage.dir, 'export.jsonl')]);
    expect(exported.code, exported.stderr).toBe(0);
    const report = await cli(['report', runIds[0], '--storage', storage.dir, '-o', join(storage.dir, 'report-first.html')]);
    expect(report.code, report.stderr).toBe(0);

    // Every page was fetched and priced: the masking hides the secrets, not the work.
    const items = readFileSync(feeds[1], 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { sku: string; url: string; price: string });
    expect(items.map((item) => item.sku).sort()).toEqual(['P1', 'P2', 'P3']);
    expect(items.find((item) => item.sku === 'P3')?.url).toBe(`http://***@127.0.0.1:${server.port}/p3?token=***`);
    expect(items.find((item) => item.sku === 'P1')?.url).toBe(`http://***@127.0.0.1:${server.port}/p1?api_key=***&page=1&pass%77ord=***&user%5Bpassword%5D=***`);
    expect(changes.stdout).toContain('12.50 USD');
    expect(changesJson.stdout.trim().split('\n')).toHaveLength(3);

    // The frontier keeps the requests as they must be sent again (a resume, a retry): the work queue, not a
    // record. Its run records (settings, summary with the drop's two pages, error) are records.
    const written = filesUnder(storage.dir).filter((path) => !path.includes('frontier.sqlite'));
    const frontier = new Database(join(storage.dir, 'frontier.sqlite'), { readonly: true });
    const runRecords = JSON.stringify(frontier.prepare('SELECT * FROM run_records').all());
    frontier.close();
    expect(runRecords).toContain('duplicate/price-differs');
    expect(written).toEqual(expect.arrayContaining([...feeds, join(storage.dir, 'items.sqlite'), join(storage.dir, 'report.html'), join(storage.dir, 'export.csv')]));
    const screens: Array<[string, CliRun]> = [['first crawl', first], ['second crawl', second], ['runs', runs], ['changes', changes], ['changes --json', changesJson], ['export', exported], ['report', report]];
    const places: Array<[string, string]> = [
      ...screens.flatMap(([name, run]): Array<[string, string]> => [[`${name} stdout`, run.stdout], [`${name} stderr`, run.stderr]]),
      ...written.map((path): [string, string] => [path, readFileSync(path).toString('latin1')]),
      ['run records', runRecords],
    ];
    const leaks = places.flatMap(([where, text]) => SECRETS.filter((secret) => text.includes(secret)).map((secret) => `${secret} in ${where}`));
    expect(leaks).toEqual([]);
  });
});
