// Page reuse in real Chromium on loopback: a cleanly loaded page serves its context's next request; a taken, failed or parked page does not leak.
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { processTreePids } from '../../src/browser/process-tree';
import { CrawlRequest } from '../../src/core/request';
import type { CrawlResponse } from '../../src/core/response';
import { Stats } from '../../src/engine/stats';
import { BrowserFetcher, type BrowserSettings } from '../../src/fetch/browser-fetcher';
import { chromiumPidOf, rendererLimitArg } from '../../src/fetch/chromium-launch';
import { PAGE_REUSE_LIMIT } from '../../src/fetch/idle-pages';
import { PagePool } from '../../src/fetch/page-pool';
import { settingsSchema } from '../../src/settings/schema';
import { FixtureServer } from '../support/fixture-server';
import { trackedChromium } from '../support/tracked-chromium';

const defaults = settingsSchema.parse({}).browser;
const browserSettings = (overrides: Partial<BrowserSettings> = {}): BrowserSettings => ({ ...defaults, ...overrides });
// Moves itself when /go answers (the test lets it answer once the fetcher has let go of the page): what a polling script does.
const WANDERER = '<html><body><p id="here">here</p><script>fetch("/go").then(() => fetch("/ping")).catch(() => null).then(() => { location.href = "/elsewhere"; })</script></body></html>';
const held: Array<() => void> = [];

let server: FixtureServer;
const { launch, launched, closeAll } = trackedChromium();

