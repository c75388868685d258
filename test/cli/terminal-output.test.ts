// `fetch`, `changes` and `shell` against a server serving hostile bytes: no escape sequence or control character reaches the terminal.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrawlResponse } from '../../src/core/response';
import { Spider, type SpiderOutput } from '../../src/core/spider';
import { terminalSafe, terminalSafeJson } from '../../src/cli/terminal-text';
import { progressBlock } from '../../src/app/crawl/progress-view';
import { canonicalSku } from '../../src/pipeline/canonical-sku';
import type { CrawlSnapshot } from '../../src/events/crawl-snapshot';
import { FixtureServer } from '../support/fixture-server';
import { cli } from '../support/run-cli';
import { onTerminal } from '../support/run-on-terminal';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

/** A title that sets the window title (OSC), clears the screen (CSI), colours, returns the carriage, uses a C1 CSI and a bidi override. */
const HOSTILE = 'Deal \x1b]0;owned\x07\x1b[2J\x1b[31mred\x1b[0m\r\u009b31mX \u202egnp.exe \x1bP1$r\x1b\\end';
const SHOWN = 'Deal redX gnp.exe end';
const BINARY = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x1b, 0x5b, 0x32, 0x4a, 0x07, 0x9b, 0x0d, 0xff]);
/** Anything a terminal acts on: C0 but tab and newline, DEL, C1 (as characters or raw bytes), bidi controls. */
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;

let server: FixtureServer;
let price = '10.00';
const storage = tempStorageDir('terminal');
const rawStorage = tempStorageDir('terminal-raw');
const CATALOG_SPIDER = new URL('../support/spiders/catalog-spider.ts', import.meta.url).pathname;
/** What a terminal acts on, as it arrives through a pseudo-terminal (whose line discipline adds CRs of its own). */
const LIVE = /[\x1b\x07\x9b\u202a-\u202e\u2066-\u2069]/;

class HostileSkuSpider extends Spider {
  readonly name: string = 'hostile-sku';
  constructor(private readonly url: string) {
    super();
  }
  override async *start(): AsyncIterable<SpiderOutput> {
    yield this.request(this.url, 'parse');
  }
  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    yield { sku: res.$('h1').text(), price: res.$('.price').text(), currency: 'USD', url: res.url, availability: res.$('.stock').text() };
  }
}

