// A spider file that cannot be imported is a spider that cannot start: exit 2, one line naming the file and the cause, the stack only with --debug, and no run.
import { existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../support/run-cli';

const REPO = resolve(import.meta.dirname, '../..');
const STACK_FRAME = /\n\s+at /;

/** Each file and what the one line must say about it besides its path. */
const BROKEN: Array<{ file: string; source: string; cause: RegExp }> = [
  { file: 'syntax.ts', source: 'export class Broken {\n  async *parse( { yield 1; }\n}\n', cause: /syntax\.ts:2:\d+: / },
  { file: 'missing-import.ts', source: "import { helper } from './no-such-helper';\nexport const x = helper;\n", cause: /Cannot find module .*no-such-helper' imported from .*missing-import\.ts$/ },
  { file: 'missing-package.mjs', source: "import pad from 'no-such-package-for-pricecrawl';\nexport const x = pad;\n", cause: /Cannot find package 'no-such-package-for-pricecrawl'/ },
  { file: 'throws.ts', source: "const key = process.env.NO_SUCH_SHOP_KEY;\nif (!key) throw new Error('NO_SUCH_SHOP_KEY is not set');\nexport const x = key;\n", cause: /^NO_SUCH_SHOP_KEY is not set$/ },
  { file: 'throws-value.cjs', source: "throw { reason: 'not an Error' };\n", cause: /threw \{ reason: 'not an Error' \}$/ },
  { file: 'syntax.cjs', source: 'const x = {;\n', cause: /syntax\.cjs:1: SyntaxError: / },
];

describe('a spider file that cannot be imported', { timeout: 120_000 }, () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'pricecrawl-broken-spider-'));
    // Imports resolve from here as from a project (and compiled twins go to its cache), as in a real project.
    symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'));
    for (const { file, source } of BROKEN) writeFileSync(join(dir, file), source);
    writeFileSync(join(dir, 'no-spider.ts'), 'export const notASpider = 1;\n');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each(BROKEN)('$file: exit 2 and one line naming the file and the cause, no run created', async ({ file, cause }) => {
    const storage = join(dir, `storage-${file}`);
    const run = await cli(['crawl', join(dir, file), '--storage', storage], { cwd: dir });
    // Before: exit 1, and the line named the compiled twin in the cache, or no file at all.
    expect(run.code).toBe(2);
    const prefix = `pricecrawl: spider file ${join(dir, file)} cannot be loaded: `;
    expect(run.stderr.startsWith(prefix)).toBe(true);
    expect(run.stderr.endsWith('\n') && run.stderr.split('\n')).toHaveLength(2);
    expect(run.stderr.slice(prefix.length).trimEnd()).toMatch(cause);
    expect(run.stderr).not.toContain('.cache');
    expect(existsSync(storage)).toBe(false);
  });

  it('exits 2 for a file that exports no spider', async () => {
    const run = await cli(['crawl', join(dir, 'no-spider.ts'), '--storage', join(dir, 'storage-none')], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`pricecrawl: ${join(dir, 'no-spider.ts')} exports no Spider subclass\n`);
  });

  it('shows the stack, the thrown one included, with --debug, and still exits 2', async () => {
    const run = await cli(['--debug', 'crawl', join(dir, 'throws.ts'), '--storage', join(dir, 'storage-debug')], { cwd: dir });
    // Before: --debug changed the exit code of every refused start to 1.
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(STACK_FRAME);
    expect(run.stderr).toMatch(/caused by: Error: NO_SUCH_SHOP_KEY is not set\n\s+at .*throws\.ts:2/);
  });

  it('names the file for parse --spider too', async () => {
    const run = await cli(['parse', 'http://127.0.0.1:9/p', '--spider', join(dir, 'throws.ts')], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`spider file ${join(dir, 'throws.ts')} cannot be loaded: NO_SUCH_SHOP_KEY is not set`);
  });
});
