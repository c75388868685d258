// `--log-file` / `log.file`, as Scrapy's LOG_FILE: the crawl's log goes to a file (JSON lines, appended) instead of
// stderr. Before, the option was refused and a team redirected stderr, which also took the pretty format's colours.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureServer } from '../support/fixture-server';
import { cli } from '../support/run-cli';
import { shopProject, startPricedShop } from '../support/shop-project';
import type { TeamProject } from '../support/team-project';

const LOGGING_SPIDER = `
import { Spider } from 'pricecrawl';
export class NotesSpider extends Spider {
  name = 'notes';
  startUrls = [this.args.start];
  async *parse(res) {
    this.logger.info({ url: res.url, proxy: 'http://team:hunter2@127.0.0.1:9' }, 'listing read');
    yield* res.followAll('a', 'parseProduct');
  }
  async *parseProduct(res) { yield { sku: new URL(res.url).pathname, price: res.$('.price').text(), currency: 'USD', url: res.url }; }
}
`;

const linesOf = (path: string) => readFileSync(path, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);

describe('the crawl log in a file', { timeout: 120_000 }, () => {
  let server: FixtureServer;
  let project: TeamProject;
  beforeAll(async () => {
    server = await startPricedShop(2);
    project = shopProject(server, {}, { 'spiders/notes.mjs': LOGGING_SPIDER });
  });
  afterAll(async () => {
    project.cleanup();
    await server.close();
  });

  it('--log-file writes the log there as JSON lines, whatever the format, and stderr gets none of it', async () => {
    const run = await cli(['crawl', 'notes', '-a', `start=${server.url('/list')}`, '--log-file', 'logs/crawl.jsonl', '-s', 'log.format=pretty'], { cwd: project.root });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('succeeded         3');
    expect(run.stderr).not.toContain('listing read');
    const lines = linesOf(join(project.root, 'logs/crawl.jsonl'));
    expect(lines.find((line) => line.msg === 'listing read')).toMatchObject({ spider: 'notes', level: 30, url: server.url('/list') });
    // The file is masked as stderr is: a password in a logged URL never reaches it.
    expect(readFileSync(join(project.root, 'logs/crawl.jsonl'), 'utf8')).not.toContain('hunter2');
  });

  it('appends: a second run (or -s log.file) adds its lines after the first run\'s', async () => {
    const before = linesOf(join(project.root, 'logs/crawl.jsonl')).length;
    const run = await cli(['crawl', 'notes', '-a', `start=${server.url('/list')}`, '-s', 'log.file=logs/crawl.jsonl'], { cwd: project.root });
    expect(run.code, run.stderr).toBe(0);
    const lines = linesOf(join(project.root, 'logs/crawl.jsonl'));
    expect(lines.length).toBeGreaterThan(before);
    expect(lines.filter((line) => line.msg === 'listing read')).toHaveLength(2);
    expect(existsSync(join(project.root, 'crawl.jsonl'))).toBe(false);
  });
});
