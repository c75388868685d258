// Credentials and tokens in page URLs (a start URL with user info, a redirect's Location, ?api_key= and signed links): no item, feed, export, report or screen shows them.
import type { ServerResponse } from 'node:http';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixtureServer } from '../support/fixture-server';
import { cli, type CliRun } from '../support/run-cli';
import { tempStorageDir } from '../support/test-crawl';

const START_PASSWORD = 'st4rt-Passw0rd-118';
const START_TOKEN = 'st4rt-T0ken-227';
const API_KEY = 'ap1-K3y-336';
const SIGNATURE = 's1gnature-445';
const REDIRECT_PASSWORD = 'red1rect-Passw0rd-554';
const REDIRECT_TOKEN = 'red1rect-T0ken-663';
const SECRETS = [START_PASSWORD, START_TOKEN, API_KEY, SIGNATURE, REDIRECT_PASSWORD, REDIRECT_TOKEN];
const SPIDER = resolve(import.meta.dirname, '../support/spiders/tree-spider.ts');

let server: FixtureServer;
let price = '10.00';
const storage = tempStorageDir('secrets-in-urls');

beforeAll(async () => {
  server = await FixtureServer.start({ builtInRoutes: false });
  const page = (links: string) => (_req: unknown, res: ServerResponse) => void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<html><body><p class="price">$${price}</p>${links}</body></html>`);
  server.route('/robots.txt', (_req, res) => void res.writeHead(404).end());
  server.route('/start', page(`<a href="/p1?api_key=${API_KEY}&page=1">1</a> <a href="/p2?X-Amz-Signature=${SIGNATURE}&X-Amz-Expires=60">2</a> <a href="/moved">3</a>`));
  for (const path of ['/p1', '/p2', '/p3']) server.route(path, page(''));
  // A Location with user info and a token in its query: the server chose them, the crawl must not spread them.
  server.route('/moved', (_req, res) => void res.writeHead(302, { location: `http://ruser:${REDIRECT_PASSWORD}@127.0.0.1:${server.port}/p3?token=${REDIRECT_TOKEN}`, 'content-length': '0' }).end());
});
afterAll(async () => {
  await server.close();
  storage.cleanup();
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('secrets in the URLs a crawl visits', () => {
  it('reach no item, feed, export, report, price change or screen; the pages are still crawled and priced', async () => {
    const start = `http://suser:${START_PASSWORD}@127.0.0.1:${server.port}/start?access_token=${START_TOKEN}`;
    const feeds = ['items.csv', 'items.jsonl', 'items.json'].map((name) => join(storage.dir, name));
    const crawl = (extra: string[]) =>
      cli(['crawl', SPIDER, '-a', `startUrls=${start}`, '--storage', storage.dir, ...extra, '-s', 'politeness.minIntervalMs=0', '-s', 'politeness.jitterMs=0', '-s', 'log.format=json', '-s', 'log.level=debug']);
    const first = await crawl(feeds.flatMap((feed) => ['-o', feed]));
    expect(first.code, first.stderr).toBe(0);
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
    expect(items.map((item) => item.sku).sort()).toEqual(['/p1', '/p2', '/p3', '/start']);
    expect(items.find((item) => item.sku === '/p3')?.url).toBe(`http://***@127.0.0.1:${server.port}/p3?token=***`);
    expect(items.find((item) => item.sku === '/p1')?.url).toBe(`http://***@127.0.0.1:${server.port}/p1?api_key=***&page=1`);
    expect(changes.stdout).toContain('12.50 USD');
    expect(changesJson.stdout.trim().split('\n')).toHaveLength(4);

    // The frontier keeps the requests as they must be sent again (a resume, a retry): the work queue, not a record.
    const written = filesUnder(storage.dir).filter((path) => !path.includes('frontier.sqlite'));
    expect(written).toEqual(expect.arrayContaining([...feeds, join(storage.dir, 'items.sqlite'), join(storage.dir, 'report.html'), join(storage.dir, 'export.csv')]));
    const screens: Array<[string, CliRun]> = [['first crawl', first], ['second crawl', second], ['runs', runs], ['changes', changes], ['changes --json', changesJson], ['export', exported], ['report', report]];
    const places: Array<[string, string]> = [
      ...screens.flatMap(([name, run]): Array<[string, string]> => [[`${name} stdout`, run.stdout], [`${name} stderr`, run.stderr]]),
      ...written.map((path): [string, string] => [path, readFileSync(path).toString('latin1')]),
    ];
    const leaks = places.flatMap(([where, text]) => SECRETS.filter((secret) => text.includes(secret)).map((secret) => `${secret} in ${where}`));
    expect(leaks).toEqual([]);
  });
});
