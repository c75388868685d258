// `pricecrawl schedule` refuses to start when a scheduled spider could never run `crawl --due`, instead of failing every tick in a log file.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { teamProject } from '../support/team-project';

const BIN = resolve(import.meta.dirname, '../../bin/pricecrawl.js');

const SPIDER = `
import { Spider } from 'pricecrawl';
export class KettleSpider extends Spider {
  name = 'kettle';
  startUrls = ['http://127.0.0.1:9/list'];
  async *parse(res) { yield { sku: 'K-1', price: '1,00 €', url: res.url }; }
}
`;

/** The scheduler's exit, or, should it start scheduling instead, what it said by then (it is stopped at once). */
async function schedule(cwd: string, spiders: Record<string, unknown>): Promise<{ code: number | null; stderr: string }> {
  writeFileSync(join(cwd, 'pricecrawl.config.json'), JSON.stringify({ log: { format: 'json' }, schedule: { spiders } }));
  const child = spawn(process.execPath, [BIN, 'schedule'], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  let output = '';
  const watch = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.includes('scheduler running')) child.kill('SIGTERM');
  };
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    watch(chunk);
  });
  child.stdout.on('data', watch);
  const [code] = await once(child, 'close');
  return { code: code as number | null, stderr };
}

describe('schedule checks its spiders before the first tick', { timeout: 60_000 }, () => {
  const project = teamProject({ 'package.json': '{"type":"module"}', 'pricecrawl.config.json': '{}', 'spiders/kettle.mjs': SPIDER });
  afterAll(() => project.cleanup());

  it('a spider without a product callback: one line naming the fix, exit 2', async () => {
    const run = await schedule(project.root, { kettle: { cron: '* * * * * *' } });
    expect(run.stderr).toBe(
      `pricecrawl: schedule.spiders.kettle: spider "kettle" declares no productCallback, so a scheduled crawl --due cannot send known SKUs to it; name the callback that reads a product page in the spider (override productCallback = 'parseProduct'), or override catalogRequest(sku, url)\n`,
    );
    expect(run.code).toBe(2);
  });

  it('a misspelt spider name: did you mean, exit 2', async () => {
    const run = await schedule(project.root, { ketle: { cron: '* * * * * *' } });
    expect(run.stderr).toContain('pricecrawl: schedule.spiders.ketle: no spider named "ketle"; did you mean "kettle"?');
    expect(run.code).toBe(2);
  });
});
