// A team writes every kind of component against the package's public types only, in a project startproject wrote,
// and `tsc --noEmit` with the generated tsconfig.json passes: the generated files and the components alike.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectFiles } from '../../src/app/scaffold/project-files';
import { spiderSource, type TemplateName } from '../../src/app/scaffold/spider-template';
import { teamProject } from '../support/team-project';

const REPO = resolve(import.meta.dirname, '../..');

/** A stage that also watches pages (pageDone), and counts what it does: the types a stage's author names. */
const COMPONENTS = `
import { CONTINUE, accept, drop, fail, CrawlRequest, Spider, type CrawlResponse, type Logger, type MiddlewareOpenContext, type ResponseOutcome, type SpiderOutput, type DownloaderMiddleware, type Extension, type ExtensionContext, type CrawlEvents,
  type Item, type ItemSinkComponent, type ItemSinkContext, type ItemSource, type MiddlewareContext, type PageOutputs, type PipelineContext,
  type PipelineStage, type RequestOutcome, type SpiderMiddleware, type Stats, type StoredItem } from 'pricecrawl';

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

// Errbacks' outputs pass processSpiderOutput too, told the RequestFailure: a hook typed for a page alone must not compile
// (before, it did, and met a failure where it read a page).
export class PageOnly implements SpiderMiddleware {
  readonly name = 'page-only';
  // @ts-expect-error from is a CrawlResponse or a RequestFailure
  async *processSpiderOutput(response: CrawlResponse, outputs: AsyncIterable<SpiderOutput>): AsyncGenerator<SpiderOutput> {
    for await (const output of outputs) if (response.status === 200) yield output;
  }
}

export const sink: ItemSinkComponent = { write: (items: readonly StoredItem[]) => void items.length };

// A spider's own logger (Scrapy's self.logger), a middleware that plans a request of its own, a store of the team's own.
export class LoggingSpider extends Spider {
  readonly name = 'logging';
  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    const log: Logger = this.logger;
    log.info({ url: res.url }, 'listing read');
    // @ts-expect-error the logger is pino's, typed (not any): it has no such method
    this.logger.shout('x');
  }
}
export const followApi: DownloaderMiddleware = {
  name: 'follow-api',
  processResponse(request: CrawlRequest, response: CrawlResponse, ctx: MiddlewareContext): ResponseOutcome {
    const api = response.header('x-api');
    if (api) ctx.schedule(new CrawlRequest({ url: response.urljoin(api), callback: 'parseApi', meta: { from: request.url } }));
    // @ts-expect-error schedule takes a CrawlRequest, not a URL
    ctx.schedule('https://shop.example/api');
    return accept(response);
  },
  open(ctx: MiddlewareOpenContext) {
    ctx.log.info('follow-api open');
  },
};

export const extension: Extension = {
  register(events: CrawlEvents, context: ExtensionContext) {
    events.on('page.parsed', ({ url }) => context.log.debug({ url }, 'parsed'));
  },
};

// Hooks whose results the crawl awaits and ignores, written as people write them: returning what their
// client's call returns. \`void | Promise<void>\` refused each of these.
interface Db { insert(rows: readonly StoredItem[]): Promise<number>; close(): Db }
declare const db: Db;
export class DbSink implements ItemSinkComponent {
  open(context: ItemSinkContext) {
    context.stats.inc('team/sink-opened');
    context.log.info({ settingsDir: context.settings.storage.dir }, 'sink open');
  }
  write(items: readonly StoredItem[]) {
    return db.insert(items);
  }
  close() {
    return db.close();
  }
}
export class FailedUrls implements Extension {
  readonly urls: string[] = [];
  register(events: CrawlEvents, context: ExtensionContext) {
    events.on('request.failed', (failure) => this.urls.push(failure.url));
    events.on('spider.closed', () => context.stats.inc('team/failed-urls', this.urls.length));
  }
}
export class Closing implements PipelineStage, DownloaderMiddleware {
  readonly name = 'closing';
  async open() {
    return db.insert([]);
  }
  process(item: Item) {
    return item;
  }
  close() {
    return db.close();
  }
}
`;

/** The team's own item store, in the folder startproject's tsconfig.json names for it. */
const WAREHOUSE_STORE = `
import type { ItemStore, StoredItem } from 'pricecrawl';
export class WarehouseStore implements ItemStore {
  private readonly rows = new Map<string, StoredItem>();
  async writeBatch(items: StoredItem[]) {
    for (const item of items) this.rows.set(item.runId + ' ' + item.key, item);
  }
  async countItems(runId?: string) {
    return [...this.rows.values()].filter((row) => runId === undefined || row.runId === runId).length;
  }
  async *iterateItems(runId: string) {
    for (const row of this.rows.values()) if (row.runId === runId) yield row;
  }
  async close() {}
}
`;

