// A scheduled spider's arguments (schedule.spiders.<key>.args, kept in the config file) and the scheduler's -s pairs reach its
// crawl, but never the child's command line, which `ps` shows every user of the machine.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { startRecordingProxy, type RecordingProxy } from '../support/recording-proxy';
import { teamProject, type TeamProject } from '../support/team-project';

const BIN = resolve(import.meta.dirname, '../../bin/pricecrawl.js');
const API_KEY = 'sk-live-3c0nf1g-0nly';
const PROXY_SECRET = 'pr0xy-Sch3dul3d-7719';

// In the scheduled crawl (not the scheduler's start-up check nor the loader's argument-less look at its name) it writes down
// what the kernel shows of it and its arguments, then crawls its one page (through the proxy the scheduler's -s pair names).
const SPIDER = `
import { readFileSync, writeFileSync } from 'node:fs';
import { Spider } from 'pricecrawl';
export class KettleSpider extends Spider {
  name = 'kettle';
  productCallback = 'parseProduct';
  allowedDomains = ['127.0.0.1'];
  startUrls = [this.args.origin + '/p/1'];
  constructor(args) {
    super(args);
    if (process.argv.includes('crawl') && Object.keys(this.args).length > 0) {
      writeFileSync(new URL('../seen.json', import.meta.url), JSON.stringify({ cmdline: readFileSync('/proc/self/cmdline', 'utf8'), args: this.args }));
    }
  }
  async *parse() {}
  async *parseProduct() {}
}
`;

describe('schedule passes a spider\'s configured arguments and its own -s pairs', { timeout: 120_000 }, () => {
  let server: FixtureServer;
  let proxy: RecordingProxy;
  let project: TeamProject;

  beforeAll(async () => {
    [server] = await startFixtureServers(1, { builtInRoutes: false });
    server.route('/p/:n', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>p</body></html>'));
    proxy = await startRecordingProxy('p1', { username: 'crawler', password: PROXY_SECRET });
    const config = { log: { format: 'json' }, robots: { obey: false }, schedule: { spiders: { kettle: { cron: '* * * * * *', args: { apiKey: API_KEY, origin: server.origin } } } } };
    project = teamProject({ 'package.json': '{"type":"module"}', 'pricecrawl.config.json': JSON.stringify(config), 'spiders/kettle.mjs': SPIDER });
  });
  afterAll(async () => {
    await closeFixtureServers([server]);
    await proxy.close();
    project.cleanup();
  });

  it('to the crawl, outside its command line', async () => {
    const sets = ['schedule.discoveryEveryMs=0', `sessions.proxyUrls=${JSON.stringify([proxy.url])}`];
    const child = spawn(process.execPath, [BIN, 'schedule', ...sets.flatMap((pair) => ['-s', pair])], { cwd: project.root, stdio: ['ignore', 'pipe', 'pipe'] });
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
    const seen = JSON.parse(readFileSync(seenFile, 'utf8')) as { cmdline: string; args: Record<string, string> };
    expect(seen.args).toEqual({ apiKey: API_KEY, origin: server.origin });
    const cmdline = seen.cmdline.split('\0').join(' ');
    expect(cmdline).toContain('crawl kettle');
    for (const secret of [API_KEY, PROXY_SECRET]) {
      expect(cmdline).not.toContain(secret);
      expect(lines.join('\n')).not.toContain(secret);
    }
    // The -s pair reached the crawl: its page went through the proxy.
    expect(proxy.requests.map((r) => new URL(r.url).pathname)).toContain('/p/1');
  });
});
