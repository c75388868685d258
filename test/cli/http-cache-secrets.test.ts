// The development HTTP cache is a folder in the team's project: the answers it keeps hold no credentials, tokens or session cookies, and still replay.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesUnder } from '../support/files-under';
import { FixtureServer } from '../support/fixture-server';
import { cli } from '../support/run-cli';
import { shopProject } from '../support/shop-project';
import { storedText } from '../support/stored-text';
import type { TeamProject } from '../support/team-project';

const PASSWORD = 'c4che-Passw0rd-417';
const API_KEY = 'c4che-K3y-528';
const SESSION = 'c4che-S3ssion-639';
/** A credential in an answer's header whose name says nothing of it (a gateway's `X-Upstream: Bearer …`): known by its shape. */
const UPSTREAM = 'c4che-Upstr3am-740';
const SECRETS = [PASSWORD, API_KEY, SESSION, UPSTREAM];

const SPIDER = (start: string) => `
import { Spider } from 'pricecrawl';
export class KeyedSpider extends Spider {
  name = 'keyed';
  startUrls = ['${start}'];
  async *parse(res) { yield* res.followAll('a', 'parseProduct'); }
  async *parseProduct(res) { yield { sku: new URL(res.url).pathname, price: res.$('.price').text(), currency: 'USD', url: res.url }; }
}
`;

let server: FixtureServer;
let project: TeamProject;

beforeAll(async () => {
  server = await FixtureServer.start();
  const page = (body: string) => (_req: unknown, res: { writeHead(status: number, headers: Record<string, string>): { end(body: string): void } }) =>
    void res.writeHead(200, { 'content-type': 'text/html', 'set-cookie': `sid=${SESSION}; Path=/; HttpOnly`, 'x-upstream': `Bearer ${UPSTREAM}` }).end(body);
  server.route('/list', page('<a href="p/1">1</a><a href="p/2">2</a>'));
  server.route('/p/:n', page('<span class="price">$19.99</span>'));
  const start = `http://buyer:${PASSWORD}@127.0.0.1:${server.port}/list?api_key=${API_KEY}`;
  project = shopProject(server, {}, { 'spiders/keyed.mjs': SPIDER(start) });
});
afterAll(async () => {
  project.cleanup();
  await server.close();
});

describe('the HTTP cache of a crawl given credentials', { timeout: 120_000 }, () => {
  it('keeps its answers without them, and replays them all on the next run', async () => {
    const first = await cli(['crawl', 'keyed', '--cache', '-O', 'first.jsonl'], { cwd: project.root });
    expect(first.code, first.stderr).toBe(0);
    expect(server.requests.map((r) => r.path).sort()).toEqual(['/list', '/p/1', '/p/2']);
    const cached = filesUnder(join(project.root, '.pricecrawl-httpcache'));
    expect(cached).toHaveLength(3);
    expect(SECRETS.filter((secret) => cached.some((file) => storedText(file).includes(secret)))).toEqual([]);
    // The bodies are really searched: storedText reads them from their base64.
    expect(cached.some((file) => storedText(file).includes('<span class="price">$19.99</span>'))).toBe(true);

    server.reset();
    const second = await cli(['crawl', 'keyed', '--cache', '-O', 'second.jsonl'], { cwd: project.root });
    expect(second.code, second.stderr).toBe(0);
    expect(server.requests).toEqual([]);
    const items = (name: string) => readFileSync(join(project.root, name), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { sku: string; url: string }).sort((a, b) => a.sku.localeCompare(b.sku));
    expect(items('second.jsonl').map(({ sku, url }) => [sku, url])).toEqual(items('first.jsonl').map(({ sku, url }) => [sku, url]));
  });
});
