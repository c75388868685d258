// What counts as a credential the crawl sent: values that are secrets (a flag such as `?auth=required` is none), every
// echo of one kept from rest (in a page's text, in an answer's header under any name), and nothing else withheld.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesUnder } from '../support/files-under';
import { FixtureServer } from '../support/fixture-server';
import { cli } from '../support/run-cli';
import { storedText } from '../support/stored-text';
import { tempStorageDir } from '../support/test-crawl';

const SPIDER = resolve(import.meta.dirname, '../support/spiders/catalog-spider.ts');
/** A key with digits and symbols, a machine token of lower-case letters alone, a person's password that is a word. */
const API_KEY = 'pr3cise-K3y-8812';
const LETTER_TOKEN = 'qzvkwmrtplxbhnfdjw';
const PASSWORD = 'sunshine';
const HEADER_TOKEN = 'pr3ciseHeaderT0ken9931';

let server: FixtureServer;
const storage = tempStorageDir('echoed-secrets-precise');

beforeAll(async () => {
  server = await FixtureServer.start({ builtInRoutes: false });
  server.route('/robots.txt', (_req, res) => void res.writeHead(404).end());
  // The listing prints the URL it was asked for back (its canonical link), as shops do, and links each product with
  // the same query: every page is asked for with the same parameters.
  const pages = ['words', 'token', 'password', 'headers'];
  server.route('/list', (req, res) => {
    const query = req.url?.slice(req.url.indexOf('?')).replace(/&/g, '&amp;') ?? '';
    const links = pages.map((page) => `<a class="product" href="/p/${page}${query}">${page}</a>`).join(' ');
    void res.writeHead(200, { 'content-type': 'text/html' }).end(`<link rel="canonical" href="/list${query}"><p>Sign-in required for trade prices; since 20240101.</p>${links}`);
  });
  const product: Record<string, { text: string; headers?: Record<string, string> }> = {
    // Plain words a flag's value or a short setting value may equal.
    words: { text: 'Sign-in required. Optional gift wrap, optional engraving. Basic standard delivery. Since 20240101.' },
    // A machine token and a person's password quoted back without their names.
    token: { text: `Ref ${LETTER_TOKEN}.` },
    password: { text: `Your password: ${PASSWORD}` },
    // Nothing in the body; the answer's headers quote the key and the header's token under plain names.
    headers: { text: 'Sign-in required.', headers: { 'x-echo': API_KEY, 'x-request-token-echo': `seen ${HEADER_TOKEN}`, 'retry-after': `0 ${HEADER_TOKEN}` } },
  };
  server.route('/p/:page', (_req, res, { params }) => {
    const page = product[params.page];
    void res.writeHead(200, { 'content-type': 'text/html', ...page.headers }).end(`<main data-sku="${params.page}"><p>${page.text}</p><p class="price">$19.99</p></main>`);
  });
});
afterAll(async () => {
  await server.close();
  storage.cleanup();
});

async function crawl(dir: string, query: string, headers: Record<string, string>) {
  const feed = join(dir, 'items.jsonl');
  const run = await cli([
    'crawl', SPIDER, '-a', `startUrls=http://127.0.0.1:${server.port}/list?${query}`, '--storage', dir, '-o', feed,
    '-s', 'politeness.minIntervalMs=0', '-s', 'politeness.jitterMs=0', '-s', `http.headers=${JSON.stringify(headers)}`,
    '-s', 'cache.enabled=true', '-s', `cache.dir=${join(dir, 'httpcache')}`, '-s', 'log.format=json',
  ]);
  expect(run.code, run.stderr).toBe(0);
  const items = readFileSync(feed, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { sku: string; rawHash: string });
  return { run, items: Object.fromEntries(items.map((item) => [item.sku, item.rawHash])) };
}

const rawOf = (hash: string, dir: string) => cli(['raw', hash, '--storage', dir]);

describe('raw capture and the HTTP cache of pages beside credentials the crawl sent', { timeout: 120_000 }, () => {
  it('keep pages whose words equal a flag or a plain setting value: those are no secrets', async () => {
    const dir = join(storage.dir, 'flags');
    // `auth=required`, `sig=20240101`, a secret-named header saying `optional`, `X-Plan: Basic standard`.
    const { run, items } = await crawl(dir, 'auth=required&sig=20240101', { 'X-Requires-Auth': 'optional', 'X-Plan': 'Basic standard' });
    expect(run.stdout).not.toMatch(/quote a credential the crawl sent/);
    expect(Object.keys(items).sort()).toEqual(['headers', 'password', 'token', 'words']);
    for (const hash of Object.values(items)) expect((await rawOf(hash, dir)).code).toBe(0);
    expect(filesUnder(join(dir, 'httpcache'))).toHaveLength(5);
  });

  it('withhold every page quoting a sent secret, and keep the secrets out of stored headers', async () => {
    const dir = join(storage.dir, 'secrets');
    const { run, items } = await crawl(dir, `api_key=${API_KEY}&access_token=${LETTER_TOKEN}&password=${PASSWORD}`, { 'X-Partner': `Bearer ${HEADER_TOKEN}` });
    expect(Object.keys(items).sort()).toEqual(['headers', 'password', 'token', 'words']);
    // The listing (its canonical link) and the pages quoting the letters token and the password are read, not stored.
    expect(run.stdout).toMatch(/pages whose bytes were not stored: they quote a credential the crawl sent \(read all the same\) +3\n/);
    expect((await rawOf(items.token, dir)).stderr).toContain('raw/withheld-secret');
    expect((await rawOf(items.password, dir)).stderr).toContain('raw/withheld-secret');
    // The others' bodies quote nothing: kept, in the raw capture and the cache, without the headers that echo.
    expect((await rawOf(items.words, dir)).code).toBe(0);
    expect((await rawOf(items.headers, dir)).code).toBe(0);
    expect(filesUnder(join(dir, 'httpcache'))).toHaveLength(2);
    const leaks = filesUnder(dir)
      .filter((path) => !path.includes('frontier.sqlite')) // the work queue keeps requests as they must be sent again
      .flatMap((path) => [API_KEY, LETTER_TOKEN, PASSWORD, HEADER_TOKEN].filter((secret) => storedText(path).includes(secret)).map((secret) => `${secret} in ${path}`));
    expect(leaks).toEqual([]);
  });
});
