// The development HTTP cache (Scrapy's HTTPCACHE_ENABLED): `--cache` stores each HTTP answer on disk and replays
// it on the next run; never on unasked, said at start and in the summary, and a replayed body's raw hash is
// still the sha256 of its bytes. Before, a team iterating on selectors re-fetched the shop on every run.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixtureServer } from '../support/fixture-server';
import { cli } from '../support/run-cli';
import { shopProject } from '../support/shop-project';
import type { TeamProject } from '../support/team-project';

const HASHING_SPIDER = (origin: string) => `
import { Spider } from 'pricecrawl';
export class HashSpider extends Spider {
  name = 'hash';
  startUrls = ['${origin}/list'];
  async *parse(res) { yield* res.followAll('a', 'parseProduct'); }
  async *parseProduct(res) { yield { sku: new URL(res.url).pathname, price: res.$('.price').text(), currency: 'USD', url: res.url, hash: res.rawHash, status: res.status }; }
}
`;

const PRODUCT = '<span class="price">$19.99</span><p>café</p>';
const readItems = (root: string) => readFileSync(join(root, 'items.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { sku: string; price: string; hash: string });
const lines = (stderr: string) => stderr.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);

/** A list and two product pages, and a team project crawling them, set up and torn down around the describe calling it. */
function twoProductShop(): { server: FixtureServer; project: TeamProject } {
  const shop = {} as { server: FixtureServer; project: TeamProject };
  beforeAll(async () => {
    shop.server = await FixtureServer.start();
    shop.server.route('/list', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<a href="/p/1">1</a><a href="/p/2">2</a>'));
    shop.server.route('/p/:n', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PRODUCT));
    shop.project = shopProject(shop.server, {}, { 'spiders/hash.mjs': HASHING_SPIDER(shop.server.origin) });
  });
  afterAll(async () => {
    shop.project.cleanup();
    await shop.server.close();
  });
  return shop;
}

describe('the development HTTP cache', { timeout: 120_000 }, () => {
  const shop = twoProductShop();

  it('stores the answers with --cache, replays them on the next run without a request, with the bytes\' own hash', async () => {
    const first = await cli(['crawl', 'hash', '--cache', '-O', 'items.jsonl', '-s', 'log.format=json'], { cwd: shop.project.root });
    expect(first.code, first.stderr).toBe(0);
    expect(shop.server.requests.map((r) => r.path).sort()).toEqual(['/list', '/p/1', '/p/2']);
    expect(first.stdout).toMatch(/answers stored in the HTTP cache\s+3\n/);
    // Said at start, as a warning: a cached run is no production run.
    expect(lines(first.stderr).find((line) => String(line.msg).startsWith('HTTP cache on'))).toMatchObject({ level: 40 });
    const fetched = readItems(shop.project.root);

    shop.server.reset();
    const second = await cli(['crawl', 'hash', '--cache', '-O', 'items.jsonl'], { cwd: shop.project.root });
    expect(second.code, second.stderr).toBe(0);
    expect(shop.server.requests).toEqual([]);
    expect(second.stdout).toMatch(/answers replayed from the HTTP cache, not fetched\s+3\n/);
    expect(second.stdout).toContain('HTTP cache (cache.enabled: development only, pages may be old)');
    const replayed = readItems(shop.project.root);
    expect(replayed.map((item) => [item.sku, item.price, item.hash]).sort()).toEqual(fetched.map((item) => [item.sku, item.price, item.hash]).sort());
    expect(replayed[0].hash).toBe(createHash('sha256').update(Buffer.from(PRODUCT)).digest('hex'));
  });

  it('a replay into another store keeps the replayed bytes there: each item\'s rawHash names a blob `pricecrawl raw` prints', async () => {
    // The cache folder is the project's, the store another (a fresh storage dir, a PostgreSQL store): before, the
    // replayed items named blobs only the first run's store held, and `raw` found nothing under their hashes.
    const other = join(shop.project.root, 'other-storage');
    expect((await cli(['crawl', 'hash', '--cache'], { cwd: shop.project.root })).code).toBe(0); // fills the cache (or replays it)
    shop.server.reset();
    const replay = await cli(['crawl', 'hash', '--cache', '--storage', other, '-O', 'replayed.jsonl'], { cwd: shop.project.root });
    expect(replay.code, replay.stderr).toBe(0);
    expect(shop.server.requests).toEqual([]);
    const items = readFileSync(join(shop.project.root, 'replayed.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { rawHash: string });
    expect(items).toHaveLength(2);
    for (const { rawHash } of items) {
      const raw = await cli(['raw', rawHash, '--storage', other], { cwd: shop.project.root });
      expect(raw.code, raw.stderr).toBe(0);
      expect(raw.stdout).toBe(PRODUCT);
    }
  });

  it('is never used unasked: a run without --cache fetches every page', async () => {
    shop.server.reset();
    const run = await cli(['crawl', 'hash'], { cwd: shop.project.root });
    expect(run.code, run.stderr).toBe(0);
    expect(shop.server.requests.map((r) => r.path).sort()).toEqual(['/list', '/p/1', '/p/2']);
    expect(run.stdout).not.toContain('HTTP cache');
  });

  it('refuses the cache for --due and --full runs, whichever layer turned it on: a production run must not read old pages', async () => {
    const flags = await cli(['crawl', 'hash', '--cache', '--due'], { cwd: shop.project.root });
    // The parser's refusal: a usage error, exit 2 (it was commander's 1, the code of broken accounting).
    expect(flags.code).toBe(2);
    expect(flags.stderr).toContain("option '--cache' cannot be used with option '--due'");
    const setting = await cli(['crawl', 'hash', '--full', '-s', 'cache.enabled=true'], { cwd: shop.project.root });
    expect(setting.code).toBe(2);
    expect(setting.stderr).toContain('cache.enabled replays stored answers, so a --full run would record old pages as today\'s prices');
  });
});

describe('a run on the HTTP cache and the price history', { timeout: 120_000 }, () => {
  let server: FixtureServer;
  let project: TeamProject;
  let price = '$19.99';
  beforeAll(async () => {
    server = await FixtureServer.start();
    server.route('/list', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<a href="/p/1">1</a>'));
    server.route('/p/:n', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<span class="price">${price}</span>`));
    project = shopProject(server, {}, { 'spiders/hash.mjs': HASHING_SPIDER(server.origin) });
  });
  afterAll(async () => {
    project.cleanup();
    await server.close();
  });

  it('records no change from replayed answers: an old price under today\'s time is no observation', async () => {
    expect((await cli(['crawl', 'hash', '--cache'], { cwd: project.root })).code).toBe(0); // stores $19.99 in the cache
    price = '$24.99';
    expect((await cli(['crawl', 'hash'], { cwd: project.root })).code).toBe(0); // the live page: 19.99 -> 24.99
    const replay = await cli(['crawl', 'hash', '--cache', '-s', 'log.format=json'], { cwd: project.root });
    expect(replay.code, replay.stderr).toBe(0);
    expect(server.requests.filter((r) => r.path === '/p/1')).toHaveLength(2); // the replay fetched nothing
    const changes = await cli(['changes', '--json'], { cwd: project.root });
    const recorded = changes.stdout.trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as { oldPrice: string; newPrice: string });
    // Before, the replay's $19.99 was recorded as a fall from 24.99 that never happened on the shop.
    expect(recorded.map((change) => `${change.oldPrice} -> ${change.newPrice}`)).toEqual(['19.99 -> 24.99']);
    expect(lines(replay.stderr).map((line) => line.msg)).toContain('price history not fed: this run replayed answers from the HTTP cache (cache.enabled)');
  });
});

describe('HTTP cache entries that expire (cache.maxAgeMs, Scrapy\'s HTTPCACHE_EXPIRATION_SECS)', { timeout: 120_000 }, () => {
  const shop = twoProductShop();

  /** The cache files of the spider, each with the answer's URL, so a test can age one by hand. */
  const entries = () => {
    const dir = join(shop.project.root, '.pricecrawl-httpcache', 'hash');
    return readdirSync(dir).map((name) => ({ file: join(dir, name), answer: JSON.parse(readFileSync(join(dir, name), 'utf8')) as { url: string; storedAtMs?: number } }));
  };

  it('fetches again what is older than maxAgeMs, or of no known age, and replays the rest', async () => {
    expect((await cli(['crawl', 'hash', '--cache'], { cwd: shop.project.root })).code).toBe(0);
    const stored = entries();
    expect(stored).toHaveLength(3);
    for (const { answer } of stored) expect(answer.storedAtMs).toEqual(expect.any(Number));
    // /p/1 stored two hours ago; /p/2 stored by a version that kept no time: its age cannot be told.
    for (const { file, answer } of stored) {
      if (answer.url.endsWith('/p/1')) writeFileSync(file, JSON.stringify({ ...answer, storedAtMs: answer.storedAtMs! - 7_200_000 }));
      if (answer.url.endsWith('/p/2')) writeFileSync(file, JSON.stringify({ ...answer, storedAtMs: undefined }));
    }
    shop.server.reset();
    const run = await cli(['crawl', 'hash', '--cache', '-s', 'cache.maxAgeMs=3600000'], { cwd: shop.project.root });
    expect(run.code, run.stderr).toBe(0);
    expect(shop.server.requests.map((r) => r.path).sort()).toEqual(['/p/1', '/p/2']);
    expect(run.stdout).toMatch(/answers in the HTTP cache older than cache.maxAgeMs \(fetched again\)\s+2\n/);
    // Stored afresh: the next run within the hour replays all three.
    shop.server.reset();
    expect((await cli(['crawl', 'hash', '--cache', '-s', 'cache.maxAgeMs=3600000'], { cwd: shop.project.root })).code).toBe(0);
    expect(shop.server.requests).toEqual([]);
  });

  it('keeps entries for ever with the default 0', async () => {
    for (const { file, answer } of entries()) writeFileSync(file, JSON.stringify({ ...answer, storedAtMs: 0 }));
    shop.server.reset();
    expect((await cli(['crawl', 'hash', '--cache'], { cwd: shop.project.root })).code).toBe(0);
    expect(shop.server.requests).toEqual([]);
  });
});
