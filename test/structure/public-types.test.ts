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

/** Lines that are type errors when the package's types resolve, and pass unnoticed when they have become `any`. */
const TYPES_RESOLVE = `
import { drop, Decimal, type PriceItem } from 'pricecrawl';
// @ts-expect-error a drop needs its reason code
drop();
// @ts-expect-error a price is a Decimal or text, never a JS number
export const floatPriced: PriceItem = { sku: 'a', price: 1.5 };
export const priced: PriceItem = { sku: 'a', price: new Decimal('1.50') };
`;

describe('the public types a project needs', { timeout: 120_000 }, () => {
  const project = teamProject({
    ...projectFiles({ name: 'typed-team', pricecrawlSpec: `file:${REPO}` }),
    'pipelines/team-components.ts': COMPONENTS,
    'pipelines/types-resolve.ts': TYPES_RESOLVE,
    // Node's own resolution, as `tsc --init` writes it: the package's
    // declarations used to import './core/spider' without its extension, which Node's resolution cannot find,
    // so every pricecrawl type was `any` there (and decimal.js's default import a namespace, not the class).
    'tsconfig.nodenext.json': JSON.stringify({ extends: './tsconfig.json', compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext' } }),
  });
  afterAll(() => project.cleanup());

  it.each(['tsconfig.json', 'tsconfig.nodenext.json'])('type-check the generated project and components written against them (%s)', (tsconfig) => {
    const tsc = spawnSync(process.execPath, [join(REPO, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', join(project.root, tsconfig)], { encoding: 'utf8' });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  });
});
