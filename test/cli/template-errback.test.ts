// A new team's generated spiders (genspider's basic and sitemap templates, startproject's example) as written, crawled
// against a loopback shop where one product page is gone: the template's errback hears of the failed product.
// Before, no template named an errback, so a team learnt of the feature (and of where a fallback goes) only from the docs.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixtureServer } from '../support/fixture-server';
import { cli } from '../support/run-cli';
import { teamProject, type TeamProject } from '../support/team-project';

type Res = { writeHead(status: number, headers: Record<string, string>): { end(body: string): void } };
const page = (status: number, type: string, body: string) => (_req: unknown, res: Res) => void res.writeHead(status, { 'content-type': type }).end(body);

const PRODUCT = '<html lang="en"><body><h1>Drill</h1><span itemprop="sku">D-1</span><meta itemprop="price" content="19.99"><meta itemprop="priceCurrency" content="EUR"></body></html>';

/** The errback's log line for the gone product, from the crawl's JSON log. */
function failedProductLines(output: string): Array<Record<string, unknown>> {
  return output.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.msg === 'product page failed');
}

describe('the templates\' errback', { timeout: 180_000 }, () => {
  let server: FixtureServer;
  let project: TeamProject;
  beforeAll(async () => {
    server = await FixtureServer.start();
    const links = '<a class="product-link" href="/product/1">1</a><a class="product-link" href="/product/gone">gone</a>';
    server.route('/list', page(200, 'text/html', `<html><body>${links}</body></html>`));
    server.route('/products', page(200, 'text/html', `<html><body>${links.replaceAll('product-link', 'nw-card__link')}</body></html>`));
    server.route('/sitemap.xml', page(200, 'application/xml', `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${server.url('/product/1')}</loc></url><url><loc>${server.url('/product/gone')}</loc></url></urlset>`));
    server.route('/robots.txt', page(200, 'text/plain', `User-agent: *\nAllow: /\nSitemap: ${server.url('/sitemap.xml')}\n`));
    server.route('/product/1', page(200, 'text/html', PRODUCT));
    server.route('/product/gone', page(404, 'text/html', '<html><body>Not found</body></html>'));
    project = teamProject({ 'package.json': JSON.stringify({ name: 'team', private: true, type: 'module' }), 'pricecrawl.config.json': JSON.stringify({ project: { spiders: ['spiders'] } }) });
  });
  afterAll(async () => {
    project.cleanup();
    await server.close();
  });

  const crawl = (spider: string, ...args: string[]) => cli(['crawl', spider, ...args, '-s', 'politeness.minIntervalMs=0', '-s', 'politeness.jitterMs=0', '-s', 'log.format=json'], { cwd: project.root });

  it.each([
    ['basic', 'listing', '/list'],
    ['sitemap', 'map', '/'],
  ])('genspider --template %s: the gone product page reaches onProductFailed', async (template, name, start) => {
    const made = await cli(['genspider', name, server.url(start), '--template', template], { cwd: project.root });
    expect(made.code, made.stderr).toBe(0);
    const run = await crawl(name);
    expect(run.stdout).toContain('http/404: 1');
    expect(failedProductLines(run.stderr).map(({ url, reason, status }) => ({ url, reason, status }))).toEqual([{ url: server.url('/product/gone'), reason: 'http/404', status: 404 }]);
  });

  it('startproject\'s example spider: the same', async () => {
    const dir = join(project.root, 'fresh');
    expect((await cli(['startproject', dir], { cwd: project.root })).code).toBe(0);
    // As written, with its project's middleware, sink and extension; its pricecrawl is the one above it (this checkout).
    const run = await cli(['crawl', 'example', '-a', `baseUrl=${server.origin}`, '-s', 'politeness.minIntervalMs=0', '-s', 'politeness.jitterMs=0', '-s', 'log.format=json'], { cwd: dir });
    expect(run.stdout).toContain('http/404: 1');
    expect(failedProductLines(run.stderr).map(({ url, reason }) => ({ url, reason }))).toEqual([{ url: server.url('/product/gone'), reason: 'http/404' }]);
  });
});
