// `pricecrawl export` and `report` to a path that is no plain file: a symlink is written through, a FIFO or device refused, neither replaced by a file.
import { execFileSync } from 'node:child_process';
import { lstatSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { cli } from '../support/run-cli';
import { CatalogSpider } from '../support/spiders/catalog-spider';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

const storage = tempStorageDir('replaced-file-path');
let site: CatalogSite;
let runId: string;

beforeAll(async () => {
  site = await startCatalogSite({ hosts: 1, productsPerHost: 2, perPage: 2 });
  runId = (await crawlInProcess(new CatalogSpider({ startUrls: site.startUrls.join(',') }), storage.dir, { politeness: { minIntervalMs: 0, jitterMs: 0 } })).summary.runId;
});
afterAll(async () => {
  await site.close();
  storage.cleanup();
});

describe('pricecrawl export to a path that is no plain file', () => {
  it('writes through a symlink to the file it names, in both modes, and the link stays a link', async () => {
    const shared = join(storage.dir, 'shared');
    const feeds = join(storage.dir, 'feeds');
    mkdirSync(shared);
    mkdirSync(feeds);
    writeFileSync(join(shared, 'prices.jsonl'), '');
    const link = join(feeds, 'latest.jsonl');
    symlinkSync(join(shared, 'prices.jsonl'), link);
    for (const mode of ['-O', '-o']) {
      const run = await cli(['export', runId, mode, link, '--storage', storage.dir]);
      expect(run.code, run.stderr).toBe(0);
      // Renamed over the link, the feed went to a new file in feeds/ and the shared one never changed.
      expect(lstatSync(link).isSymbolicLink()).toBe(true);
    }
    expect(readFileSync(join(shared, 'prices.jsonl'), 'utf8').trim().split('\n')).toHaveLength(4);
    expect(readdirSync(feeds)).toEqual(['latest.jsonl']);
  });

  it('refuses a FIFO (as /dev/stdout is to a pipe) with exit 2, writing nothing beside it and leaving it a FIFO', async () => {
    const dir = join(storage.dir, 'fifo');
    mkdirSync(dir);
    const fifo = join(dir, 'feed.csv');
    execFileSync('mkfifo', [fifo]);
    for (const mode of ['-O', '-o']) {
      const run = await cli(['export', runId, mode, fifo, '--storage', storage.dir]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`${fifo} is a FIFO, not a file: it is written whole and renamed into place; give the path of a file`);
      expect(lstatSync(fifo).isFIFO()).toBe(true);
      expect(readdirSync(dir)).toEqual(['feed.csv']);
    }
  });
});

describe('pricecrawl report to a path that is no plain file', () => {
  it('writes through a symlink and refuses a FIFO, which stays one', async () => {
    const dir = join(storage.dir, 'report');
    mkdirSync(dir);
    writeFileSync(join(dir, 'shared.html'), '');
    symlinkSync('shared.html', join(dir, 'latest.html'));
    const linked = await cli(['report', runId, '-o', join(dir, 'latest.html'), '--storage', storage.dir]);
    expect(linked.code, linked.stderr).toBe(0);
    expect(lstatSync(join(dir, 'latest.html')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, 'shared.html'), 'utf8')).toContain('<!doctype html>');
    const fifo = join(dir, 'report.html');
    execFileSync('mkfifo', [fifo]);
    const refused = await cli(['report', runId, '-o', fifo, '--storage', storage.dir]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain(`${fifo} is a FIFO, not a file`);
    expect(lstatSync(fifo).isFIFO()).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(['latest.html', 'report.html', 'shared.html']);
  });
});