beforeAll(async () => {
  server = await FixtureServer.start({ builtInRoutes: false });
  const page = () => `<html><head><title>${HOSTILE}</title></head><body><h1>${HOSTILE}</h1><p class="price">${price}</p><p class="stock">in\x1b[8m stock</p></body></html>`;
  server.route('/hostile', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page()));
  server.route('/binary', (_req, res) => void res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(BINARY));
  server.route('/product', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<main data-sku="${HOSTILE}"><span class="price">$1.00</span></main>`));
  // Written raw: Node's server refuses such a header; bytes 0x80–0xff are legal in a header value and read as C1 controls.
  server.route('/bad-location', (req) => void req.socket.end(Buffer.from('HTTP/1.1 302 Found\r\nLocation: http://[x\x9b2J\xe2\x80\xae\r\nContent-Length: 0\r\nConnection: close\r\n\r\n', 'latin1')));
  server.route('/binary-as-text', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end(BINARY));
  // Text that runs over lines where the digest shows one line: the page's own 'headers:' section and a header.
  const FORGED = '\n\nheaders:\n  x-verified-by: pricecrawl\n';
  server.route('/forged-title', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(`<title>Deal${FORGED}</title><p>x</p>`));
  server.route('/forged-text', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end(`plain${FORGED}`));
});
afterAll(async () => {
  await server.close();
  storage.cleanup();
  rawStorage.cleanup();
});

describe('terminalSafe', () => {
  it('removes whole escape sequences and control characters, keeping tabs, newlines and the visible text', () => {
    expect(terminalSafe(HOSTILE)).toBe(SHOWN);
    expect(terminalSafe('a\tb\nc\x00d\x7fe\u0085f')).toBe('a\tb\ncdef');
    expect(terminalSafe('plain — ünïcödé 9,99 €')).toBe('plain — ünïcödé 9,99 €');
  });

  it('keeps a JSON line the same value while escaping what JSON.stringify leaves raw', () => {
    const json = JSON.stringify({ sku: HOSTILE });
    const safe = terminalSafeJson(json);
    expect(safe).not.toMatch(CONTROL);
    expect(JSON.parse(safe)).toEqual({ sku: HOSTILE });
    // The line and paragraph separators too: log shippers and Python readers end a line there.
    expect(terminalSafeJson(JSON.stringify({ name: 'a\u2028b\u2029c' }))).toBe('{"name":"a\\u2028b\\u2029c"}');
  });
});

describe('commands that print scraped text', () => {
  it('`fetch` prints the digest of a hostile page with no escape sequence in it', async () => {
    const run = await cli(['fetch', server.url('/hostile')]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`title: ${SHOWN}`);
    expect(run.stdout).not.toMatch(CONTROL);
  });

  it('`fetch` keeps a title and a body preview that run over lines on their one line: the page cannot print lines of the digest', async () => {
    for (const path of ['/forged-title', '/forged-text']) {
      const run = await cli(['fetch', server.url(path)]);
      const lines = run.stdout.split('\n');
      expect(lines.filter((line) => line === 'headers:'), path).toHaveLength(1);
      expect(lines.filter((line) => line.trim().startsWith('x-verified-by')), path).toEqual([]);
    }
  });

  it('`fetch --html` prints the page without its escape sequences', async () => {
    const run = await cli(['fetch', server.url('/hostile'), '--html']);
    expect(run.stdout).toContain(`<h1>${SHOWN}</h1>`);
    expect(run.stdout).not.toMatch(CONTROL);
  });

  it('`fetch` of a binary body prints its size and sha256, never its bytes, also when it claims to be text', async () => {
    const sha256 = createHash('sha256').update(BINARY).digest('hex');
    for (const args of [[server.url('/binary-as-text')], [server.url('/binary'), '--html']]) {
      const run = await cli(['fetch', ...args]);
      expect(run.stdout).toContain(`binary, ${BINARY.length} bytes, sha256 ${sha256}`);
      expect(run.stdout).not.toMatch(CONTROL);
    }
  });

  it('`changes` shows a SKU and availability scraped with escape sequences as plain text, and its JSON keeps the exact value', async () => {
    const spider = () => new HostileSkuSpider(server.url('/hostile'));
    const settings = { politeness: { minIntervalMs: 0, jitterMs: 0 }, robots: { obey: false } };
    await crawlInProcess(spider(), storage.dir, settings);
    price = '12.50';
    await crawlInProcess(spider(), storage.dir, settings);

    const table = await cli(['changes', '--storage', storage.dir]);
    expect(table.code).toBe(0);
    expect(table.stdout).toContain(terminalSafe(canonicalSku(HOSTILE)));
    expect(table.stdout).toContain('12.50 USD');
    expect(table.stdout).not.toMatch(CONTROL);

    const json = await cli(['changes', '--storage', storage.dir, '--json']);
    expect(json.stdout).not.toMatch(CONTROL);
    const [change] = json.stdout.trim().split('\n').map((line) => JSON.parse(line) as { sku: string });
    // The SKU as stored: its controls and bidi override are no part of a product's identity (canonical-sku.ts).
    expect(change.sku).toBe(canonicalSku(HOSTILE));
  });

  it('`runs` prints a spider name with escape sequences as plain text on its row, and its JSON keeps the exact value', async () => {
    const named = tempStorageDir('terminal-runs');
    try {
      class HostileNameSpider extends HostileSkuSpider {
        override readonly name: string = `shop ${HOSTILE}\nfake row`;
      }
      await crawlInProcess(new HostileNameSpider(server.url('/hostile')), named.dir, { politeness: { minIntervalMs: 0, jitterMs: 0 }, robots: { obey: false } });
      const table = await cli(['runs', '--storage', named.dir]);
      expect(table.code).toBe(0);
      expect(table.stdout).toContain(`shop ${SHOWN} fake row`);
      expect(table.stdout).not.toMatch(CONTROL);
      // The header and one row: the newline in the name began no row of its own.
      expect(table.stdout.trim().split('\n')).toHaveLength(2);
      const json = await cli(['runs', '--storage', named.dir, '--json']);
      expect(json.stdout).not.toMatch(CONTROL);
      expect((JSON.parse(json.stdout.trim()) as { spider: string }).spider).toBe(`shop ${HOSTILE}\nfake row`);
    } finally {
      named.cleanup();
    }
  });

  it('`status` prints a spider name with escape sequences as plain text, its JSON keeps the exact value, and the live block keeps it on one line', async () => {
    const named = tempStorageDir('terminal-status');
    try {
      class HostileNameSpider extends HostileSkuSpider {
        override readonly name: string = `shop ${HOSTILE}\nfake line`;
      }
      await crawlInProcess(new HostileNameSpider(server.url('/hostile')), named.dir, { politeness: { minIntervalMs: 0, jitterMs: 0 }, robots: { obey: false } });
      const table = await cli(['status', '--storage', named.dir]);
      expect(table.code, table.stderr).toBe(0);
      // Before: the name's newline began a line of its own in `status` (as `runs` and the live block had kept it on theirs).
      expect(table.stdout).toContain(`of spider shop ${SHOWN} fake line: finished`);
      expect(table.stdout).not.toMatch(CONTROL);
      const json = await cli(['status', '--storage', named.dir, '--json']);
      expect(json.stdout).not.toMatch(CONTROL);
      expect((JSON.parse(json.stdout) as { meta: { spider: string } }).meta.spider).toBe(`shop ${HOSTILE}\nfake line`);
      // The live block redraws by moving up as many lines as it drew: the name must not add one.
      const snap = { atMs: 0, elapsedMs: 1000, pages: 1, items: 1, queued: 0, inFlight: 0, failed: 0, hosts: [] } as unknown as CrawlSnapshot;
      const block = progressBlock([{ spider: `shop ${HOSTILE}\nfake line`, snap }]);
      expect(block).toHaveLength(1);
      expect(block[0]).toMatch(new RegExp(`^shop ${SHOWN} fake line  elapsed`));
      expect(block[0]).not.toMatch(CONTROL);
    } finally {
      named.cleanup();
    }
  });

  it('`shell` shows what the user evaluates on a hostile page without escape sequences', async () => {
    const run = await cli(['shell', server.url('/hostile')], { input: "res.$('title').text()\n" });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Deal');
    expect(run.stdout).not.toMatch(CONTROL);
  });

  it('an error quoting what the server sent (an invalid Location) reaches the terminal without its control characters', async () => {
    const run = await cli(['fetch', server.url('/bad-location')]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('has an invalid Location "http://[x');
    expect(run.stderr).not.toMatch(CONTROL);
  });

  it('`parse` prints the items a hostile page gave with every control escaped, the same values', async () => {
    const run = await cli(['parse', server.url('/product'), '--spider', CATALOG_SPIDER, '-c', 'parseProduct', '-s', 'robots.obey=false']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).not.toMatch(CONTROL);
    const item = JSON.parse(run.stdout.split('\n').find((text) => text.includes('"sku"'))!.trim()) as { sku: string };
    expect(item.sku).toBe(canonicalSku(HOSTILE));
  });

  it('`raw` shows a stored page on a terminal without its escape sequences, and writes the exact bytes to a pipe', async () => {
    const { items } = await crawlInProcess(new HostileSkuSpider(server.url('/hostile')), rawStorage.dir, { politeness: { minIntervalMs: 0, jitterMs: 0 }, robots: { obey: false } });
    const hash = items[0].rawHash;
    const screen = await onTerminal(['raw', hash, '--storage', rawStorage.dir]);
    expect(screen.code).toBe(0);
    expect(screen.screen).toContain(`<h1>${SHOWN}</h1>`);
    expect(screen.screen).not.toMatch(LIVE);
    const piped = await cli(['raw', hash, '--storage', rawStorage.dir]);
    expect(createHash('sha256').update(piped.stdout).digest('hex')).toBe(hash);
  });
});
