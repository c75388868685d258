// `crawl --processes 2`: the other process gets the first one's settings, spider arguments and store, but no password
// of them on its command line, which `ps` and /proc/<pid>/cmdline show to every user of the machine.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { startPostgres, type PostgresServer } from '../support/postgres-server';
import { startRecordingProxy, type RecordingProxy } from '../support/recording-proxy';
import { childTracker, cli, type CliRun } from '../support/run-cli';
import { teamProject, type TeamProject } from '../support/team-project';

const PROXY_SECRET = 'pr0xy-Proc3ss-4410';
const PG_SECRET = 'p0stgres-Proc3ss-8127';
const API_KEY = 'sk-live-Proc3ss-arg-2291';
const SECRETS = [PROXY_SECRET, PG_SECRET, API_KEY];
const PAGES = 3;

// The process the first one started (it has an IPC channel) writes down what the kernel shows of it, and its arguments.
const SPIDER = `
import { readFileSync, writeFileSync } from 'node:fs';
import { Spider } from 'pricecrawl';
export class ShopSpider extends Spider {
  name = 'shop';
  allowedDomains = ['127.0.0.1'];
  startUrls = (this.args.origins ?? '').split(',').flatMap((origin) => [0, 1, 2].map((n) => origin + '/p/' + n));
  constructor(args) {
    super(args);
    if (process.send) {
      const seen = { cmdline: readFileSync('/proc/self/cmdline', 'utf8'), environ: readFileSync('/proc/self/environ', 'utf8'), args: this.args };
      writeFileSync(new URL('../seen-' + process.pid + '.json', import.meta.url), JSON.stringify(seen));
    }
  }
  async *parse(res) {
    yield { sku: res.url, price: '2.00 EUR', url: res.url };
  }
}
`;

describe('crawl --processes 2 with passwords in its settings', { timeout: 180_000 }, () => {
  let project: TeamProject;
  let servers: FixtureServer[];
  let proxy: RecordingProxy;
  let pg: PostgresServer;
  let crawl: CliRun;
  const children = childTracker();

  beforeAll(async () => {
    servers = await startFixtureServers(2, { builtInRoutes: false });
    for (const server of servers) server.route('/p/:n', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>p</body></html>'));
    proxy = await startRecordingProxy('p1', { username: 'crawler', password: PROXY_SECRET });
    pg = await startPostgres();
    // The test server trusts loopback, so the password is not checked; it is still the user's secret to keep.
    const storeUrl = (await pg.createDatabase('processes')).replace('postgres@', `postgres:${PG_SECRET}@`);
    project = teamProject({
      'package.json': JSON.stringify({ name: 'team', private: true, type: 'module' }),
      'pricecrawl.config.json': JSON.stringify({ politeness: { minIntervalMs: 0, jitterMs: 0 }, robots: { obey: false }, log: { format: 'json', level: 'warn', statsIntervalMs: 0 } }),
      'spiders/shop.mjs': SPIDER,
    });
    const args = ['crawl', 'shop', '--processes', '2', '--store', storeUrl, '-a', `origins=${servers.map((s) => s.origin).join(',')}`, '-a', `apiKey=${API_KEY}`];
    args.push('-s', `sessions.proxyUrls=${JSON.stringify([proxy.url])}`);
    crawl = await cli(args, { cwd: project.root, onStart: children.track });
  });
  afterAll(async () => {
    children.killAll();
    await closeFixtureServers(servers);
    await proxy.close();
    await pg.stop();
    project.cleanup();
  });

  it('passes them to the other process off its command line, and it crawls with them', () => {
    expect(crawl.code, crawl.stderr.slice(-2000)).toBe(0);
    const seenFiles = readdirSeen(project.root);
    expect(seenFiles).toHaveLength(1);
    const seen = JSON.parse(readFileSync(seenFiles[0], 'utf8')) as { cmdline: string; environ: string; args: Record<string, string> };
    for (const secret of SECRETS) {
      expect(seen.cmdline.split('\0').join(' ')).not.toContain(secret);
      expect(seen.environ).not.toContain(secret);
    }
    expect(seen.args.apiKey).toBe(API_KEY);
    // Every page went through the proxy (the other process's host too) and every item is in PostgreSQL.
    expect(proxy.requests.map((r) => new URL(r.url).pathname).sort()).toEqual(servers.flatMap(() => [0, 1, 2].map((n) => `/p/${n}`)).sort());
    expect(crawl.stdout).toContain(`accounting: planned ${2 * PAGES} = succeeded ${2 * PAGES} + failed 0 + pending 0`);
    expect(crawl.stdout).toMatch(new RegExp(`items: scraped \\d+, written \\d+; the run holds ${2 * PAGES}`));
    for (const secret of SECRETS) expect(crawl.stdout + crawl.stderr).not.toContain(secret);
  });
});

function readdirSeen(root: string): string[] {
  return readdirSync(root).filter((name) => name.startsWith('seen-')).map((name) => join(root, name));
}
