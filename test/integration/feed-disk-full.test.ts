// A feed (-o) on a disk that fills up while the crawl runs: the file keeps whole records only, the process says which feed and how to write it, and the run record holds the exit code the process gave.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunRecord } from '../../src/ports/run-record-store';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { cli, type CliRun } from '../support/run-cli';
import { tempStorageDir } from '../support/test-crawl';

describe('a feed whose disk fills up during the crawl', { timeout: 120_000 }, () => {
  let site: CatalogSite;
  const storage = tempStorageDir('feed-full');
  const dir = join(storage.dir, 'store');
  const feeds = join(storage.dir, 'feeds');
  const feed = join(feeds, 'items.jsonl');
  /** A feed an export (-O) should replace, on the same full disk. */
  const previous = join(feeds, 'previous.jsonl');
  let crawl: CliRun;
  let record: RunRecord;
  let exported: CliRun;
  let refusedExport: CliRun;
  /** The feed as the crawl left it. */
  let left: string;

  beforeAll(async () => {
    mkdirSync(feeds);
    // A real tmpfs (you are root in CI's container): the feed's writes meet a real ENOSPC, some of them cut short.
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16k', 'tmpfs', feeds]);
    writeFileSync(previous, '{"sku":"old"}\n');
    site = await startCatalogSite({ hosts: 1, productsPerHost: 150, perPage: 25 });
    crawl = await cli([
      'crawl', 'test/support/spiders/catalog-spider.ts', '-a', `startUrls=${site.startUrls.join(',')}`, '--storage', dir,
      '-s', 'politeness.minIntervalMs=0', '-s', 'politeness.jitterMs=0', '-s', 'pipeline.batchMaxAgeMs=20', '-s', 'pipeline.batchSize=5', '-s', 'log.format=json', '-o', feed,
    ]);
    left = readFileSync(feed, 'utf8');
    [record] = (await cli(['runs', '--storage', dir, '--json'])).stdout.trim().split('\n').map((line) => JSON.parse(line) as RunRecord);
    refusedExport = await cli(['export', record.runId, '-O', previous, '--storage', dir]);
    execFileSync('mount', ['-o', 'remount,size=8m', feeds]);
    exported = await cli(['export', record.runId, '-O', feed, '--storage', dir]);
  });
  afterAll(async () => {
    await site.close();
    execFileSync('umount', ['-l', feeds]);
    storage.cleanup();
  });

  it('the feed it left holds whole records only (before: a torn record, then thousands of zero bytes)', () => {
    expect(left.length).toBeGreaterThan(0);
    expect(left).not.toContain('\0');
    expect(left.endsWith('\n')).toBe(true);
    for (const line of left.split('\n').filter(Boolean)) expect(() => JSON.parse(line)).not.toThrow();
  });

  it('exits 2 with one line naming the feed, the cause and the export that writes it (before: the bare "ENOSPC", exit 1)', () => {
    expect(crawl.code, crawl.stderr).toBe(2);
    const last = crawl.stderr.trim().split('\n').at(-1);
    expect(last).toBe(`pricecrawl: cannot write the feed ${feed} (ENOSPC): run ${record.runId} finished and its items are stored; once there is room, write the feed with: pricecrawl export ${record.runId} -O ${feed}`);
  });

  it('the run record holds that exit code (before: finished, exit 0, while the process exited 1)', () => {
    expect(record).toMatchObject({ outcome: 'finished', exitCode: 2 });
  });

  it('an export (-O) onto the full disk exits 2 naming the feed, which it leaves as it was (before: the bare "ENOSPC", exit 1)', () => {
    expect(refusedExport.code, refusedExport.stderr).toBe(2);
    expect(refusedExport.stderr.trim()).toBe(`pricecrawl: cannot write the feed ${previous} (ENOSPC): the feed there is left as it was; make room and run the export again`);
    expect(readFileSync(previous, 'utf8')).toBe('{"sku":"old"}\n');
  });

  it('the export the line names writes every item', () => {
    expect(exported.code, exported.stderr).toBe(0);
    const lines = readFileSync(feed, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(150);
  });
});
