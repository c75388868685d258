// A plain HTTP crawl on the embedded SQLite frontier never loads what only other paths need: the browser
// (playwright-core), Redis, PostgreSQL, Prometheus metrics, pretty logs. Each of them cost start-up time
// before it was loaded on demand (bench/README.md, start-up); this checks the modules, not the time.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixtureServer } from '../support/fixture-server';
import { cli } from '../support/run-cli';

const REPO = resolve(import.meta.dirname, '../..');
const TRACE = join(REPO, 'test/support/module-trace.mjs');
const NOT_ON_A_PLAIN_CRAWL = ['playwright-core', 'ioredis', 'postgres', 'prom-client', 'pino-pretty', 'chart.js'];
/** Package indexes that load much more than a crawl uses: their parts are loaded by path (src/core/package-part.ts). */
const INDEXES_SKIPPED = ['@crawlee/core/index.js', 'undici/index.js', 'cheerio/dist/commonjs/index.js', 'cheerio/dist/esm/index.js'];

const spiderSource = `
import { Spider } from ${JSON.stringify(join(REPO, 'dist/index.js'))};
export class PlainSpider extends Spider {
  name = 'plain';
  startUrls = [process.env.PLAIN_START];
  settings = { politeness: { minIntervalMs: 0, jitterMs: 0 } };
  async *parse(res) {
    yield { sku: 'plain-1', price: res.$('.price').text(), url: res.url, note: 'call +1 212 555 0187' };
  }
}
`;

/** Package names (scoped ones with their scope) among the traced module paths. */
function packagesIn(trace: string): Set<string> {
  const names = trace.split('\n').filter((line) => line.includes('node_modules/')).map((line) => {
    const parts = line.split('node_modules/').pop()!.split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  });
  return new Set(names);
}

describe('start-up of a plain HTTP crawl', () => {
  let site: FixtureServer;
  let dir: string;

  beforeAll(async () => {
    site = await FixtureServer.start();
    site.route('/', (_req, res) => void res.end('<span class="price">12,50 €</span>'));
    site.route('/robots.txt', (_req, res) => void res.end('User-agent: *\nAllow: /\n'));
    dir = mkdtempSync(join(tmpdir(), 'pricecrawl-lean-'));
    writeFileSync(join(dir, 'plain.mjs'), spiderSource);
  });
  afterAll(async () => {
    await site.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('loads no browser, Redis, PostgreSQL, metrics or pretty-log modules, nor the big package indexes, and still redacts phones', async () => {
    const trace = join(dir, 'modules.txt');
    writeFileSync(trace, '');
    const out = join(dir, 'items.jsonl');
    const run = await cli(['crawl', join(dir, 'plain.mjs'), '--storage', join(dir, 'storage'), '-o', out], {
      cwd: dir,
      env: { ...process.env, PLAIN_START: site.url('/'), MODULE_TRACE_FILE: trace, NODE_OPTIONS: `--import ${TRACE}` },
    });
    expect(run.code, run.stderr.slice(-2000)).toBe(0);
    const modules = readFileSync(trace, 'utf8');
    const loaded = packagesIn(modules);
    expect(loaded.has('@crawlee/core'), 'the trace sees the packages a crawl needs').toBe(true);
    expect(NOT_ON_A_PLAIN_CRAWL.filter((name) => loaded.has(name))).toEqual([]);
    expect(INDEXES_SKIPPED.filter((index) => modules.includes(`node_modules/${index}`))).toEqual([]);
    // libphonenumber-js loads on the first item instead of at start, and the phone is still replaced.
    expect(loaded.has('libphonenumber-js')).toBe(true);
    const item = JSON.parse(readFileSync(out, 'utf8').trim()) as Record<string, unknown>;
    expect(item).toMatchObject({ sku: 'plain-1', price: '12.50', currency: 'EUR', note: 'call [redacted]' });
  });
});
