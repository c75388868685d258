// A proxy that refuses the crawl's credentials (407) and echoes them in its answer: the logs, the summary, the report and every stored file name the proxy without them.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesUnder } from '../support/files-under';
import { FixtureServer } from '../support/fixture-server';
import { cli, type CliRun } from '../support/run-cli';
import { tempStorageDir } from '../support/test-crawl';

const USER = 'acct-Pr0xyUser-617';
const PASSWORD = 'Pr0xy-Pw-407-728';
const BASIC = Buffer.from(`${USER}:${PASSWORD}`).toString('base64');
const SECRETS = [USER, PASSWORD, BASIC];
const SPIDER = resolve(import.meta.dirname, '../support/spiders/catalog-spider.ts');

describe('a proxy answering 407 with the credentials it was sent', () => {
  const storage = tempStorageDir('proxy-407');
  let shop: FixtureServer;
  let proxy: Server;
  let runs: CliRun[];

  beforeAll(async () => {
    shop = await FixtureServer.start({ builtInRoutes: false });
    shop.route('/list', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>list</p>'));
    // A forward proxy's 407 as some appliances write it: the header it got quoted in the body and in a header of its own.
    proxy = createServer((req, res) => {
      const sent = req.headers['proxy-authorization'] ?? '';
      res.writeHead(407, { 'proxy-authenticate': 'Basic realm="shop"', 'x-denied-credentials': sent, 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'denied', sent: `Proxy-Authorization: ${sent}`, user: USER, password: PASSWORD }));
    });
    await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', done));
    const proxyUrl = `http://${USER}:${PASSWORD}@127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    const env = { ...process.env, PRICECRAWL_SESSIONS__PROXY_URLS: JSON.stringify([proxyUrl]) };
    const args = (format: string) => [
      'crawl', SPIDER, '-a', `startUrls=${shop.url('/list')}`, '--storage', storage.dir, '--report', resolve(storage.dir, `report-${format}.html`),
      '-s', `log.format=${format}`, '-s', 'log.level=debug', '-s', 'politeness.minIntervalMs=0', '-s', 'retry.maxAttempts=2', '-s', 'robots.obey=false',
    ];
    runs = [await cli(args('json'), { env }), await cli(args('pretty'), { env })];
  }, 120_000);
  afterAll(async () => {
    await new Promise((done) => proxy.close(done));
    await shop.close();
    storage.cleanup();
  });

  it('the crawl fails the page on the proxy and neither output nor stored files hold the credentials', async () => {
    const runsList = await cli(['runs', '--json', '--storage', storage.dir]);
    const places: Array<[string, string]> = [
      ...runs.flatMap((run, i): Array<[string, string]> => [[`stdout ${i}`, run.stdout], [`stderr ${i}`, run.stderr]]),
      ['runs --json', runsList.stdout + runsList.stderr],
      ...filesUnder(storage.dir).map((path): [string, string] => [path, readFileSync(path).toString('latin1')]),
    ];
    expect(runs[0].stdout + runs[0].stderr).toMatch(/407/);
    const leaks = places.flatMap(([where, text]) => SECRETS.filter((secret) => text.includes(secret)).map((secret) => `${secret} in ${where}`));
    expect(leaks).toEqual([]);
  });
});
