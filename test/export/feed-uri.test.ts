// Feed targets written as Scrapy writes its feed URIs: a file URI is its path; a remote scheme or a placeholder is refused before any request.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { parseFeedSpec } from '../../src/app/export/feed-spec';
import { cli } from '../support/run-cli';

const REPO = resolve(import.meta.dirname, '../..');
const SPIDER = join(REPO, 'test/support/spiders/catalog-spider.ts');

describe('feed URIs', { timeout: 60_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'pc-feed-uri-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a file: URI is the local path it names, with or without a :format (before: ./file:/srv/items.jsonl)', () => {
    const path = join(dir, 'items feed.jsonl');
    expect(parseFeedSpec(pathToFileURL(path).href, 'append')).toEqual({ path, format: 'jsonl', mode: 'append' });
    expect(parseFeedSpec(`${pathToFileURL(join(dir, 'out.txt')).href}:csv`, 'overwrite')).toEqual({ path: join(dir, 'out.txt'), format: 'csv', mode: 'overwrite' });
    expect(() => parseFeedSpec('file://feeds.example/items.json', 'append')).toThrow(/^cannot write the feed "file:\/\/feeds\.example\/items\.json": .*a file URI names a local path/);
  });

  it.each(['s3://bucket/items.json', 'ftp://user@files.example/items.csv', 'gs://bucket/items.jsonl:jsonl'])('%s is refused, naming a local path or a sink instead (before: written under ./<scheme>:/)', (uri) => {
    const scheme = uri.split(':')[0];
    expect(() => parseFeedSpec(uri, 'append')).toThrow(
      `cannot write the feed "${uri}": feeds are local files, and ${scheme}:// is not one; write a path (-o /srv/feeds/items.jsonl or file:///srv/feeds/items.jsonl) and copy it after the run, or send items elsewhere as they are stored with a durable sink (pipeline.sinks)`,
    );
  });

  // Before: every placeholder was refused, so a nightly `-o feeds/%(name)s/%(time)s.jsonl` had to be built by the shell.
  it("a crawl fills in Scrapy's %(name)s and %(time)s (UTC, colons as dashes, as Scrapy writes it)", () => {
    const names = { name: 'shop', time: new Date('2026-12-06T15:54:27.123Z') };
    expect(parseFeedSpec('feeds/%(name)s/%(time)s.jsonl', 'append', names)).toEqual({ path: resolve('feeds/shop/2026-12-06T15-54-27.jsonl'), format: 'jsonl', mode: 'append' });
    expect(parseFeedSpec(`file://${dir}/%(name)s.csv`, 'overwrite', names).path).toBe(join(dir, 'shop.csv'));
  });

  it('a placeholder it cannot fill is refused, naming the ones it can; where no spider runs (export), all are', () => {
    const names = { name: 'shop', time: new Date(0) };
    expect(() => parseFeedSpec('items-%(batch_id)d.json', 'overwrite', names)).toThrow('cannot write the feed "items-%(batch_id)d.json": %(batch_id)d is not filled in; a crawl fills in %(name)s (the spider\'s name) and %(time)s (the crawl\'s start, UTC)');
    expect(() => parseFeedSpec('items-%(name)s.json', 'overwrite')).toThrow('cannot write the feed "items-%(name)s.json": placeholders such as %(name)s are filled in by a crawl only; name the file itself');
  });

  it("a spider name that is no file name is refused in a feed's path, not followed out of the folder", () => {
    expect(() => parseFeedSpec('feeds/%(name)s.jsonl', 'append', { name: '../../etc/x', time: new Date(0) })).toThrow(/cannot write the feed "feeds\/%\(name\)s.jsonl": the spider's name "..\/..\/etc\/x" cannot be part of a file name/);
  });

  // Before: the name went into the URI as is and the URI was decoded after, so `%2e%2e` became `..` (the feed left
  // its folder), `%41` became `A`, and a `#` or `?` cut the file name short; the name is now one literal path segment.
  it("in a file: URI, a spider name is the file name as written, never decoded as part of the URI", () => {
    const time = new Date(0);
    const named = (name: string) => parseFeedSpec(`file://${dir}/feeds/%(name)s.jsonl`, 'append', { name, time }).path;
    expect(named('%2e%2e')).toBe(join(dir, 'feeds', '%2e%2e.jsonl'));
    expect(parseFeedSpec(`file://${dir}/feeds/%(name)s/items.jsonl`, 'append', { name: '%2e%2e', time }).path).toBe(join(dir, 'feeds', '%2e%2e', 'items.jsonl'));
    expect(named('shop%41')).toBe(join(dir, 'feeds', 'shop%41.jsonl'));
    expect(named('shop#2')).toBe(join(dir, 'feeds', 'shop#2.jsonl'));
    expect(named('shop?x=1')).toBe(join(dir, 'feeds', 'shop?x=1.jsonl'));
    expect(named('ä shop')).toBe(join(dir, 'feeds', 'ä shop.jsonl'));
  });

  it('crawl -o with placeholders writes the feed under the spider\'s name and the crawl\'s start', async () => {
    const server = createServer((_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<main data-sku="S1"><span class="price">$1.50</span></main><a class="product" href="/p/1">1</a>'));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const run = await cli(['crawl', SPIDER, '-a', `startUrls=${origin}/list`, '-s', 'robots.obey=false', '--storage', join(dir, 'storage'), '-O', 'feeds/%(name)s/%(time)s.jsonl'], { cwd: dir });
      expect(run.code, run.stderr).toBe(0);
      expect(readdirSync(join(dir, 'feeds'))).toEqual(['catalog']);
      const [feed] = readdirSync(join(dir, 'feeds', 'catalog'));
      expect(feed).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.jsonl$/);
      expect(readFileSync(join(dir, 'feeds', 'catalog', feed!), 'utf8')).toContain('"sku":"S1"');
    } finally {
      await new Promise((done) => server.close(done));
    }
  });

  it('crawl -o s3://… stops before any request, exit 2, and leaves no s3: folder behind (before: the crawl ran and wrote its feed under ./s3:/bucket)', async () => {
    const run = await cli(['crawl', SPIDER, '-a', 'startUrls=http://127.0.0.1:9/list', '--storage', join(dir, 'storage'), '-o', 's3://bucket/items.json'], { cwd: dir });
    expect(run.stderr).toContain('pricecrawl: cannot write the feed "s3://bucket/items.json": feeds are local files');
    expect(run.code).toBe(2);
    expect(existsSync(join(dir, 's3:'))).toBe(false);
    expect(readdirSync(dir).filter((name) => name.includes(':'))).toEqual([]);
  });
});
