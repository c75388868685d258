// A page that echoes a credential the crawl sent (its ?api_key= in a canonical link, a header's token in a form) is crawled and priced, and its bytes are kept nowhere: not in the raw capture, not in the HTTP cache.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesUnder } from '../support/files-under';
import { FixtureServer } from '../support/fixture-server';
import { cli } from '../support/run-cli';
import { storedText } from '../support/stored-text';
import { tempStorageDir } from '../support/test-crawl';

const API_KEY = 'ech0ed-K3y-4471';
const HEADER_TOKEN = 'ech0edHeaderT0ken5582';
const SPIDER = resolve(import.meta.dirname, '../support/spiders/catalog-spider.ts');

let server: FixtureServer;
const storage = tempStorageDir('echoed-secrets');

beforeAll(async () => {
  server = await FixtureServer.start({ builtInRoutes: false });
  const base = `http://127.0.0.1:${server.port}`;
  server.route('/robots.txt', (_req, res) => void res.writeHead(404).end());
  // Shops print the URL asked for back into the page: a canonical link, a form's action, a language switch.
  server.route('/start', (req, res) =>
    void res
      .writeHead(200, { 'content-type': 'text/html' })
      .end(`<link rel="canonical" href="${base}${req.url}"><form action="${req.url?.replace(/&/g, '&amp;')}"></form><a class="product" href="/p1">1</a> <a class="product" href="/p2">2</a>`));
  const product = (sku: string, echo: (req: IncomingMessage) => string) => (req: IncomingMessage, res: ServerResponse) =>
    void res.writeHead(200, { 'content-type': 'text/html' }).end(`<html><head>${echo(req)}</head><main data-sku="${sku}"><p class="price">$19.99</p></main></html>`);
  server.route('/p1', product('P1', () => '<title>plain</title>'));
  server.route('/p2', product('P2', (req) => `<input type="hidden" name="t" value="${String(req.headers['x-partner'] ?? '').replace(/^Bearer /, '')}">`));
});
afterAll(async () => {
  await server.close();
  storage.cleanup();
});

describe('a page quoting a credential the crawl sent', () => {
  it('is priced, and neither raw capture nor the HTTP cache keeps its bytes; raw names why for its hash', async () => {
    const feed = join(storage.dir, 'items.jsonl');
    const run = await cli([
      'crawl', SPIDER, '-a', `startUrls=http://127.0.0.1:${server.port}/start?api_key=${API_KEY}&lang=en`, '--storage', storage.dir, '-o', feed,
      '-s', 'politeness.minIntervalMs=0', '-s', 'politeness.jitterMs=0', '-s', `http.headers={"X-Partner":"Bearer ${HEADER_TOKEN}"}`,
      '-s', 'cache.enabled=true', '-s', `cache.dir=${join(storage.dir, 'httpcache')}`, '-s', 'log.format=json',
    ]);
    expect(run.code, run.stderr).toBe(0);
    const items = readFileSync(feed, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { sku: string; price: string; rawHash: string });
    expect(items.map((item) => item.sku).sort()).toEqual(['P1', 'P2']);
    expect(run.stdout).toMatch(/pages whose bytes were not stored: they quote a credential the crawl sent \(read all the same\) +2\n/);
    expect(run.stdout).toMatch(/answers not stored in the HTTP cache: the page quotes a credential the crawl sent +2\n/);

    // storedText reads a cached answer's body from its base64, as the replay does.
    const readable = storedText;
    const leaks = filesUnder(storage.dir)
      .filter((path) => !path.includes('frontier.sqlite')) // the work queue keeps requests as they must be sent again
      .flatMap((path) => [API_KEY, HEADER_TOKEN].filter((secret) => readable(path).includes(secret)).map((secret) => `${secret} in ${path}`));
    expect(leaks).toEqual([]);
    const withheld = await cli(['raw', items.find((item) => item.sku === 'P2')!.rawHash, '--storage', storage.dir]);
    expect(withheld.code).toBe(1);
    expect(withheld.stderr).toContain('raw/withheld-secret');
    // The plain page is stored as ever, in the raw capture and the cache.
    const plainIn = filesUnder(storage.dir).filter((path) => readable(path).includes('<title>plain</title>'));
    expect(plainIn.some((path) => path.endsWith('blobs.sqlite')) && plainIn.some((path) => path.endsWith('.json'))).toBe(true);
  });
});
