// The real CLI on an API that answers a wall or JSONP where JSON was asked: the summary blames the answer, not the team's spider.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixtureServer } from '../support/fixture-server';
import { cli, type CliRun } from '../support/run-cli';
import { shopProject } from '../support/shop-project';
import type { TeamProject } from '../support/team-project';

/** Reads the price API of each listed product: `/api/p/<n>`. */
const SPIDER = `
import { Spider } from 'pricecrawl';
export class ApiSpider extends Spider {
  name = 'api';
  base = this.args.base ?? 'http://127.0.0.1:9';
  allowedDomains = [new URL(this.base).host];
  startUrls = [this.base + '/api/list'];
  async *parse(res) { for (const n of res.json().products) yield this.request(this.base + '/api/p/' + n, 'parseProduct'); }
  async *parseProduct(res) { yield { sku: new URL(res.url).pathname, price: res.json().price, currency: 'EUR', url: res.url }; }
}
`;

const WALL = '<html><body><h1>Access denied</h1><script>var session = "wall-secret-0123456789"; /* ' + 'x'.repeat(5_000) + ' */</script></body></html>';

describe('the CLI on an API that answers markup or JSONP where JSON was read', { timeout: 120_000 }, () => {
  let server: FixtureServer;
  let project: TeamProject;
  let run: CliRun;
  beforeAll(async () => {
    server = await FixtureServer.start();
    const json = (body: string) => (_req: unknown, res: import('node:http').ServerResponse) => void res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    server.route('/api/list', json('{"products":[1,2,3]}'));
    server.route('/api/p/1', json('{"price":"19.99"}'));
    server.route('/api/p/2', json(WALL));
    server.route('/api/p/3', json('callback({"price":"7.00"})'));
    project = shopProject(server, {}, { 'spiders/api.mjs': SPIDER });
    run = await cli(['crawl', 'api', '-a', `base=${server.origin}`, '-s', 'retry.maxAttempts=2', '-s', 'retry.backoffBaseMs=5', '-s', 'retry.backoffCapMs=20'], { cwd: project.root });
  });
  afterAll(async () => {
    project.cleanup();
    await server.close();
  });

  it('fails the wall as transient after its tries and JSONP as the answer it is; no error in code (before: both callback/error)', () => {
    expect(run.stdout).toContain('accounting: planned 4 = succeeded 2 + failed 2 + pending 0');
    expect(run.stdout).toMatch(/LOST TO TRANSIENT FAILURES: 1 request \(parse\/json-html: 1\)/);
    expect(run.stdout).toContain('parse/json-invalid');
    expect(run.stdout).not.toContain('LOST TO ERRORS IN CODE');
    expect(run.stdout).not.toContain('callback/error');
    expect(server.requestsTo('/api/p/2')).toHaveLength(2);
    expect(server.requestsTo('/api/p/3')).toHaveLength(1);
    expect(run.code).toBe(4);
  });

  it('says what came instead, briefly: never the whole body', () => {
    expect(run.stderr).toContain('Access denied');
    expect(run.stderr).toContain('status 200');
    expect(run.stderr).not.toContain('x'.repeat(200));
  });
});
