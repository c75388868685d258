// The files `pricecrawl startproject` writes: a project that depends on this pricecrawl and runs against a demo shop.
import { basename } from 'node:path';
import { SKIP_OUTLET, SKIP_REFURBISHED } from './component-templates';
import { PRODUCT_ERRBACK } from './spider-template';

export interface ProjectVars {
  /** The project folder's name, used as the npm package name. */
  name: string;
  /** How package.json names pricecrawl: `file:<checkout>`, `^0.1.0`, `file:<tarball>` (see dependency-spec.ts). */
  pricecrawlSpec: string;
  /**
   * pricecrawl's own `allowScripts` (its dependencies whose install scripts must run: better-sqlite3 builds
   * its native module, esbuild checks its binary). npm 11 runs a dependency's install scripts only when the
   * project's package.json allows them, so a project without this entry installs a better-sqlite3 that cannot
   * open a database, and its first crawl fails with "Could not locate the bindings file".
   */
  allowScripts: Record<string, boolean>;
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

export function projectFiles(vars: ProjectVars): Record<string, string> {
  return {
    'package.json': json({
      name: vars.name.toLowerCase().replace(/[^a-z0-9-]+/g, '-').replace(/^-+|-+$/g, '') || 'price-spiders',
      private: true,
      type: 'module',
      scripts: { crawl: 'pricecrawl crawl', list: 'pricecrawl list', check: 'pricecrawl check' },
      dependencies: { pricecrawl: vars.pricecrawlSpec },
      allowScripts: vars.allowScripts,
    }),
    'tsconfig.json': json({
      compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', strict: true, noImplicitOverride: true, skipLibCheck: true, noEmit: true },
      // storage/: where a store of the project's own (storage.items) goes, type-checked like the other components.
      include: ['spiders', 'middlewares', 'spider-middlewares', 'pipelines', 'extensions', 'storage'],
    }),
    'pricecrawl.config.json': json({
      project: { spiders: ['spiders'] },
      politeness: { minIntervalMs: 250, jitterMs: 50 },
      middlewares: { add: { 'sign-requests': { module: './middlewares/sign-requests.ts', after: 'sessions', options: { header: 'x-price-team' } } } },
      spiderMiddlewares: { add: { 'skip-outlet': { module: './spider-middlewares/skip-outlet.ts' } } },
      pipeline: {
        add: { 'skip-refurbished': { module: './pipelines/skip-refurbished.ts', before: 'dedupe' } },
        sinks: { 'jsonl-archive': { module: './pipelines/jsonl-archive.ts', options: { path: 'archive/items.jsonl' } } },
      },
      extensions: { 'item-counter': { module: './extensions/item-counter.ts' } },
    }),
    'spiders/example.ts': EXAMPLE_SPIDER,
    'middlewares/sign-requests.ts': SIGN_REQUESTS,
    'spider-middlewares/skip-outlet.ts': SKIP_OUTLET,
    'pipelines/skip-refurbished.ts': SKIP_REFURBISHED,
    'pipelines/jsonl-archive.ts': JSONL_ARCHIVE,
    'extensions/item-counter.ts': ITEM_COUNTER,
    '.gitignore': 'node_modules/\ncrawl-storage/\narchive/\n',
    'README.md': readme(vars),
  };
}

const EXAMPLE_SPIDER = `// Example spider: the demo JSON-LD shop (\`npx pricecrawl demo --serve --port 8080\`), listing pages → product pages.
import { Spider, type CrawlResponse, type PriceItem, type RequestFailure, type SpiderOutput } from 'pricecrawl';

export class ExampleSpider extends Spider {
  readonly name = 'example';
  /** \`-a baseUrl=http://127.0.0.1:8080\`: where the shop is. */
  private readonly base = new URL(this.args.baseUrl ?? 'http://127.0.0.1:8080');
  override allowedDomains = [this.base.host];
  override startUrls = [new URL('/products', this.base).href];

  /** A listing page: every product card, then the next page. */
  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    yield* res.followAll('a.nw-card__link', 'parseProduct', {}, { errback: 'onProductFailed' });
    const next = res.$('a[rel="next"]').attr('href');
    if (next) yield res.follow(next, 'parse');
  }

  /** A product page: its JSON-LD product, prices exact; the pipeline refuses an item without a price. */
  async *parseProduct(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    const product = res.structuredProduct();
    const item: PriceItem = { sku: product?.sku ?? res.url, name: product?.name ?? undefined, price: product?.price ?? null, currency: product?.currency ?? null, url: res.url };
    yield item;
  }

${PRODUCT_ERRBACK}
}
`;

const SIGN_REQUESTS = `// Example downloader middleware: signs every request with a header, as some partner APIs want.
import { createHmac } from 'node:crypto';
import { CONTINUE, type CrawlRequest, type DownloaderMiddleware, type RequestOutcome } from 'pricecrawl';

/** Options come from pricecrawl.config.json (\`middlewares.add.sign-requests.options\`). */
export default class SignRequests implements DownloaderMiddleware {
  readonly name = 'sign-requests';
  private readonly header: string;
  private readonly key: string;

  constructor(options: { header?: string }) {
    this.header = options.header ?? 'x-signature';
    // A secret belongs in the environment, never in the config file.
    this.key = process.env.EXAMPLE_SIGNING_KEY ?? 'not-a-secret';
  }

  processRequest(request: CrawlRequest): RequestOutcome {
    request.setHeader(this.header, createHmac('sha256', this.key).update(request.url).digest('hex'));
    return CONTINUE;
  }
}
`;

const JSONL_ARCHIVE = `// Example item sink: appends every stored item to a JSON-lines file of its own, batch by batch.
import { appendFile, mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

/** Runs after the run's own store committed a batch; the request is acknowledged once this resolves. */
export default class JsonlArchive {
  private readonly path: string;

  constructor(options: { path?: string }) {
    // Relative to the project folder (this file's parent), wherever in the project the crawl was started.
    this.path = resolve(import.meta.dirname, '..', options.path ?? 'archive/items.jsonl');
  }

  async open(): Promise<void> {
    await mkdir(dirname(this.path), { recursive: true });
  }

  async write(items: readonly object[]): Promise<void> {
    await appendFile(this.path, items.map((item) => JSON.stringify(item)).join('\\n') + '\\n');
  }
}
`;

const ITEM_COUNTER = `// Example extension: counts the items that became durable and says so when the spider closes.
import type { CrawlEvents, ExtensionContext } from 'pricecrawl';

export default {
  register(events: CrawlEvents, context: ExtensionContext): void {
    let stored = 0;
    events.on('item.stored', () => {
      stored += 1;
    });
    events.on('spider.closed', ({ reason }) => context.log.info({ stored, reason }, 'items stored in this run'));
  },
};
`;

function readme(vars: ProjectVars): string {
  return `# ${basename(vars.name)}

A pricecrawl project: one spider per competitor in \`spiders/\`, your own downloader middlewares in
\`middlewares/\`, spider middlewares in \`spider-middlewares/\`, stages and item sinks in \`pipelines/\`,
extensions in \`extensions/\`, all named in \`pricecrawl.config.json\`.

\`\`\`sh
npm install                                   # installs pricecrawl (${vars.pricecrawlSpec})
npx pricecrawl demo --serve --port 8080       # in another terminal: the demo shops on loopback
npx pricecrawl crawl example -o items.jsonl   # crawls the JSON-LD demo shop (-a baseUrl=http://127.0.0.1:8080)
npx pricecrawl list                           # the spiders of this project
\`\`\`

- **Spiders** import only from \`pricecrawl\` and are found by their \`name\` in the folders that
  \`project.spiders\` lists. TypeScript needs no build step.
- **Middlewares** (\`middlewares.add\`): name → \`{ module, before | after, options }\`; the start-up log
  shows the resolved order. A name of a built-in replaces it; \`middlewares.disabled\` leaves one out.
- **Spider middlewares** (\`spiderMiddlewares.add\`, in \`spider-middlewares/\`) the same way, around what
  the spider yields: \`processStart\` (\`start()\` and \`idle()\`), \`processSpiderOutput\` (callbacks and errbacks:
  keep, change, drop or add) and \`processSpiderException\` (outputs that recover a callback that threw); the
  \`SpiderMiddleware\` type says how, \`spider-middlewares/skip-outlet.ts\` shows one.
- **Stages** (\`pipeline.add\`) work the same way for per-item checks and transforms: an item or
  \`drop(reason)\`, placed by \`before\`/\`after\` a built-in stage (\`pipelines/skip-refurbished.ts\`).
- **Sinks** (\`pipeline.sinks\`) get each stored batch; a request is acknowledged only after every
  sink with \`durable: true\` (the default) took its items.
- **Extensions** (\`extensions\`) subscribe to the crawl's events (\`spider.opened\`, \`item.stored\`, …).
- **An item store of your own** (\`storage.items\`: \`{ module, options }\`, say \`./storage/warehouse-store.ts\`)
  implements the \`ItemStore\` type (\`writeBatch\`, \`countItems\`, \`iterateItems\`, \`close\`) and takes the
  place of the built-in items table: the crawl writes there, \`export\` reads from there.
- \`tsconfig.json\` has \`noImplicitOverride\`: a member the \`Spider\` base class already has (\`parse\`,
  \`start\`, \`idle\`, \`startUrls\`, \`allowedDomains\`, \`settings\`, \`fallbackRequest\`, …) is written
  \`override\`, as in \`spiders/example.ts\`; your own callbacks and errbacks (\`parseProduct\`) are not.
  Left out, \`tsc\` says TS4114 ("must have an 'override' modifier"); the crawl itself does not type-check.
- Spiders log with \`this.logger\` (the crawl's log); a middleware plans a request of its own with
  \`ctx.schedule(new CrawlRequest({ url, callback }))\`.

The example spider waits 250 ms (± 50 ms) between requests to the shop (\`politeness\` in the config).

\`allowScripts\` in \`package.json\` lets npm run the install scripts of ${Object.keys(vars.allowScripts).map((name) => `\`${name}\``).join(' and ') || 'no package'} (pricecrawl
needs them: better-sqlite3 builds the native module that opens its databases); npm 11 skips any other
package's scripts and lists them after the install.

Type-checking: editors read the package's types as they are; for \`npx tsc --noEmit\` (with this
\`tsconfig.json\`) install the compiler once, \`npm install --save-dev typescript\`.
`;
}
