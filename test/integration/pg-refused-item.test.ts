// One item PostgreSQL will not take (a NUL in its SKU, a lone surrogate) fails alone: its batch-mates' prices are stored.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRunLedger } from '../../storage/open-backends';
import { FixtureServer } from '../support/fixture-server';
import { cli, runRecordsJson, type CliRun } from '../support/run-cli';
import { startPostgres, type PostgresServer } from '../support/postgres-server';
import { teamProject, type TeamProject } from '../support/team-project';
import { readItems, tempStorageDir } from '../support/test-crawl';

const PRODUCTS = 12;
/** SQLite keeps these SKUs as they are; PostgreSQL's text holds no NUL and no unpaired surrogate (22P05, 22P02). */
const REFUSED_SKUS: Record<string, string> = { '3': 'AB\u0000C', '9': 'X\ud800Y' };
const RUN_ID = 'pg-refused-item';

describe('a batch holding one item the PostgreSQL store refuses', () => {
  let pg: PostgresServer;
  let server: FixtureServer;
  let project: TeamProject;
  let storeUrl: string;
  let run: CliRun;
  const storage = tempStorageDir('pg-refused-item');

  beforeAll(async () => {
    pg = await startPostgres();
    storeUrl = await pg.createDatabase('refused_item');
    server = await FixtureServer.start();
    const links = Array.from({ length: PRODUCTS }, (_, i) => `<a href="/p/${i + 1}">${i + 1}</a>`).join('');
    server.route('/list', (_req: IncomingMessage, res: ServerResponse) => void res.writeHead(200, { 'content-type': 'text/html' }).end(links));
    server.route('/p/:n', (req: IncomingMessage, res: ServerResponse) => {
      const n = req.url!.split('/').pop()!;
      // A JSON API's product: its SKU exactly as the shop sent it.
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ sku: REFUSED_SKUS[n] ?? `SKU-${n}`, price: `${n}.99` }));
    });
    project = teamProject({
      'package.json': JSON.stringify({ name: 'team', private: true, type: 'module' }),
      'pricecrawl.config.json': JSON.stringify({ robots: { obey: false }, politeness: { minIntervalMs: 0, jitterMs: 0 } }),
      'spiders/api.mjs': `
import { Spider } from 'pricecrawl';
export class ApiSpider extends Spider {
  name = 'api';
  startUrls = ['${server.url('/list')}'];
  async *parse(res) { yield* res.followAll('a', 'parseProduct'); }
  async *parseProduct(res) { const p = JSON.parse(res.text); yield { sku: p.sku, price: p.price, currency: 'USD', url: res.url }; }
}
`,
    });
    // One batch holds every product: the refused items share it with good ones.
    run = await cli(['crawl', 'api', '--run', RUN_ID, '--storage', storage.dir, '--store', storeUrl, '-s', `pipeline.batchSize=${PRODUCTS}`, '-s', 'pipeline.batchMaxAgeMs=5000', '-s', 'log.format=json'], { cwd: project.root });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await pg?.stop();
    project?.cleanup();
    storage.cleanup();
  });

  it('stores every other product at its exact price (before: its batch-mates failed items/write-failed with it)', async () => {
    const items = await readItems(storage.dir, RUN_ID, storeUrl);
    const good = Array.from({ length: PRODUCTS }, (_, i) => String(i + 1)).filter((n) => !(n in REFUSED_SKUS));
    expect(Object.fromEntries(items.map((item) => [item.sku, item.price])), run.stderr.slice(-3000)).toEqual(Object.fromEntries(good.map((n) => [`SKU-${n}`, `${n}.99`])));
  });

  it('records each refused item as its page failing with a reason, and does not end clean (exit 4)', async () => {
    expect(run.code, run.stderr.slice(-3000)).toBe(4);
    const ledger = await openRunLedger({ frontierUrl: '', dir: storage.dir });
    const failed: Array<{ url: string; reason: string }> = [];
    try {
      for await (const page of ledger.failedRequests(RUN_ID)) failed.push(...page.map(({ url, reason }) => ({ url, reason })));
    } finally {
      await ledger.close();
    }
    expect(failed.sort((a, b) => a.url.localeCompare(b.url))).toEqual(Object.keys(REFUSED_SKUS).map((n) => ({ url: server.url(`/p/${n}`), reason: 'items/write-failed' })));
  });

  it('runs --json agrees: every planned request succeeded or failed, none pending', async () => {
    const [record] = await runRecordsJson<{ runId: string; planned: number; succeeded: number; failed: number; pending: number; items: number; exitCode: number }>(['--storage', storage.dir, '--store', storeUrl]);
    expect(record).toMatchObject({ runId: RUN_ID, planned: PRODUCTS + 1, succeeded: PRODUCTS + 1 - 2, failed: 2, pending: 0, items: PRODUCTS - 2, exitCode: 4 });
  });
});
