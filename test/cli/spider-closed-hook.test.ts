// A spider's `closed(reason, run)` hook, as Scrapy's `Spider.closed(reason)`: called once at the run's end with
// its status and ledger; one that throws is the project's code error (exit 4). Before, a ported `closed()` was
// never called and nothing said so.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureServer } from '../support/fixture-server';
import { cli } from '../support/run-cli';
import { shopProject, startPricedShop } from '../support/shop-project';

const spider = (name: string, closedBody: string) => `
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Spider } from 'pricecrawl';
export class ClosingSpider extends Spider {
  name = '${name}';
  startUrls = [this.args.start];
  async *parse(res) { yield* res.followAll('a', 'parseProduct'); }
  async *parseProduct(res) { yield { sku: new URL(res.url).pathname, price: res.$('.price').text(), currency: 'USD', url: res.url }; }
  async closed(reason, run) { ${closedBody} }
}
`;

describe('a spider closed(reason) hook', { timeout: 120_000 }, () => {
  let server: FixtureServer;
  beforeAll(async () => {
    server = await startPricedShop(3);
  });
  afterAll(async () => {
    await server.close();
  });

  it('is called once with the run status and its ledger, after the items are stored', async () => {
    const project = shopProject(server, {}, {
      'spiders/closing.mjs': spider('closing', "writeFileSync(join(import.meta.dirname, '..', 'closed.jsonl'), JSON.stringify({ reason, planned: run.planned, succeeded: run.succeeded, runId: run.runId, items: run.snapshot.items }) + '\\n', { flag: 'a' });"),
    });
    try {
      const run = await cli(['crawl', 'closing', '-a', `start=${server.url('/list')}`], { cwd: project.root });
      expect(run.code, run.stderr).toBe(0);
      const calls = readFileSync(join(project.root, 'closed.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(calls).toEqual([expect.objectContaining({ reason: 'finished', planned: 4, succeeded: 4 })]);
      expect(run.stdout).toContain(String(calls[0].runId));
    } finally {
      project.cleanup();
    }
  });

  it('says stopped when a closeSpider limit ended the run', async () => {
    const project = shopProject(server, {}, {
      'spiders/closing.mjs': spider('closing', "writeFileSync(join(import.meta.dirname, '..', 'closed.txt'), reason);"),
    });
    try {
      const run = await cli(['crawl', 'closing', '-a', `start=${server.url('/list')}`, '-s', 'closeSpider.pageCount=1'], { cwd: project.root });
      expect(run.code, run.stderr).toBe(0);
      expect(readFileSync(join(project.root, 'closed.txt'), 'utf8')).toBe('stopped');
    } finally {
      project.cleanup();
    }
  });

  it('one that throws is counted as the project code error callback/closed, and the run exits 4', async () => {
    const project = shopProject(server, {}, { 'spiders/closing.mjs': spider('closing', "throw new TypeError('report server gone');") });
    try {
      const run = await cli(['crawl', 'closing', '-a', `start=${server.url('/list')}`, '-s', 'log.format=json'], { cwd: project.root });
      expect(run.code).toBe(4);
      expect(run.stdout).toMatch(/LOST TO ERRORS IN CODE/);
      expect(run.stdout).toContain('closed');
      expect(run.stdout).toContain('TypeError: report server gone');
    } finally {
      project.cleanup();
    }
  });

  it('is no callback a request may name', async () => {
    const project = shopProject(server, {}, {
      'spiders/closing.mjs': spider('closing', '').replace("yield* res.followAll('a', 'parseProduct');", "yield res.follow('/p/1', 'closed');"),
    });
    try {
      const run = await cli(['crawl', 'closing', '-a', `start=${server.url('/list')}`], { cwd: project.root });
      expect(run.code).not.toBe(0);
      // Before, closed() was run as a page's callback (callback/error); it is a hook, so naming it is a wrong name.
      expect(run.stdout).toContain('callback/unknown: 1');
    } finally {
      project.cleanup();
    }
  });
});