/** A plain program (no CLI) that runs a crawl and then reads its queue, as README's library section shows it. */
const LIBRARY_SCRIPT = `
import { openRequestQueue, runCrawl, Spider, type CrawlResponse, type CrawlResult, type RunCrawlOptions, type SpiderOutput } from 'pricecrawl';

class ShopSpider extends Spider {
  readonly name = 'shop';
  override startUrls = [this.args.start ?? 'http://127.0.0.1:9/'];
  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    yield { sku: res.url, price: res.$('.price').text(), url: res.url };
  }
}

const options: RunCrawlOptions = { spider: ShopSpider, args: { start: 'http://127.0.0.1:9/' }, settings: { politeness: { minIntervalMs: 0 } }, output: ['items.jsonl'], signal: AbortSignal.timeout(60_000) };
export async function nightly(): Promise<number> {
  const { summary, exitCode }: CrawlResult = await runCrawl(options);
  const { queue, close } = await openRequestQueue(summary.runId, { dir: './crawl-storage' });
  const info = await queue.getInfo();
  await close();
  return exitCode === 0 && summary.ledger.pending === 0 ? (info?.pendingRequestCount ?? 0) : exitCode;
}
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

/**
 * The TypeScript examples of README.md and docs/, as a project would paste them: a block that is a module stays one;
 * a block of class members goes into a spider class with every public name of the package in scope. A tutorial
 * step that elides code (`…`) is left out. Before, two README snippets did not compile under `strict` (`res.json()`
 * is `unknown` until typed) and one named a function it never showed.
 */
function docExamples(): Record<string, string> {
  // The package's public names (a `type` export imported as a type), so a snippet may use any of them unimported.
  const publicNames = [...readFileSync(join(REPO, 'src/index.ts'), 'utf8').matchAll(/^export (type )?\{([^}]*)\}/gms)].flatMap((m) =>
    m[2].split(',').map((name) => name.trim()).filter(Boolean).map((name) => (m[1] || name.startsWith('type ') ? `type ${name.replace(/^type /, '')}` : name)),
  );
  const prelude = `import { ${publicNames.join(', ')} } from 'pricecrawl';\n`;
  const files: Record<string, string> = {};
  for (const doc of ['README.md', ...readdirSync(join(REPO, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)]) {
    const blocks = [...readFileSync(join(REPO, doc), 'utf8').matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]);
    blocks.forEach((block, index) => {
      if (block.includes('…')) return;
      // A block that names its file (`// spiders/acme.ts`) is written there, so another block can import it.
      const named = /^\/\/ ([\w./-]+\.ts)\b/.exec(block)?.[1];
      const path = `spiders/examples/${named ?? `${doc.replace(/[/.]/g, '-')}-${index}.ts`}`;
      if (/^import /m.test(block)) files[path] = `${block}\nexport {};\n`;
      else if (/^export /m.test(block)) files[path] = prelude + block;
      else files[path] = `${prelude}export class Example extends Spider {\n  readonly name = 'example';\n${block}}\n`;
    });
  }
  return files;
}

describe('the public types a project needs', { timeout: 120_000 }, () => {
  const examples = docExamples();
  const project = teamProject({
    ...projectFiles({ name: 'typed-team', pricecrawlSpec: `file:${REPO}`, allowScripts: {} }),
    'pipelines/team-components.ts': COMPONENTS,
    'pipelines/types-resolve.ts': TYPES_RESOLVE,
    'pipelines/nightly.ts': LIBRARY_SCRIPT,
    'storage/warehouse-store.ts': WAREHOUSE_STORE,
    ...examples,
    // What genspider writes, every template, as a team gets it.
    ...Object.fromEntries((['basic', 'browser', 'structured', 'rate-matrix'] as TemplateName[]).map((template, index) => [
      `spiders/generated-${template}.ts`,
      spiderSource(template, { name: `shop-${template}`, pascal: `Shop${index}`, domain: 'shop.example', startUrl: 'https://shop.example/' }),
    ])),
    // Node's own resolution, as `tsc --init` writes it: the package's
    // declarations used to import './core/spider' without its extension, which Node's resolution cannot find,
    // so every pricecrawl type was `any` there (and decimal.js's default import a namespace, not the class).
    'tsconfig.nodenext.json': JSON.stringify({ extends: './tsconfig.json', compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext' } }),
    // Stricter than `strict`, as many teams set it: an optional field given `undefined` must be allowed by the type.
    // Before, the generated spiders themselves failed here (`name: product?.name ?? undefined` on a PriceItem).
    'tsconfig.exact.json': JSON.stringify({ extends: './tsconfig.json', compilerOptions: { exactOptionalPropertyTypes: true } }),
  });
  afterAll(() => project.cleanup());

  it('takes the docs examples from where they are: modules, files they name, class members', () => {
    expect(Object.keys(examples)).toEqual(expect.arrayContaining(['spiders/examples/spiders/acme.ts', 'spiders/examples/crawl-nightly.ts']));
    expect(Object.keys(examples).length).toBeGreaterThanOrEqual(7);
  });

  it("type-checks the project's own item store where it keeps it (storage/)", () => {
    const tsc = spawnSync(process.execPath, [join(REPO, 'node_modules/typescript/bin/tsc'), '--listFilesOnly', '-p', join(project.root, 'tsconfig.json')], { encoding: 'utf8' });
    expect(tsc.stdout).toContain(join(project.root, 'storage/warehouse-store.ts'));
  });

  it.each(['tsconfig.json', 'tsconfig.nodenext.json', 'tsconfig.exact.json'])('type-check the generated project and components written against them (%s)', (tsconfig) => {
    const tsc = spawnSync(process.execPath, [join(REPO, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', join(project.root, tsconfig)], { encoding: 'utf8' });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  });
});
