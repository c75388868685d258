// Log lines carry what servers sent (a Location header in an error): a crawl's log reaches the terminal without a control character the server chose.
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixtureServer } from '../support/fixture-server';
import { cli } from '../support/run-cli';
import { tempStorageDir } from '../support/test-crawl';

const SPIDER = resolve(import.meta.dirname, '../support/spiders/tree-spider.ts');
/** A Location no URL parser accepts (a space in the host), so the error quotes it whole: C1 CSIs (U+009B, the byte 0x9b on the wire) that clear the screen and colour. */
const LOCATION = 'http://bad host\u009b2J\u009b31mEVIL/';
/** Anything a terminal acts on: C0 but tab and newline, DEL, C1, bidi controls. */
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;
/** pino-pretty's own colours, the only escape sequences a pretty log may hold. */
const SGR = /\x1b\[[0-9;]*m/g;

let server: FixtureServer;
const storage = tempStorageDir('log-injection');

beforeAll(async () => {
  server = await FixtureServer.start({ builtInRoutes: false });
  server.route('/moved', (_req, res) => void res.writeHead(302, { location: LOCATION, 'content-length': '0' }).end());
});
afterAll(async () => {
  await server.close();
  storage.cleanup();
});

function crawl(format: 'pretty' | 'json', dir: string) {
  return cli(['crawl', SPIDER, '-a', `startUrls=${server.url('/moved')}`, '--storage', dir, '-s', `log.format=${format}`, '-s', 'robots.obey=false']);
}

describe('a crawl whose server sends control characters in a header that ends up in a log line', () => {
  it('pretty logs show them as visible escapes, never raw', async () => {
    const run = await crawl('pretty', `${storage.dir}/pretty`);
    expect(run.stderr).toContain('fetch/bad-redirect');
    expect(run.stderr.replace(SGR, '')).not.toMatch(CONTROL);
    expect(run.stderr).toContain('\\u009b2J');
  });

  it('JSON logs escape them, and each line still holds the exact value', async () => {
    const run = await crawl('json', `${storage.dir}/json`);
    expect(run.stderr).not.toMatch(CONTROL);
    const failed = run.stderr.trim().split('\n').map((line) => JSON.parse(line) as { msg: string; detail?: string }).find((entry) => entry.msg === 'request failed');
    expect(failed?.detail).toContain(LOCATION);
  });
});
