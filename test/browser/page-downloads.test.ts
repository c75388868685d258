// Downloads a page starts by script: nothing it asks for is written to this machine's disk.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrawlRequest } from '../../src/core/request';
import { BrowserFetcher } from '../../src/fetch/browser-fetcher';
import { productItem } from '../../src/items/product-item';
import { settingsSchema } from '../../src/settings/schema';
import { FixtureServer } from '../support/fixture-server';

const defaults = settingsSchema.parse({}).browser;
const FILES = 3;
const FILE_BYTES = 4_000_000;
/**
 * FileSaver's way: an anchor that is in no document, clicked. Chromium starts such a download in its browser
 * process, past every route and DevTools interception (measured), so the page alone decides what it fetches.
 */
const DOWNLOADER = `<!doctype html><html lang="en-US"><head><title>Widget</title></head><body><h1>Widget</h1><p class="price">$9.99</p><script>
  for (let n = 0; n < ${FILES}; n++) { const a = document.createElement('a'); a.href = '/big?length=1&bytes=${FILE_BYTES}&n=' + n; a.download = 'price-list-' + n + '.bin'; a.click(); }
</script></body></html>`;

let server: FixtureServer;
let fetcher: BrowserFetcher;
let scratch: string;
const savedTmpdir = process.env.TMPDIR;

/** Bytes of the files under `dir` (links, such as Chromium's profile lock, are not files). */
function bytesUnder(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((sum, entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sum + bytesUnder(path);
    return sum + (entry.isFile() ? statSync(path).size : 0);
  }, 0);
}

/** What Playwright kept of the browser's downloads: its artifacts directories (Chromium's profile sits beside them). */
const downloadedBytes = (): number =>
  readdirSync(scratch)
    .filter((name) => name.startsWith('playwright-artifacts-'))
    .reduce((sum, name) => sum + bytesUnder(join(scratch, name)), 0);

beforeAll(async () => {
  // Playwright keeps a launched browser's downloads under os.tmpdir(), read at the launch: this test's own directory.
  scratch = mkdtempSync(join(tmpdir(), 'page-downloads-'));
  process.env.TMPDIR = scratch;
  server = await FixtureServer.start();
  server.route('/product', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(DOWNLOADER));
  fetcher = new BrowserFetcher({ ...defaults, timeoutMs: 30_000 });
});
afterAll(async () => {
  await fetcher.close();
  await server.close();
  process.env.TMPDIR = savedTmpdir;
  rmSync(scratch, { recursive: true, force: true });
});

describe('a page that starts downloads', () => {
  it('is read as a page, and what it downloads is never written to disk (before, every byte was, until the browser closed)', async () => {
    const res = await fetcher.fetch(new CrawlRequest({ url: server.url('/product') }));
    expect(productItem(res)?.price?.toString()).toBe('9.99');
    // Every download has reached the server and its answer is over (sent or cut): Chromium has had all it will get.
    await server.waitForRequests(1 + FILES);
    const downloads = server.requestsTo('/big');
    expect(downloads).toHaveLength(FILES);
    await Promise.all(downloads.map((record) => record.closed));
    expect(downloadedBytes()).toBe(0);
  });
});
