// A project middleware that recognises a soft block the block rules cannot express says so with
// `response.markBlocked(rule)`: the session that got it is retired and the retry goes on a fresh one.
// Before, a middleware could only return a retry, which went out on the same session (the same flagged
// cookie) and met the same block on every send.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixtureServer } from '../support/fixture-server';
import { cli } from '../support/run-cli';
import { shopProject } from '../support/shop-project';
import type { TeamProject } from '../support/team-project';

/** The shop's soft block: a 200 whose only sign is an attribute, no status and no text a rule would know. */
const SOFT_BLOCK = `
export default {
  processResponse(request, response) {
    if (response.text.includes('data-soft-block')) response.markBlocked('team/soft-block');
    return { type: 'accept', response };
  },
};
`;

describe('a middleware marks a soft block', { timeout: 120_000 }, () => {
  let server: FixtureServer;
  let project: TeamProject;
  beforeAll(async () => {
    server = await FixtureServer.start();
    // The listing flags the session it serves; a flagged session gets the soft block on product pages.
    server.route('/list', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html', 'set-cookie': 'sid=flagged; Path=/' }).end('<a href="/p/1">1</a>'));
    server.route('/p/:n', (req, res) => {
      const flagged = (req.headers.cookie ?? '').includes('sid=flagged');
      void res.writeHead(200, { 'content-type': 'text/html' }).end(flagged ? '<div data-soft-block="1">one moment</div>' : '<span class="price">$19.99</span>');
    });
    project = shopProject(
      server,
      {
        middlewares: { add: { 'soft-block': { module: './middlewares/soft-block.mjs' } } },
        sessions: { maxPoolSizePerHost: 1 },
        retry: { backoffBaseMs: 1, backoffCapMs: 1 },
      },
      { 'middlewares/soft-block.mjs': SOFT_BLOCK },
    );
  });
  afterAll(async () => {
    project.cleanup();
    await server.close();
  });

  it('retires the session that got it and stores the page the fresh session gets', async () => {
    const out = join(project.root, 'out.jsonl');
    const run = await cli(['crawl', 'shop', '-O', out, '-s', 'log.format=json'], { cwd: project.root });
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stderr.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.find((line) => line.msg === 'block page detected')).toMatchObject({ rule: 'team/soft-block', url: server.url('/p/1') });
    expect(lines.find((line) => line.msg === 'session retired')).toMatchObject({ reason: 'block', rule: 'team/soft-block' });
    const sends = server.requests.filter((r) => r.path === '/p/1');
    expect(sends.map((r) => (r.headers.cookie ?? '').includes('sid=flagged'))).toEqual([true, false]);
    const items = readFileSync(out, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { sku: string; price: string });
    expect(items.map((item) => [item.sku, item.price])).toEqual([['/p/1', '19.99']]);
  });
});
