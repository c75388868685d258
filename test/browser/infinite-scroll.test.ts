// scrollToEnd in real Chromium against a feed that loads on scroll: all items then the end, a looping cursor, the cap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { scrollToEnd } from '../../src/browser/infinite-scroll';
import { launchChromium } from '../../src/fetch/chromium-launch';
import { FixtureServer } from '../support/fixture-server';

const PAGE_SIZE = 5;
const FINITE_TOTAL = 23;

/** Loads the next page of the feed when scrolled to the bottom; keeps the token on <body data-next-cursor>. */
const FEED_PAGE = `<!doctype html><html><head><style>li{height:90px}</style></head><body><ul id="feed"></ul><script>
const mode = new URLSearchParams(location.search).get('mode');
// A page whose arrays never take an element (a hostile or broken script): no code run in its world may need them.
if (new URLSearchParams(location.search).has('tamper')) Array.prototype.push = function () { for (;;); };
let next = '', loading = false;
async function loadMore() {
  if (loading || next === null) return;
  loading = true;
  const data = await (await fetch('/feed?mode=' + mode + '&cursor=' + encodeURIComponent(next))).json();
  for (const id of data.items) document.getElementById('feed').insertAdjacentHTML('beforeend', '<li><a class="item" href="/i/' + id + '">' + id + '</a></li>');
  next = data.nextCursor;
  document.body.dataset.nextCursor = next === null ? '' : next;
  loading = false;
}
addEventListener('scroll', () => { if (innerHeight + scrollY >= document.body.scrollHeight - 100) loadMore(); });
loadMore();
</script></body></html>`;

let server: FixtureServer;
let browser: Browser;
let repeatCalls = 0;

beforeAll(async () => {
  server = await FixtureServer.start({ builtInRoutes: false });
  server.route('/list', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(FEED_PAGE));
  server.route('/feed', (_req, res, { url }) => {
    const mode = url.searchParams.get('mode');
    const cursor = url.searchParams.get('cursor') ?? '';
    // finite: 23 items then null; endless: fresh items and cursors forever; repeat: fresh items, the same cursor.
    const offset = mode === 'repeat' ? PAGE_SIZE * repeatCalls++ : Number(cursor.replace('o:', '') || 0);
    const end = mode === 'finite' ? Math.min(FINITE_TOTAL, offset + PAGE_SIZE) : offset + PAGE_SIZE;
    const items = Array.from({ length: end - offset }, (_, i) => `${mode}-${offset + i}`);
    const nextCursor = mode === 'repeat' ? 'again' : mode === 'finite' && end >= FINITE_TOTAL ? null : `o:${end}`;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ items, nextCursor }));
  });
  browser = await launchChromium('/usr/bin/chromium');
});
afterAll(async () => {
  await browser.close();
  await server.close();
});

const readCursor = (page: import('playwright-core').Page) => page.getAttribute('body', 'data-next-cursor') as Promise<string | null | undefined>;

async function scroll(mode: string, options: { maxSteps?: number; useCursor?: boolean; tamper?: boolean }) {
  const page = await browser.newPage();
  try {
    await page.goto(server.url(`/list?mode=${mode}${options.tamper ? '&tamper' : ''}`));
    return await scrollToEnd(page, { itemSelector: 'a.item', settleCapMs: 1_000, maxSteps: options.maxSteps, readCursor: options.useCursor === false ? undefined : readCursor });
  } finally {
    await page.close();
  }
}

describe('scrollToEnd in Chromium', () => {
  it('collects exactly all items of a finite feed and stops at its end, without a wasted wait', async () => {
    const before = server.requests.filter((r) => r.path === '/feed').length;
    const result = await scroll('finite', {});
    expect(result.items).toEqual(Array.from({ length: FINITE_TOTAL }, (_, i) => `/i/finite-${i}`));
    expect(result).toMatchObject({ steps: 5, reason: 'pagination/end' });
    expect(server.requests.filter((r) => r.path === '/feed').length - before).toBe(5);
  }, 30_000);

  it('without a cursor, stops after the first scroll that brings nothing new', async () => {
    const result = await scroll('finite', { useCursor: false });
    expect(result.items).toHaveLength(FINITE_TOTAL);
    expect(result).toMatchObject({ steps: 6, reason: 'pagination/no-new-items' });
  }, 30_000);

  it('stops when the feed hands back the same cursor, and at the cap on an endless feed', async () => {
    expect(await scroll('repeat', {})).toMatchObject({ steps: 2, reason: 'pagination/cursor-repeated' });
    const endless = await scroll('endless', { maxSteps: 4 });
    expect(endless).toMatchObject({ steps: 4, reason: 'pagination/cap' });
    expect(endless.items).toHaveLength(4 * PAGE_SIZE);
  }, 30_000);

  it('scrolls a feed whose page replaced built-ins to its end', async () => {
    // Before, the item reads and waits ran Playwright's script in the page's own world, on its Array.prototype.push:
    // the renderer hung and the scroll never returned (the callback waited for the page's deadline).
    const result = await scroll('finite', { tamper: true });
    expect(result.items).toEqual(Array.from({ length: FINITE_TOTAL }, (_, i) => `/i/finite-${i}`));
    expect(result).toMatchObject({ reason: 'pagination/end' });
  }, 30_000);
});
