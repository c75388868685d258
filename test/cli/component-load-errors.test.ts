// A project middleware, stage or extension that cannot be imported, made, or found in its module (or is listed under the
// wrong section) stops the start as a broken spider file does:
// exit 2, one line naming the component, its real file and the cause, the stack only with --debug, and no run.
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
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

/** Each component (settings section, file, source) and what its one line must say after the file's path. */
const BROKEN: Array<{ label: string; section: 'middlewares' | 'pipeline' | 'extensions'; kind: string; file: string; source: string; line: RegExp }> = [
  {
    label: 'a middleware whose constructor refuses its options',
    section: 'middlewares',
    kind: 'middleware',
    file: 'middlewares/sign.ts',
    source: "export default class Sign {\n  constructor(o: { header?: string }) { if (!o.header) throw new Error('option header is required'); }\n  processRequest() { return { type: 'continue' }; }\n}\n",
    line: /: cannot be made from \S+sign\.ts: option header is required$/,
  },
  {
    label: 'a stage whose async factory rejects',
    section: 'pipeline',
    kind: 'stage',
    file: 'pipelines/archive.mjs',
    source: "export default async function archive() { throw new TypeError('archive bucket is not set'); }\n",
    line: /: cannot be made from \S+archive\.mjs: TypeError: archive bucket is not set$/,
  },
  {
    label: 'an extension that throws a non-Error when imported',
    section: 'extensions',
    kind: 'extension',
    file: 'extensions/counter.cjs',
    source: "throw { reason: 'not an Error' };\n",
    line: /: cannot load \S+counter\.cjs: threw \{ reason: 'not an Error' \}$/,
  },
  {
    label: 'a middleware importing a helper that does not exist',
    section: 'middlewares',
    kind: 'middleware',
    file: 'middlewares/helper-user.ts',
    source: "import { sign } from './no-such-helper';\nexport default class Signed { processRequest() { return sign(); } }\n",
    line: /: cannot load \S+helper-user\.ts: Cannot find module '\S+no-such-helper' imported from \S+middlewares\/helper-user\.ts$/,
  },
  {
    label: 'a middleware exported by name, the entry naming no export',
    section: 'middlewares',
    kind: 'middleware',
    file: 'middlewares/sign-requests.ts',
    source: "export class SignRequests { processRequest() { return { type: 'continue' as const }; } }\nexport const HEADER = 'x-team';\n",
    // Before: "the module has no export \"default\"", naming neither what it has nor the entry's `export` key.
    line: /: \S+sign-requests\.ts has no export "default"; it exports HEADER, SignRequests: name one with "export": "<name>" in its entry$/,
  },
  {
    label: 'a sink listed among the stages',
    section: 'pipeline',
    kind: 'stage',
    file: 'pipelines/archive.mjs',
    source: 'export default class Archive { write(items) {} }\n',
    // Before: "the export is not a stage (it needs process)", not where a sink belongs.
    line: /: the export of \S+archive\.mjs is not a stage \(it needs process\); it has write, as a sink has: list it under pipeline\.sinks$/,
  },
];

function configFor(section: string, module: string): Record<string, unknown> {
  const entry = { broken: { module: `./${module}` } };
  if (section === 'extensions') return { extensions: entry };
  return section === 'pipeline' ? { pipeline: { add: entry } } : { middlewares: { add: entry } };
}

describe('a project component that cannot be loaded', { timeout: 120_000 }, () => {
  const projects: TeamProject[] = [];
  afterAll(() => projects.forEach((project) => project.cleanup()));

  const projectWith = (section: string, file: string, source: string): string => {
    const project = teamProject({
      'package.json': JSON.stringify({ name: 'team', private: true, type: 'module' }),
      'pricecrawl.config.json': JSON.stringify(configFor(section, file)),
      'spiders/shop.mjs': SPIDER,
      [file]: source,
    });
    projects.push(project);
    return project.root;
  };

  it.each(BROKEN)('$label: exit 2, one line naming it and its file, no run', async ({ section, kind, file, source, line }) => {
    const root = projectWith(section, file, source);
    const run = await cli(['crawl', 'shop'], { cwd: root });
    // Before: a throwing constructor or factory exited 1 with its bare message; an import failure named the cache's twin, or said "undefined".
    expect(run.code).toBe(2);
    const prefix = `pricecrawl: ${kind} "broken" (./${file}): `;
    expect(run.stderr.startsWith(prefix), run.stderr).toBe(true);
    expect(run.stderr.split('\n')).toHaveLength(2);
    expect(run.stderr.trimEnd()).toMatch(line);
    expect(run.stderr).toContain(join(root, file));
    expect(run.stderr).not.toContain('.cache');
    expect((await cli(['runs'], { cwd: root })).stderr).toMatch(/^pricecrawl: runs: no runs in /);
  });

  it('shows the stack of what the constructor threw with --debug, and still exits 2', async () => {
    const [ctor] = BROKEN;
    const root = projectWith(ctor.section, ctor.file, ctor.source);
    const run = await cli(['--debug', 'crawl', 'shop'], { cwd: root });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/caused by: Error: option header is required\n\s+at /);
  });
});

describe('a project component whose open() (an extension: register()) throws', { timeout: 120_000 }, () => {
  const projects: TeamProject[] = [];
  afterAll(() => projects.forEach((project) => project.cleanup()));

  it.each([
    { section: 'middlewares', kind: 'middleware', file: 'middlewares/token.mjs', source: "export default class Token {\n  async open() { throw new Error('token service down'); }\n  processRequest() { return { type: 'continue' }; }\n}\n", cause: 'token service down' },
    { section: 'pipeline', kind: 'stage', file: 'pipelines/archive.mjs', source: "export default { async open() { throw new RangeError('archive bucket unreachable'); }, process(item) { return item; } };\n", cause: 'RangeError: archive bucket unreachable' },
    // Before: logged, and the crawl went on unwatched (exit 0) though the project configured the extension.
    { section: 'extensions', kind: 'extension', file: 'extensions/pager.mjs', source: "export default class Pager { register() { throw new Error('PAGER_URL is not set'); } }\n", cause: 'PAGER_URL is not set' },
  ])('a $kind: exit 2 with one line naming it, the same code the run record keeps', async ({ section, kind, file, source, cause }) => {
    const project = teamProject({
      'package.json': JSON.stringify({ name: 'team', private: true, type: 'module' }),
      'pricecrawl.config.json': JSON.stringify({ ...configFor(section, file), robots: { obey: false } }),
      'spiders/shop.mjs': SPIDER,
      [file]: source,
    });
    projects.push(project);
    const run = await cli(['crawl', 'shop'], { cwd: project.root });
    // Before: exit 1 with the bare message ("pricecrawl: token service down"), while the run's record said exit 2.
    expect(run.stderr.split('\n').filter((line) => line.startsWith('pricecrawl:'))).toEqual([`pricecrawl: ${kind} "broken" failed to open: ${cause}`]);
    expect(run.code).toBe(2);
    const runs = await cli(['runs'], { cwd: project.root });
    expect(runs.stdout).toMatch(/interrupted\s+2\s/);
  });
});
