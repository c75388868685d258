// Feed targets written as Scrapy writes its feed URIs: a file URI is its path; a remote scheme or a placeholder is refused before any request.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
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

  it("Scrapy's placeholders are refused (before: a file named items-%(name)s.json)", () => {
    expect(() => parseFeedSpec('items-%(name)s-%(time)s.json', 'overwrite')).toThrow('cannot write the feed "items-%(name)s-%(time)s.json": placeholders such as %(name)s are not filled in; name the file itself (every record carries its runId, and -O starts the file afresh)');
  });

  it('crawl -o s3://… stops before any request, exit 2, and leaves no s3: folder behind (before: the crawl ran and wrote its feed under ./s3:/bucket)', async () => {
    const run = await cli(['crawl', SPIDER, '-a', 'startUrls=http://127.0.0.1:9/list', '--storage', join(dir, 'storage'), '-o', 's3://bucket/items.json'], { cwd: dir });
    expect(run.stderr).toContain('pricecrawl: cannot write the feed "s3://bucket/items.json": feeds are local files');
    expect(run.code).toBe(2);
    expect(existsSync(join(dir, 's3:'))).toBe(false);
    expect(readdirSync(dir).filter((name) => name.includes(':'))).toEqual([]);
  });
});