beforeAll(async () => {
  server = await FixtureServer.start();
  server.route('/page/:n', (_req, res, { params }) => void res.writeHead(200, { 'content-type': 'text/html' }).end(`<p id="n">${params.n}</p>`));
  server.route('/wanderer', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(WANDERER));
  server.route('/go', (_req, res) => void held.push(() => res.writeHead(200, { 'content-type': 'text/plain' }).end('go')));
  server.route('/elsewhere', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>moved</p>'));
});
afterAll(async () => {
  await closeAll();
  await server.close();
});

/** SIGKILLs every renderer process of the browser, as the kernel's OOM killer would. */
function killRenderers(browserPid: number): void {
  for (const pid of processTreePids(browserPid)) {
    if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer')) process.kill(pid, 'SIGKILL');
  }
}

describe('PagePool page reuse', () => {
  it("hands a page released as reusable to its context's next lease, never to another context's, and closes it otherwise", async () => {
    const stats = new Stats();
    const pool = new PagePool({ launch, maxOpenPages: 2, pagesPerBrowser: 100, stats });
    const first = await pool.acquire({ key: 'a' });
    await first.page.goto(server.url('/page/1'));
    await first.release(true);
    expect(pool.stats).toMatchObject({ openPages: 0, idlePages: 1 });

    const again = await pool.acquire({ key: 'a' });
    expect(again.page).toBe(first.page);
    const other = await pool.acquire({ key: 'b' });
    expect(other.page).not.toBe(first.page);
    await other.release(true);
    await again.release(); // not reusable: closed
    expect(first.page.isClosed()).toBe(true);
    expect(stats.get('browser/pages/reused')).toBe(1);
    expect(pool.stats).toMatchObject({ openPages: 0, idlePages: 1 });
    await pool.close();
  }, 30_000);

  it('never hands out an idle page whose renderer crashed (a page ran it out of memory): it is closed, its context retired, and the lease gets a fresh page in a fresh context', async () => {
    const stats = new Stats();
    const pool = new PagePool({ launch, maxOpenPages: 2, pagesPerBrowser: 100, stats });
    const first = await pool.acquire({ key: 'a' });
    await first.page.goto(server.url('/page/1'));
    await first.release(true);
    // Same-site tabs share renderers: a page whose script exhausts memory takes its idle neighbours down with it.
    const crashed = first.page.waitForEvent('crash');
    killRenderers(chromiumPidOf(launched.at(-1)!)!);
    await crashed;

    // A new tab of the same context could be placed in a killed renderer Chromium had not yet seen die (it
    // reuses a context's renderers past --renderer-process-limit): it crashed as it opened and Playwright's
    // newPage never settled, so the lease hung until openTimeoutMs and then killed the whole browser as hung.
    // A renderer is only ever shared within one context: a fresh context's tab cannot land in a dead one.
    const next = await pool.acquire({ key: 'a' });
    expect(next.page).not.toBe(first.page);
    expect(next.page.context()).not.toBe(first.page.context());
    await next.page.goto(server.url('/page/2'));
    expect(await next.page.textContent('#n')).toBe('2');
    expect(first.page.isClosed()).toBe(true);
    expect(stats.get('browser/pages/reused')).toBe(0);
    expect(stats.get('browser/contexts/retired')).toBe(1);
    expect(stats.get('browser/retired/hung')).toBe(0);
    await next.release();
    await pool.close();
  }, 30_000);

  it('keeps leased and idle pages within maxOpenPages: a new page closes the oldest idle one', async () => {
    const pool = new PagePool({ launch, maxOpenPages: 2, pagesPerBrowser: 100 });
    const a = await pool.acquire({ key: 'a' });
    const b = await pool.acquire({ key: 'b' });
    await a.release(true);
    await b.release(true);
    const c = await pool.acquire({ key: 'c' });
    const d = await pool.acquire({ key: 'd' });
    await vi.waitFor(() => expect(a.page.isClosed() && b.page.isClosed()).toBe(true));
    expect(pool.stats).toMatchObject({ openPages: 2, idlePages: 0 });
    await Promise.all([c.release(), d.release()]);
    await pool.close();
  }, 30_000);

  it('closes a page after it served PAGE_REUSE_LIMIT (20) requests, so a renderer that grew with every document is replaced', async () => {
    const pool = new PagePool({ launch, maxOpenPages: 1, pagesPerBrowser: 100 });
    const first = await pool.acquire();
    await first.release(true);
    for (let n = 2; n <= PAGE_REUSE_LIMIT; n++) {
      const lease = await pool.acquire();
      expect(lease.page).toBe(first.page);
      await lease.release(true);
    }
    expect(first.page.isClosed()).toBe(true);
    const fresh = await pool.acquire();
    expect(fresh.page).not.toBe(first.page);
    await fresh.release();
    await pool.close();
  }, 60_000);
});

describe('BrowserFetcher page reuse', () => {
  it("serves the next request in the same page without the last request's listeners", async () => {
    const stats = new Stats();
    const fetcher = new BrowserFetcher(browserSettings({ maxOpenPages: 1 }), { stats });
    try {
      const sends = [0, 0];
      await fetcher.fetch(new CrawlRequest({ url: server.url('/page/1') }), { onSend: () => sends[0]++ });
      const res = await fetcher.fetch(new CrawlRequest({ url: server.url('/page/2') }), { onSend: () => sends[1]++ });
      expect(res.$('#n').text()).toBe('2');
      expect(stats.get('browser/pages/reused')).toBe(1);
      // The first request's send hook heard only its own navigation.
      expect(sends).toEqual([1, 1]);
    } finally {
      await fetcher.close();
    }
  }, 30_000);

  it('closes a page the callback took, and revokes res.page once the callback ended', async () => {
    const stats = new Stats();
    const fetcher = new BrowserFetcher(browserSettings({ maxOpenPages: 1 }), { stats });
    try {
      const fetchRetained = async (path: string) => {
        let release: () => Promise<void> = async () => undefined;
        const res: CrawlResponse = await fetcher.fetch(new CrawlRequest({ url: server.url(path) }), { retain: (r) => void (release = r) });
        return { res, release: () => release() };
      };
      const untouched = await fetchRetained('/page/1');
      await untouched.release();
      // A callback still running after its end (timed out) gets no page: the page now serves others.
      expect(() => untouched.res.page).toThrow(expect.objectContaining({ code: 'NO_PAGE' }));

      const taken = await fetchRetained('/page/2');
      expect(stats.get('browser/pages/reused')).toBe(1);
      const page = taken.res.page;
      await taken.release();
      expect(page.isClosed()).toBe(true);

      await fetchRetained('/page/3').then((next) => next.release());
      expect(stats.get('browser/pages/reused')).toBe(1);
    } finally {
      await fetcher.close();
    }
  }, 30_000);

  it('sends a kept page to about:blank: a script left running there can no longer fetch or navigate', async () => {
    const stats = new Stats();
    const fetcher = new BrowserFetcher(browserSettings({ maxOpenPages: 1 }), { stats });
    try {
      const res = await fetcher.fetch(new CrawlRequest({ url: server.url('/wanderer') }));
      expect(res.$('#here').text()).toBe('here');
      await vi.waitFor(() => expect(held).toHaveLength(1));
      // The tab serves the next request; only then does the wanderer's /go answer, to a document that is gone.
      const next = await fetcher.fetch(new CrawlRequest({ url: server.url('/page/4') }));
      expect(next.$('#n').text()).toBe('4');
      held.shift()?.();
      const last = await fetcher.fetch(new CrawlRequest({ url: server.url('/page/5') }));
      expect(last.$('#n').text()).toBe('5');
      expect(server.requestsTo('/ping')).toHaveLength(0);
      expect(server.requestsTo('/elsewhere')).toHaveLength(0);
      expect(stats.get('browser/pages/reused')).toBe(2);
    } finally {
      await fetcher.close();
    }
  }, 30_000);
});

describe('renderer processes', () => {
  it('are limited to one per core (at least 2), on the command line of every launch', async () => {
    expect(rendererLimitArg(1)).toBe('--renderer-process-limit=2');
    expect(rendererLimitArg(8)).toBe('--renderer-process-limit=8');
    const browser = await launch();
    const args = readFileSync(`/proc/${chromiumPidOf(browser)}/cmdline`, 'utf8').split('\0');
    expect(args).toContain(`--renderer-process-limit=${Math.max(2, availableParallelism())}`);
  }, 30_000);
});
