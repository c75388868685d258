// A robots.txt whose lines carry terminal escapes and bidi overrides: nothing a command prints about it (log, summary, status, fetch) passes them to the terminal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { FixtureServer } from '../support/fixture-server';
import { cli } from '../support/run-cli';
import { tempStorageDir } from '../support/test-crawl';

const SPIDER = resolve(import.meta.dirname, '../support/spiders/catalog-spider.ts');
/** ESC sequences (a title set, a screen clear, blink, hidden text, a cursor move), BEL, a C1 CSI and a right-to-left override, in every kind of line. */
const ROBOTS = [
  'User-agent: *\x1b]0;pwned\x07',
  'Disallow: /private\x1b[2J',
  'Disalow: /typo\u202e',
  'Crawl-delay: 0\x1b[5m',
  'Sitemap: http://127.0.0.1/s.xml\x9b31m',
  'X-Whatever\x1b[8m: hidden',
  'Allow /no-colon\x1b[1A',
].join('\n');
/** The file's own sequences: a pretty log's colours are ours (pino-pretty's), these are the file's. */
const HOSTILE = /\x1b\]0;|\x1b\[(?:2J|5m|8m|1A)|[\x07\x9b\u202e]/;

let server: FixtureServer;
const storage = tempStorageDir('robots-terminal');

beforeAll(async () => {
  server = await FixtureServer.start({ builtInRoutes: false });
  server.route('/robots.txt', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end(ROBOTS));
  server.route('/list', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<a class="product" href="/private/p">p</a><a class="product" href="/typo/p">q</a>'));
});
afterAll(async () => {
  await server.close();
  storage.cleanup();
});

describe('robots.txt lines with terminal escapes', () => {
  it('a crawl\'s pretty and JSON logs, its summary, status and fetch of the file print none of them', async () => {
    const outputs: string[] = [];
    for (const format of ['pretty', 'json']) {
      const run = await cli(['crawl', SPIDER, '-a', `startUrls=${server.url('/list')}`, '--storage', storage.dir, '-s', `log.format=${format}`, '-s', 'log.level=debug', '-s', 'politeness.minIntervalMs=0']);
      outputs.push(run.stdout, run.stderr);
    }
    const status = await cli(['status', '--storage', storage.dir]);
    const fetched = await cli(['fetch', server.url('/robots.txt')]);
    const html = await cli(['fetch', '--html', server.url('/robots.txt')]);
    outputs.push(status.stdout, status.stderr, fetched.stdout, fetched.stderr, html.stdout, html.stderr);
    expect(html.stdout).toContain('Disallow: /private');
    const around = (text: string) => text.slice(Math.max(0, text.search(HOSTILE) - 120), text.search(HOSTILE) + 20);
    expect(outputs.flatMap((text, i) => (HOSTILE.test(text) ? [`${i}: ${JSON.stringify(around(text))}`] : []))).toEqual([]);
  }, 120_000);
});
