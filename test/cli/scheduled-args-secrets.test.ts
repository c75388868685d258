// A scheduled spider's arguments (schedule.spiders.<key>.args, kept in the config file) reach its crawl, but never the child's command line, which `ps` shows every user of the machine.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { teamProject } from '../support/team-project';

const BIN = resolve(import.meta.dirname, '../../bin/pricecrawl.js');
const API_KEY = 'sk-live-3c0nf1g-0nly';

// In the scheduled crawl (not the scheduler's start-up check nor the loader's argument-less look at its name) it writes down what it was started with, then refuses to start: the run ends at once.
const SPIDER = `
import { writeFileSync } from 'node:fs';
import { Spider } from 'pricecrawl';
export class KettleSpider extends Spider {
  name = 'kettle';
  productCallback = 'parseProduct';
  startUrls = ['http://127.0.0.1:9/list'];
  constructor(args) {
    super(args);
    if (process.argv.includes('crawl') && Object.keys(this.args).length > 0) {
      writeFileSync(new URL('../seen.json', import.meta.url), JSON.stringify({ argv: process.argv, args: this.args }));
      throw new Error('seen');
    }
  }
  async *parse() {}
  async *parseProduct() {}
}
`;

describe('schedule passes a spider\'s configured arguments', { timeout: 120_000 }, () => {
  const config = { log: { format: 'json' }, schedule: { spiders: { kettle: { cron: '* * * * * *', args: { apiKey: API_KEY, region: 'de' } } } } };
  const project = teamProject({ 'package.json': '{"type":"module"}', 'pricecrawl.config.json': JSON.stringify(config), 'spiders/kettle.mjs': SPIDER });
  afterAll(() => project.cleanup());

  it('to the crawl, outside its command line', async () => {
    const child = spawn(process.execPath, [BIN, 'schedule', '-s', 'schedule.discoveryEveryMs=0'], { cwd: project.root, stdio: ['ignore', 'pipe', 'pipe'] });
    const lines: string[] = [];
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        lines.push(line);
        if (line.includes('"scheduled run ended"')) child.kill('SIGTERM');
      });
    }
    await once(child, 'close');
    const seenFile = join(project.root, 'seen.json');
    expect(existsSync(seenFile), lines.join('\n')).toBe(true);
    const seen = JSON.parse(readFileSync(seenFile, 'utf8')) as { argv: string[]; args: Record<string, string> };
    expect(seen.args).toEqual({ apiKey: API_KEY, region: 'de' });
    expect(seen.argv.join(' ')).not.toContain(API_KEY);
    expect(lines.join('\n')).not.toContain(API_KEY);
  });
});
