// A start that is refused (a component that cannot load, a busy metrics port, bad settings, a spider that
// cannot be imported) leaves behind nothing it did not find: no storage folder, no run.
import { existsSync, readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../support/run-cli';
import { teamProject, type TeamProject } from '../support/team-project';

const SPIDER = `
import { Spider } from 'pricecrawl';
export class ShopSpider extends Spider {
  name = 'shop';
  startUrls = ['http://127.0.0.1:9/p'];
  async *parse(res) {}
}
`;

let busy: Server;
let busyPort: number;
const projects: TeamProject[] = [];

beforeAll(async () => {
  busy = createServer();
  await new Promise<void>((done) => busy.listen(0, '127.0.0.1', () => done()));
  busyPort = (busy.address() as { port: number }).port;
});
afterAll(async () => {
  projects.forEach((project) => project.cleanup());
  await new Promise<void>((done) => busy.close(() => done()));
});

function project(files: Record<string, string>): string {
  const made = teamProject({ 'package.json': JSON.stringify({ name: 'team', private: true, type: 'module' }), 'pricecrawl.config.json': '{}', 'spiders/shop.mjs': SPIDER, ...files });
  projects.push(made);
  return made.root;
}

describe('a refused start', { timeout: 120_000 }, () => {
  it.each<{ label: string; files: Record<string, string>; args: string[] | (() => string[]); said: string }>([
    {
      label: 'a middleware whose constructor throws',
      files: { 'pricecrawl.config.json': JSON.stringify({ middlewares: { add: { broken: { module: './middlewares/broken.mjs' } } } }), 'middlewares/broken.mjs': "export default class Broken { constructor() { throw new Error('no token'); } }\n" },
      args: [],
      said: 'middleware "broken"',
    },
    { label: 'a metrics port another process listens on', files: {}, args: () => ['-s', `metrics.port=${busyPort}`], said: 'metrics.port' },
    { label: 'a misspelt setting', files: {}, args: ['-s', 'politeness.minIntervalMz=5'], said: 'minIntervalMz' },
    { label: 'a spider that cannot be imported', files: { 'spiders/shop.mjs': "import './no-such-file.mjs';\n" }, args: [], said: 'no-such-file' },
  ])('$label: exit 2, and no storage folder where there was none', async ({ files, args, said }) => {
    const root = project(files);
    const storage = join(root, 'data', 'crawl-storage');
    const run = await cli(['crawl', 'shop', '--storage', storage, ...(typeof args === 'function' ? args() : args)], { cwd: root });
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain(said);
    // Before: the storage check of the start made the folders and left them, empty, however the start ended.
    expect(existsSync(join(root, 'data')), readdirSync(root).join(', ')).toBe(false);
  });

  it('a storage dir that exists stays, with nothing added', async () => {
    const root = project({});
    const run = await cli(['crawl', 'shop', '--storage', root, '-s', `metrics.port=${busyPort}`], { cwd: root });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('metrics.port');
    expect(readdirSync(root).sort()).toEqual(['node_modules', 'package.json', 'pricecrawl.config.json', 'spiders']);
  });
});
