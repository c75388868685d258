// A typed CommonJS module (`.cts`) in a project that installed the package: spiders and components load, and a spider extends the package's one Spider.
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { installedCopy, type InstalledCopy } from '../support/installed-copy';

const FILES: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'typed-commonjs-team', private: true }),
  // A project TypeScript helper the spider requires: compiled into the spider's CommonJS twin.
  'spiders/labels.ts': "export const skuPrefix: string = 'kessel';\n",
  'spiders/kessel.cts': `
import { Spider, type Response } from 'pricecrawl';
const { skuPrefix } = require('./labels') as { skuPrefix: string };
export class KesselSpider extends Spider {
  name = 'kessel-cts';
  base: string = this.args.base ?? 'http://127.0.0.1:9';
  allowedDomains = [new URL(this.base).host];
  startUrls = [this.base + '/p/1'];
  async *parse(res: Response) {
    yield { sku: skuPrefix + '-1', name: res.$('h1').text(), price: res.$('.price').text(), url: res.url };
  }
}
`,
  'pipelines/tag.cts': `
module.exports = { process(item: Record<string, unknown>) { return { ...item, name: String(item.name) + ' (cts)' }; } };
`,
};

describe('a .cts spider and stage in a project that installed pricecrawl', { timeout: 120_000 }, () => {
  let copy: InstalledCopy;
  let site: FixtureServer;

  beforeAll(async () => {
    [site] = await startFixtureServers(1, { builtInRoutes: false });
    site.route('/p/1', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<html lang="de"><body><h1>Kessel</h1><span class="price">1.299,00 €</span></body></html>'));
    copy = installedCopy();
    const config = { politeness: { minIntervalMs: 0, jitterMs: 0 }, pipeline: { add: { tag: { module: './pipelines/tag.cts' } } } };
    for (const [path, content] of Object.entries({ ...FILES, 'pricecrawl.config.json': JSON.stringify(config) })) {
      mkdirSync(join(copy.dir, path, '..'), { recursive: true });
      writeFileSync(join(copy.dir, path), content);
    }
  });
  afterAll(async () => {
    await site.close();
    copy.cleanup();
  });

  // Asynchronous: the fixture site answers from this process.
  const pricecrawl = async (args: string[]) => {
    try {
      return { status: 0, ...(await promisify(execFile)(process.execPath, [copy.bin, ...args], { cwd: copy.dir, encoding: 'utf8' })) };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { status: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  };

  it('finds the spider by name and crawls with it, by name and by path', async () => {
    // Before: "cannot be loaded: request for './chunks/chunk-….js' is not in cache" (tsx's hooks under Node 20).
    const list = await pricecrawl(['list']);
    expect(list.stderr).toBe('');
    expect(list.stdout).toBe('kessel-cts  (127.0.0.1:9)\n');
    for (const [i, spider] of ['kessel-cts', 'spiders/kessel.cts'].entries()) {
      const crawl = await pricecrawl(['crawl', spider, '-a', `base=${site.origin}`, '-O', `out-${i}.jsonl`]);
      expect(crawl.status, crawl.stderr).toBe(0);
      const [item] = readFileSync(join(copy.dir, `out-${i}.jsonl`), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(item).toMatchObject({ sku: 'kessel-1', name: 'Kessel (cts)', price: '1299.00' });
    }
  });
});
