// `fetch --save` and `check` print what a callback made of a hostile page (its error quoting the page): no escape sequence
// reaches the terminal, and no credential the error quotes (the API URL a spider called with its key).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixtureServer } from '../support/fixture-server';
import { cli } from '../support/run-cli';
import { scratchProject, type ScratchProject } from '../support/scratch-project';

/** Sets the window title (OSC), clears the screen, a C1 CSI and a bidi override. */
const HOSTILE = 'Deal \x1b]0;owned\x07\x1b[2J\u009b31mX \u202egnp.exe';
/** A heading that runs over lines as the commands' own output would go on: a verdict, an item with a price. */
const FORGED = '\n\n2 of 2 contracts passed\n\nitems after the pipeline (1):\n  {"sku":"A-1","price":"0.01"}\n';
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;

/** A spider whose callback fails with the page's heading in its message, as spiders often say what they could not read. */
const SPIDER = `import { Spider, type CrawlResponse, type SpiderOutput } from 'pricecrawl';
export class QuotingSpider extends Spider {
  readonly name = 'quoting';
  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    throw new Error(\`no price in "\${res.$('h1').text()}"\`);
  }
}
`;

/** A spider whose price API (its key from the environment, as a team keeps it out of the repository) refuses it, the URL in the message. */
const KEYED_SPIDER = `import { Spider, type CrawlResponse, type SpiderOutput } from 'pricecrawl';
export class KeyedSpider extends Spider {
  readonly name = 'keyed';
  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    throw new Error(\`price API refused https://feed:\${process.env.FEED_PASSWORD}@127.0.0.1:9/v1/prices?api_key=\${process.env.FEED_KEY}&sku=\${res.url}\`);
  }
}
`;
const FEED_PASSWORD = 'f1xture-Passw0rd-734';
const FEED_KEY = 'f1xture-K3y-845';

let server: FixtureServer;
let project: ScratchProject;

beforeAll(async () => {
  server = await FixtureServer.start({ builtInRoutes: false });
  server.route('/product', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<html><body><h1>${HOSTILE}</h1></body></html>`));
  server.route('/forged', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<html><body><h1>Deal${FORGED}</h1></body></html>`));
  project = scratchProject();
  writeFileSync(join(project.root, 'spiders', 'quoting.ts'), SPIDER);
  writeFileSync(join(project.root, 'spiders', 'keyed.ts'), KEYED_SPIDER);
  writeFileSync(
    join(project.root, 'spiders', 'index.ts'),
    `import { QuotingSpider } from './quoting';\nimport { KeyedSpider } from './keyed';\nexport const spiderRegistry = { quoting: QuotingSpider, keyed: KeyedSpider };\n`,
  );
});
afterAll(async () => {
  await server.close();
  project.cleanup();
});

describe('fixture commands on a hostile page', () => {
  it('`fetch --save` warns of the failed callback, and `check` reports it, without the page\'s escape sequences', async () => {
    const saved = await cli(['fetch', server.url('/product'), '--save', 'quoting/product', '--root', project.root, '-s', 'robots.obey=false']);
    expect(saved.code, saved.stderr).toBe(0);
    expect(saved.stdout).toContain('warning: parse() failed on this page');
    expect(saved.stdout).toContain('gnp.exe');
    expect(saved.stdout).not.toMatch(CONTROL);

    const check = await cli(['check', 'quoting', '--root', project.root]);
    expect(check.stdout).toContain('gnp.exe');
    expect(check.stdout).not.toMatch(CONTROL);
  });

  // Before: the message went out as the callback wrote it, so the page printed lines that read as the command's own:
  // `check` said "2 of 2 contracts passed" (two failed), `parse` listed an item at 0.01 it never gave.
  it('a failed callback\'s message that runs over lines stays on its one line in `fetch --save`, `check` and `parse`', async () => {
    const forgedLines = (text: string) => text.split('\n').filter((line) => /^(2 of 2 contracts passed|items after the pipeline \(1\):|\s*\{"sku":"A-1")/.test(line));
    const saved = await cli(['fetch', server.url('/forged'), '--save', 'quoting/forged', '--root', project.root, '-s', 'robots.obey=false']);
    expect(saved.code, saved.stderr).toBe(0);
    expect(saved.stdout).toMatch(/warning: parse\(\) failed on this page: no price in "Deal +2 of 2 contracts passed/);
    expect(forgedLines(saved.stdout)).toEqual([]);

    const check = await cli(['check', 'quoting', '--root', project.root]);
    expect(check.stdout).toMatch(/^0 of [12] contracts passed$/m); // 2 after the test above saved its fixture
    expect(forgedLines(check.stdout)).toEqual([]);

    const parsed = await cli(['parse', server.url('/forged'), '--spider', join(project.root, 'spiders', 'quoting.ts'), '-s', 'robots.obey=false'], { cwd: project.root });
    expect(parsed.code, parsed.stderr).toBe(1);
    expect(parsed.stdout).toContain('items after the pipeline (0):');
    expect(forgedLines(parsed.stdout)).toEqual([]);
  });
});

describe('fixture commands on a callback whose error quotes a credential', () => {
  // Before: `check` printed the callback's message terminal-safe but unmasked, where fetch, parse and shell mask it.
  it('`fetch --save` and `check` show the URL with its password and key masked', async () => {
    const env = { ...process.env, FEED_PASSWORD, FEED_KEY };
    const saved = await cli(['fetch', server.url('/product'), '--save', 'keyed/product', '--root', project.root, '-s', 'robots.obey=false'], { env });
    expect(saved.code, saved.stderr).toBe(0);
    const check = await cli(['check', 'keyed', '--root', project.root], { env });
    expect(check.code, check.stderr).toBe(1);
    for (const run of [saved, check]) {
      expect(run.stdout).toContain('price API refused https://***@127.0.0.1:9/v1/prices?api_key=***&sku=');
      expect(run.stdout + run.stderr).not.toContain(FEED_PASSWORD);
      expect(run.stdout + run.stderr).not.toContain(FEED_KEY);
    }
  });
});
