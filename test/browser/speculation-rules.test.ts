// Real Chromium: a shop page's speculation rules must not make the browser fetch pages past our routes (robots.txt, host slots, allowed hosts).
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CrawlRequest } from '../../src/core/request';
import { isAllowedUrl } from '../../src/downloader/offsite-rules';
import { BrowserFetcher } from '../../src/fetch/browser-fetcher';
import { settingsSchema } from '../../src/settings/schema';
import { FixtureServer } from '../support/fixture-server';

const HTML = { 'content-type': 'text/html' };
const html = (head: string, body: string) => `<!doctype html><html><head><title>rules</title>${head}</head><body>${body}</body></html>`;
const rules = (value: object) => `<script type="speculationrules">${JSON.stringify(value)}</script>`;

let site: FixtureServer;
let elsewhere: FixtureServer;
let fetcher: BrowserFetcher;
let releases: Array<() => Promise<void>> = [];
/** Resolves with the path of the first speculative request either server gets (reset per test). */
let speculated: Promise<string>;
let heard: (path: string) => void = () => undefined;

function listen(): void {
  speculated = new Promise((resolve) => (heard = resolve));
}

beforeAll(async () => {
  site = await FixtureServer.start();
  elsewhere = await FixtureServer.start();
  const inline = html(
    rules({ prefetch: [{ source: 'list', urls: ['/private/list', elsewhere.url('/offsite')] }], prerender: [{ source: 'list', urls: ['/private/prerender'] }] }),
    `<p id="price">9.99</p><a href="/private/linked">more</a>
     ${rules({ prefetch: [{ where: { href_matches: '/*' }, eagerness: 'immediate' }] })}
     <script>const s = document.createElement('script'); s.type = 'speculationrules';
       s.textContent = ${JSON.stringify(JSON.stringify({ prefetch: [{ source: 'list', urls: ['/private/inserted'] }] }))};
       document.head.append(s);</script>`,
  );
  site.route('/inline', (_req, res) => void res.writeHead(200, HTML).end(inline));
  site.route('/header', (_req, res) => void res.writeHead(200, { ...HTML, 'speculation-rules': '"/rules.json"' }).end(html('', '<p id="price">9.99</p>')));
  site.route('/rules.json', (_req, res) => {
    heard('/rules.json');
    res.writeHead(200, { 'content-type': 'application/speculationrules+json' }).end(JSON.stringify({ prefetch: [{ source: 'list', urls: ['/private/header'] }] }));
  });
  site.route('/private/:page', (req, res) => {
    heard(req.url ?? '');
    res.writeHead(200, HTML).end(html('', 'private'));
  });
  site.route('/ping', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end('pong'));
  elsewhere.route('/offsite', (req, res) => {
    heard(`elsewhere ${req.url}`);
    res.writeHead(200, HTML).end(html('', 'elsewhere'));
  });
  fetcher = new BrowserFetcher({ ...settingsSchema.parse({}).browser, timeoutMs: 15_000 }, {});
});
afterEach(async () => {
  await Promise.all(releases.map((release) => release()));
  releases = [];
  site.reset();
  elsewhere.reset();
});
afterAll(async () => {
  await fetcher.close();
  await Promise.all([site.close(), elsewhere.close()]);
});

async function load(path: string): Promise<Page> {
  const allowsUrl = (url: string) => isAllowedUrl(url, [site.hostKey]);
  const res = await fetcher.fetch(new CrawlRequest({ url: site.url(path) }), { allowsUrl, retain: (release) => releases.push(release) });
  return res.page!;
}

/** After the page loaded, one request of its own: speculative loads start as the rules are read, well before it. */
async function pinged(page: Page): Promise<string> {
  await page.evaluate(`fetch('/ping').then((r) => r.text())`);
  return 'pinged';
}

const speculative = () => [...site.requests, ...elsewhere.requests].filter((r) => r.path.startsWith('/private') || r.path === '/offsite' || r.path === '/rules.json');

describe('speculation rules in a browser fetch', () => {
  it('prefetches and prerenders nothing an inline rule set names, parsed or inserted by a script', async () => {
    listen();
    const page = await load('/inline');
    // Before, /private/list, /private/linked, /private/prerender, /private/inserted and the other host were fetched (Sec-Purpose: prefetch).
    expect(await Promise.race([speculated, pinged(page)])).toBe('pinged');
    expect(await page.evaluate(`document.querySelectorAll('script[type=speculationrules]').length`)).toBe(0);
    expect(await page.textContent('#price')).toBe('9.99');
    expect(speculative()).toEqual([]);
  });

  it('does not fetch the rules file a Speculation-Rules header names, nor what it lists', async () => {
    listen();
    const page = await load('/header');
    // Before, Chromium fetched /rules.json as the document committed, then prefetched /private/header.
    expect(await Promise.race([speculated, pinged(page)])).toBe('pinged');
    expect(speculative()).toEqual([]);
  });
});
