// A team writes every kind of component against the package's public types only, in a project startproject wrote,
// and `tsc --noEmit` with the generated tsconfig.json passes: the generated files and the components alike.
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectFiles } from '../../src/app/scaffold/project-files';
import { teamProject } from '../support/team-project';

const REPO = resolve(import.meta.dirname, '../..');

/** A stage that also watches pages (pageDone), and counts what it does: the types a stage's author names. */
const COMPONENTS = `
import { CONTINUE, drop, fail, type CrawlRequest, type DownloaderMiddleware, type Extension, type ExtensionContext, type CrawlEvents,
  type Item, type ItemSinkComponent, type ItemSource, type MiddlewareContext, type PageOutputs, type PipelineContext,
  type PipelineStage, type RequestOutcome, type Stats, type StoredItem } from 'pricecrawl';

export class WatchListings implements PipelineStage {
  readonly name = 'watch-listings';
  private stats: Stats | null = null;
  open(ctx: PipelineContext): void {
    this.stats = ctx.stats;
  }
  pageDone(page: PageOutputs): void {
    if (page.items === 0) this.stats?.inc('team/empty-page');
  }
  process(item: Item, _source: ItemSource) {
    return item.name === 'refurbished' ? drop('team/refurbished') : item;
  }
}

export const dropSecret: DownloaderMiddleware = {
  name: 'drop-secret',
  processRequest(request: CrawlRequest, ctx: MiddlewareContext): RequestOutcome {
    ctx.stats.inc('team/seen');
    return request.url.includes('/secret/') ? fail('team/secret') : CONTINUE;
  },
};

export const sink: ItemSinkComponent = { write: (items: readonly StoredItem[]) => void items.length };
export const extension: Extension = {
  register(events: CrawlEvents, context: ExtensionContext) {
    events.on('page.parsed', ({ url }) => context.log.debug({ url }, 'parsed'));
  },
};
`;

describe('the public types a project needs', { timeout: 120_000 }, () => {
  const project = teamProject({ ...projectFiles({ name: 'typed-team', pricecrawlDir: REPO }), 'pipelines/team-components.ts': COMPONENTS });
  afterAll(() => project.cleanup());

  it('type-check the generated project and components written against them', () => {
    const tsc = spawnSync(process.execPath, [join(REPO, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', join(project.root, 'tsconfig.json')], { encoding: 'utf8' });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  });
});
