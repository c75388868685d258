// Secrets named by their key, not in a URL's user info: tokens in query strings and secret request headers stay out of logs, run records, the fetch log and reports.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { filesUnder } from '../support/files-under';
import { storedText } from '../support/stored-text';
import { cli } from '../support/run-cli';
import { tempStorageDir } from '../support/test-crawl';

const QUERY_TOKENS = ['qApiKey-5521', 'qToken-7710'];
const HEADER_SECRETS = ['hCookie-3391', 'hProxyAuth-8830', 'hApiKey-2274', 'hBearer-6612'];
const SPIDER = resolve(import.meta.dirname, '../support/spiders/catalog-spider.ts');

let site: CatalogSite;
const storage = tempStorageDir('secret-names');

beforeAll(async () => {
  site = await startCatalogSite({ hosts: 1, productsPerHost: 2, perPage: 2 });
});
afterAll(async () => {
  await site.close();
  storage.cleanup();
});

/** Every text column of every row of a SQLite table, as one string. */
function tableText(file: string, table: string): string {
  const db = new Database(file, { readonly: true });
  try {
    return JSON.stringify(db.prepare(`SELECT * FROM ${table}`).all());
  } finally {
    db.close();
  }
}

const found = (secrets: string[], places: Array<[string, string]>): string[] =>
  places.flatMap(([where, text]) => secrets.filter((secret) => text.includes(secret)).map((secret) => `${secret} in ${where}`));

describe('secret-named values never at rest, never in a log', () => {
  it('a crawl whose URLs carry ?api_key= and token= and whose settings send Cookie, Proxy-Authorization, X-Api-Key and Authorization headers keeps them out of everything it writes', async () => {
    const server = site.servers[0];
    // The listing with a key the site ignores, and a page that 404s: its URL lands in the failures, the log and the report.
    const startUrls = [`${server.url('/list')}?page=1&api_key=${QUERY_TOKENS[0]}`, `${server.url('/gone')}?token=${QUERY_TOKENS[1]}`].join(',');
    const headers = [`Cookie=sid=${HEADER_SECRETS[0]}`, `Proxy-Authorization=Basic ${HEADER_SECRETS[1]}`, `X-Api-Key=${HEADER_SECRETS[2]}`, `Authorization=Bearer ${HEADER_SECRETS[3]}`];
    const sets = ['robots.obey=false', 'politeness.jitterMs=0', 'politeness.minIntervalMs=0', 'log.format=json', 'log.level=debug', ...headers.map((h) => `http.headers.${h}`)];
    const report = join(storage.dir, 'report.html');
    const crawl = await cli(['crawl', SPIDER, '-a', `startUrls=${startUrls}`, '--storage', storage.dir, '--report', report, ...sets.flatMap((pair) => ['-s', pair])]);
    expect(crawl.stderr).toContain('"reason":"http/404"');
    // The headers were really sent: the secrets are in use, not dropped.
    expect(server.requests.some((r) => r.headers.cookie === `sid=${HEADER_SECRETS[0]}` && r.headers['x-api-key'] === HEADER_SECRETS[2])).toBe(true);
    const runs = await cli(['runs', '--json', '--storage', storage.dir]);

    const places: Array<[string, string]> = [
      ['crawl stdout', crawl.stdout],
      ['crawl log', crawl.stderr],
      ['runs', runs.stdout],
      ['report', readFileSync(report, 'utf8')],
      ['fetch log', tableText(join(storage.dir, 'fetch-log.sqlite'), 'fetch_log')],
      ['run records', tableText(join(storage.dir, 'frontier.sqlite'), 'run_records')],
    ];
    // Every file the run wrote, compressed ones unpacked (raw capture's gzip pages in blobs.sqlite): the frontier's
    // request rows keep the URLs they fetch, and those alone may hold a query token.
    const everyFile = filesUnder(storage.dir).filter((path) => !path.startsWith(join(storage.dir, 'gateway-names')));
    const stored = everyFile.map((path): [string, string] => [path, storedText(path)]);
    // The pages are really searched: raw capture's gzip blobs, unpacked, hold the product pages' markup.
    expect(stored.find(([path]) => path === join(storage.dir, 'blobs.sqlite'))?.[1]).toContain('<h1>Product ');
    const outsideFrontier = stored.filter(([path]) => !/frontier\.sqlite(-wal|-shm)?$/.test(path));
    expect([...found([...QUERY_TOKENS, ...HEADER_SECRETS], [...places, ...outsideFrontier]), ...found(HEADER_SECRETS, stored)]).toEqual([]);
    expect(crawl.stderr).toContain('/gone?token=***');
  });

  it('also under the names API gateways and SDKs use: Ocp-Apim-Subscription-Key, X-Access-Key, access_key, accessToken, clientSecret', async () => {
    const server = site.servers[0];
    const dir = join(storage.dir, 'gateway-names');
    const query = ['qAccessKey-4410', 'qAccessToken-4411', 'qClientSecret-4412', 'qSubKey-4413'];
    const headers = ['hSubKey-4420', 'hAccessKey-4421', 'hAuthKey-4422'];
    const startUrls = [`${server.url('/list')}?page=1&access_key=${query[0]}&accessToken=${query[1]}`, `${server.url('/gone')}?clientSecret=${query[2]}&subscription-key=${query[3]}`].join(',');
    const sets = ['robots.obey=false', 'robots.userAgentToken=pricecrawl', 'politeness.jitterMs=0', 'politeness.minIntervalMs=0', 'log.format=json', 'log.level=debug',
      `http.headers.Ocp-Apim-Subscription-Key=${headers[0]}`, `http.headers.X-Access-Key=${headers[1]}`, `http.headers.X-Auth-Key=${headers[2]}`];
    const report = join(dir, 'report.html');
    const crawl = await cli(['crawl', SPIDER, '-a', `startUrls=${startUrls}`, '--storage', dir, '--report', report, ...sets.flatMap((pair) => ['-s', pair])]);
    expect(crawl.stderr).toContain('"reason":"http/404"');
    expect(server.requests.some((r) => r.headers['ocp-apim-subscription-key'] === headers[0] && r.headers['x-access-key'] === headers[1])).toBe(true);
    const places: Array<[string, string]> = [
      ['crawl stdout', crawl.stdout],
      ['crawl log', crawl.stderr],
      ['report', readFileSync(report, 'utf8')],
      ['fetch log', tableText(join(dir, 'fetch-log.sqlite'), 'fetch_log')],
      ['run records', tableText(join(dir, 'frontier.sqlite'), 'run_records')],
    ];
    expect(found([...query, ...headers], places)).toEqual([]);
    // What is not a secret stays readable: the robots.txt user-agent token is a setting, not a credential.
    expect(tableText(join(dir, 'frontier.sqlite'), 'run_records')).toContain('userAgentToken');
  });
});
