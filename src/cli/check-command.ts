// `pricecrawl check [spider]`: runs spider contracts offline against saved fixture pages; a table and an exit code.
import { SettingsError } from '../core/errors';
import { loadFixtures, type Fixture } from '../app/contracts/fixture-file';
import { judgeFixture } from '../app/contracts/judge-fixture';
import { findProject, projectAt } from '../app/project/find-project';
import { loadSpiderRegistry } from '../app/project/spider-registry';
import { runFixture } from '../app/contracts/run-fixture';
import type { SpiderClass } from '../core/spider';
import { loadSettings } from '../settings/load-settings';
import { shownLines } from './terminal-text';
import { makeSpider } from '../core/make-spider';

export interface CheckOptions {
  root?: string;
  set: string[];
  config?: string;
}

interface CheckRow {
  fixture: Fixture;
  items: number;
  requests: number;
  problems: string[];
}

async function checkFixture(SpiderClass: SpiderClass, fixture: Fixture, opts: CheckOptions, root: string): Promise<CheckRow> {
  const spider = makeSpider(SpiderClass, fixture.spec.args);
  const { settings } = loadSettings({ configPath: opts.config, spiderSettings: spider.settings, cliPairs: opts.set });
  const outcome = await runFixture(spider, fixture, settings, root);
  return { fixture, items: outcome.items.length, requests: outcome.requests.length, problems: judgeFixture(outcome, fixture.spec.expect) };
}

function formatTable(rows: readonly CheckRow[]): string[] {
  const header = ['spider', 'fixture', 'callback', 'items', 'requests', 'result'];
  const cells = rows.map((r) => [r.fixture.spider, r.fixture.name, r.fixture.spec.callback, String(r.items), String(r.requests), r.problems.length ? 'FAIL' : 'pass']);
  const widths = header.map((title, i) => Math.max(title.length, ...cells.map((row) => row[i].length)));
  const line = (row: string[]) => row.map((cell, i) => cell.padEnd(widths[i])).join('  ').trimEnd();
  return [line(header), ...cells.map(line)];
}

export async function checkCommand(spiderName: string | undefined, opts: CheckOptions): Promise<number> {
  const project = opts.root ? projectAt(opts.root) : findProject();
  const root = project.root;
  const registry = await loadSpiderRegistry(project);
  const names = spiderName ? [spiderName] : registry.names();
  const rows: CheckRow[] = [];
  const bare: string[] = [];
  for (const name of names) {
    const SpiderClass = registry.find(name);
    const fixtures = loadFixtures(root, name);
    if (fixtures.length === 0) bare.push(name);
    for (const fixture of fixtures) rows.push(await checkFixture(SpiderClass, fixture, opts, root));
  }
  if (spiderName && rows.length === 0) {
    throw new SettingsError(`spider "${spiderName}" has no fixtures in spiders/fixtures/${spiderName}/; record one with  pricecrawl fetch <url> --save ${spiderName}/<name>`);
  }
  const failed = rows.filter((row) => row.problems.length > 0);
  const out = formatTable(rows);
  for (const row of failed) out.push('', `${row.fixture.spider}/${row.fixture.name}:`, ...row.problems.map((p) => `  ${p}`));
  if (bare.length > 0) out.push('', `no fixtures: ${bare.join(', ')}`);
  out.push('', `${rows.length - failed.length} of ${rows.length} contracts passed`);
  // A problem quotes what the callback made of a saved page (values, an error message that may name the API URL
  // it called with its key): masked, each kept on its line.
  process.stdout.write(`${shownLines(out)}\n`);
  return failed.length > 0 ? 1 : 0;
}
