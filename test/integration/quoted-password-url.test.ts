// A page URL whose password holds a quote, which the URL parser keeps raw in user info: no log line, report or screen shows it.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesUnder } from '../support/files-under';
import { FixtureServer } from '../support/fixture-server';
import { cli } from '../support/run-cli';
import { tempStorageDir } from '../support/test-crawl';

/** Both halves are searched for: the report writes the quote as `&#39;`, which split the old masking's match. */
const PASSWORD = "qu0ted'Passw0rd-271";
const HALVES = PASSWORD.split("'");
const SPIDER = resolve(import.meta.dirname, '../support/spiders/catalog-spider.ts');

let server: FixtureServer;
const storage = tempStorageDir('quoted-password');

beforeAll(async () => {
  server = await FixtureServer.start({ builtInRoutes: false });
  server.route('/robots.txt', (_req, res) => void res.writeHead(404).end());
  // The page is gone: its URL, user info and all, is what the failure log line and the report's failures name.
  server.route('/gone', (_req, res) => void res.writeHead(404, { 'content-type': 'text/html' }).end('gone'));
});
afterAll(async () => {
  await server.close();
  storage.cleanup();
});

describe('a start URL whose password holds a quote', () => {
  it('is masked in the JSON log, the report and every screen; only the frontier keeps it to fetch with', async () => {
    expect(new URL(`http://u:${PASSWORD}@h/`).password).toBe(PASSWORD);
    const start = `http://buyer:${PASSWORD}@127.0.0.1:${server.port}/gone`;
    const report = join(storage.dir, 'report.html');
    const crawl = await cli(['crawl', SPIDER, '-a', `startUrls=${start}`, '--storage', storage.dir, '--report', report, '-s', 'log.format=json', '-s', 'log.level=debug']);
    expect(crawl.stderr).toContain(`"url":"http://***@127.0.0.1:${server.port}/gone"`);
    expect(readFileSync(report, 'utf8')).toContain(`http://***@127.0.0.1:${server.port}/gone`);
    const runs = await cli(['runs', '--json', '--storage', storage.dir]);
    const status = await cli(['status', '--storage', storage.dir]);

    const places: Array<[string, string]> = [
      ['crawl stdout', crawl.stdout],
      ['crawl stderr', crawl.stderr],
      ['runs', runs.stdout + runs.stderr],
      ['status', status.stdout + status.stderr],
      ...filesUnder(storage.dir)
        .filter((path) => !path.includes('frontier.sqlite'))
        .map((path): [string, string] => [path, readFileSync(path).toString('latin1')]),
    ];
    const leaks = places.flatMap(([where, text]) => HALVES.filter((half) => text.includes(half)).map((half) => `${half} in ${where}`));
    expect(leaks).toEqual([]);
  });
});
