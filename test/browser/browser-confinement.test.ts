// Real Chromium, two loopback origins: a page on the allowed one tries every way out; nothing reaches the other.
import { createSocket, type Socket } from 'node:dgram';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FetchError } from '../../src/core/errors';
import { CrawlRequest } from '../../src/core/request';
import { reasonForError } from '../../src/downloader/downloader-chain';
import { isAllowedUrl } from '../../src/downloader/offsite-rules';
import { Stats } from '../../src/engine/stats';
import { BrowserFetcher, type BrowserSettings } from '../../src/fetch/browser-fetcher';
import { settingsSchema } from '../../src/settings/schema';
import { FixtureServer } from '../support/fixture-server';
import { startRecordingProxy } from '../support/recording-proxy';

const defaults = settingsSchema.parse({}).browser;
const html = (body: string) => `<!doctype html><html><head><title>onsite</title></head><body>${body}</body></html>`;

let site: FixtureServer;
let elsewhere: FixtureServer;
const fetchers: BrowserFetcher[] = [];
let releases: Array<() => Promise<void>> = [];

beforeAll(async () => {
  site = await FixtureServer.start();
  elsewhere = await FixtureServer.start();
  elsewhere.route('/', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(html('<p id="elsewhere">1.00</p>')));
  elsewhere.route('/data', (_req, res) => void res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' }).end('{"price":"1.00"}'));
  site.route('/shop', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(html('<p id="price">9.99</p>')));
  site.route('/to-elsewhere', (_req, res) => void res.writeHead(302, { location: elsewhere.url('/') }).end());
  site.route('/worker.js', (_req, res) => void res.writeHead(200, { 'content-type': 'text/javascript' }).end(LEAVING_WORKER));
  site.route('/on-load/:how', (_req, res, { params }) => void res.writeHead(200, { 'content-type': 'text/html' }).end(onLoadEscape(params.how)));
});
afterEach(async () => {
  await Promise.all(releases.map((release) => release()));
  releases = [];
  elsewhere.reset();
});
afterAll(async () => {
  await Promise.all(fetchers.map((fetcher) => fetcher.close()));
  await Promise.all([site.close(), elsewhere.close()]);
});

/** A shared worker that answers the page that made it and, asked to, reaches the other host by a WebSocket and a fetch. */
const LEAVING_WORKER = `const answer = (port) => {
  port.postMessage('ran');
  if (!location.search.includes('leave')) return;
  new WebSocket(self.name.replace(/^http/, 'ws') + 'socket');
  fetch(self.name).catch(() => undefined);
};
self.onconnect = (event) => answer(event.ports[0]);`;

/** Pages that leave as soon as they are parsed, the way a hostile shop page would. */
function onLoadEscape(how: string): string {
  const target = elsewhere.url('/');
  if (how === 'frame-redirect') return html(`<p id="price">9.99</p><iframe src="/to-elsewhere"></iframe><iframe src="about:blank"></iframe>`);
  if (how === 'via-redirect') return html(`<script>location.href = ${JSON.stringify(site.url('/to-elsewhere'))};</script>`);
  if (how === 'meta-refresh') return `<!doctype html><html><head><meta http-equiv="refresh" content="0;url=${target}"></head><body><p id="price">9.99</p></body></html>`;
  return html(`<p id="price">9.99</p><script>location.href = ${JSON.stringify(target)};</script>`);
}

const COUNTERS = ['navigation-blocked', 'popup-blocked', 'subresource-blocked', 'frame-removed', 'redirect-blocked', 'websocket-blocked'].map((name) => `browser/offsite/${name}`);
const launched = new Map<string, { fetcher: BrowserFetcher; stats: Stats }>();

/** One browser per setting across the file (a launch costs seconds); `stats` counts from this call on. */
function fetcher(overrides: Partial<BrowserSettings> = {}): { fetcher: BrowserFetcher; stats: Pick<Stats, 'get'> } {
  const key = JSON.stringify(overrides);
  let entry = launched.get(key);
  if (!entry) {
    const stats = new Stats();
    entry = { fetcher: new BrowserFetcher({ ...defaults, timeoutMs: 15_000, ...overrides }, { stats }), stats };
    launched.set(key, entry);
    fetchers.push(entry.fetcher);
  }
  const { stats } = entry;
  const before = new Map(COUNTERS.map((counter) => [counter, stats.get(counter)]));
  return { fetcher: entry.fetcher, stats: { get: (counter) => stats.get(counter) - (before.get(counter) ?? 0) } };
}

const allowsUrl = (url: string) => isAllowedUrl(url, [site.hostKey]);

/** Loads the allowed page and keeps it open, as the engine does for a browser callback. */
async function openOnsite(browser: BrowserFetcher): Promise<Page> {
  const res = await browser.fetch(new CrawlRequest({ url: site.url('/shop') }), { allowsUrl, retain: (release) => releases.push(release) });
  return res.page!;
}

/** Resolves with 'blocked' when Chromium reports the request to `url` failed, 'reached' when the other origin got it. */
function outcomeFor(context: BrowserContext, url: string): Promise<'blocked' | 'reached'> {
  return Promise.race([
    new Promise<'blocked'>((resolve) => context.on('requestfailed', (req) => req.url().startsWith(url) && resolve('blocked'))),
    elsewhere.waitForRequests(1).then(() => 'reached' as const),
  ]);
}

/** 'no peer connection' when the page has none; else whether a STUN server the page names got ICE's binding request ('reached'). */
async function peerConnectionOrStun(page: Page): Promise<string> {
  const stun: Socket = createSocket('udp4');
  await new Promise<void>((resolve) => stun.bind(0, '127.0.0.1', resolve));
  const reached = new Promise<string>((resolve) => stun.once('message', () => resolve('reached')));
  const gathering = page.evaluate<string>(`(async () => {
    if (typeof RTCPeerConnection === 'undefined') return 'no peer connection';
    const peer = new RTCPeerConnection({ iceServers: [{ urls: 'stun:127.0.0.1:${stun.address().port}' }] });
    peer.createDataChannel('leak');
    await peer.setLocalDescription(await peer.createOffer());
    return 'gathering';
  })()`);
  try {
    // 'gathering' settles first when the page has a peer connection: then the packet decides.
    const first = await Promise.race([gathering, reached]);
    return first === 'gathering' ? await reached : first;
  } finally {
    stun.close();
  }
}

describe('browser confinement to allowedDomains', () => {
  const target = () => elsewhere.url('/');
  // Escapes run in the loaded page, as its own scripts would once a callback drives it through res.page.
  const mainFrameEscapes: Record<string, string> = {
    'location.href': `location.href = TARGET`,
    'meta refresh': `(() => { const m = document.createElement('meta'); m.httpEquiv = 'refresh'; m.content = '0;url=' + TARGET; document.head.append(m); })()`,
    'form submit': `(() => { const f = document.createElement('form'); f.action = TARGET; document.body.append(f); f.submit(); })()`,
  };
  const frameEscapes: Record<string, string> = {
    iframe: `(() => { const f = document.createElement('iframe'); f.src = TARGET; document.body.append(f); })()`,
    'window.open': `void window.open(TARGET)`,
  };
  const run = async (script: string) => {
    const { fetcher: browser, stats } = fetcher();
    const page = await openOnsite(browser);
    const outcome = outcomeFor(page.context(), target());
    await page.evaluate(script.replaceAll('TARGET', JSON.stringify(target())));
    return { page, stats, outcome: await outcome };
  };

  for (const [how, script] of Object.entries(mainFrameEscapes)) {
    it(`refuses a main-frame navigation by ${how} before it is sent`, async () => {
      const { page, stats, outcome } = await run(script);
      expect(outcome).toBe('blocked');
      expect(elsewhere.requestCount).toBe(0);
      expect(stats.get('browser/offsite/navigation-blocked')).toBe(1);
      expect(page.url().startsWith(elsewhere.origin)).toBe(false);
    });
  }

  for (const [how, script] of Object.entries(frameEscapes)) {
    it(`refuses a navigation by ${how} before it is sent, and the page stays as it was`, async () => {
      const { page, stats, outcome } = await run(script);
      expect(outcome).toBe('blocked');
      expect(elsewhere.requestCount).toBe(0);
      expect(stats.get('browser/offsite/navigation-blocked') + stats.get('browser/offsite/popup-blocked')).toBe(1);
      expect(page.url()).toBe(site.url('/shop'));
      expect(await page.locator('#price').textContent()).toBe('9.99');
    });
  }

  for (const how of ['script', 'meta-refresh']) {
    it(`fails a page that leaves by ${how} as it loads (offsite/browser-navigation), and nothing reaches the other host`, async () => {
      const { fetcher: browser } = fetcher();
      // The wait (the other host's page, or Chromium's error page for a refused navigation) makes the departure
      // certain before the fetch ends: without the fix the page lands on the other host.
      const request = new CrawlRequest({ url: site.url(`/on-load/${how}`), browser: { waitFor: { selector: '#elsewhere, #main-frame-error' } } });
      const error = await browser.fetch(request, { allowsUrl }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(FetchError);
      expect((error as FetchError).code).toBe('OFFSITE_BROWSER_NAVIGATION');
      expect((error as FetchError).message).toContain(elsewhere.url('/'));
      expect(elsewhere.requestCount).toBe(0);
    });
  }

  it('fails a page that leaves as it loads at once, while the fetch waits for a price its script never writes there', async () => {
    // Before, the wait for the selector went on on Chromium's error page until the deadline (fetch/timeout, retried).
    const { fetcher: browser } = fetcher();
    const request = new CrawlRequest({ url: site.url('/on-load/script'), browser: { waitFor: { selector: '#price[data-ready]' } } });
    const error = await browser.fetch(request, { allowsUrl }).catch((e: unknown) => e);
    expect((error as FetchError).code).toBe('OFFSITE_BROWSER_NAVIGATION');
    expect(elsewhere.requestCount).toBe(0);
  });

  it('fails a page that a script sent through an allowed redirect to another host, before any callback sees it', async () => {
    const { fetcher: browser } = fetcher();
    // The hop off-site is a redirect of an allowed URL, which no route sees: the document's own CDP pause refuses it.
    const request = new CrawlRequest({ url: site.url('/on-load/via-redirect'), browser: { waitFor: { selector: '#elsewhere' } } });
    const error = await browser.fetch(request, { allowsUrl }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FetchError);
    expect((error as FetchError).code).toBe('OFFSITE_BROWSER_NAVIGATION');
    expect(reasonForError(error as FetchError)).toBe('offsite/browser-navigation');
    expect(elsewhere.requestCount).toBe(0);
  });

  it("refuses a frame's redirect of an allowed URL to another host before the hop is sent, and the page stays as it was", async () => {
    const { fetcher: browser, stats } = fetcher();
    const res = await browser.fetch(new CrawlRequest({ url: site.url('/on-load/frame-redirect') }), { allowsUrl, retain: (release) => releases.push(release) });
    expect(elsewhere.requestCount).toBe(0);
    expect(res.page!.frames().map((frame) => frame.url())).not.toContain(elsewhere.url('/'));
    expect(res.$('#price').text()).toBe('9.99');
    expect(stats.get('browser/offsite/redirect-blocked')).toBe(1);
  });

  it("fails a request whose own URL redirects to another host as offsite/redirect, and the hop is never sent", async () => {
    const error = await fetcher().fetcher.fetch(new CrawlRequest({ url: site.url('/to-elsewhere') }), { allowsUrl }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'OFFSITE_REDIRECT' });
    expect(elsewhere.requestCount).toBe(0);
  });

  it('lets a page fetch() from another host by default (CDNs), and blocks it with offsiteSubresources: block', async () => {
    const target = elsewhere.url('/data');
    const fetchScript = `fetch(${JSON.stringify(target)}).then(() => 'ok', () => 'failed')`;
    const open = await openOnsite(fetcher().fetcher);
    const allowed = outcomeFor(open.context(), target);
    expect(await open.evaluate(fetchScript)).toBe('ok');
    expect(await allowed).toBe('reached');
    elsewhere.reset();

    const { fetcher: strict, stats } = fetcher({ offsiteSubresources: 'block' });
    const closed = await openOnsite(strict);
    const blocked = outcomeFor(closed.context(), target);
    expect(await closed.evaluate(fetchScript)).toBe('failed');
    expect(await blocked).toBe('blocked');
    expect(elsewhere.requestCount).toBe(0);
    expect(stats.get('browser/offsite/subresource-blocked')).toBe(1);
  });

  it('blocks a WebSocket to another host with offsiteSubresources: block, and lets one to the page\'s own host through', async () => {
    // A handshake is no request the context's route sees: before, the socket reached the other host.
    const socketTo = (server: FixtureServer) => `new Promise((resolve) => {
      const socket = new WebSocket(${JSON.stringify(server.url('/socket').replace(/^http/, 'ws'))});
      socket.onopen = () => resolve('open');
      socket.onclose = () => resolve('closed');
    })`;
    const { fetcher: strict, stats } = fetcher({ offsiteSubresources: 'block' });
    const page = await openOnsite(strict);
    expect(await page.evaluate(socketTo(elsewhere))).toBe('closed');
    expect(elsewhere.requestCount).toBe(0);
    expect(stats.get('browser/offsite/websocket-blocked')).toBe(1);
    site.reset();
    await page.evaluate(socketTo(site)); // the fixture server refuses the upgrade: what counts is that it got there
    expect(site.requests.map((r) => r.path)).toContain('/socket');
    expect(stats.get('browser/offsite/websocket-blocked')).toBe(1);
  });

  for (const offsiteSubresources of ['allow', 'block'] as const) {
    it(`gives pages no shared worker with offsiteSubresources: ${offsiteSubresources} (no route, robots.txt check or host slot sees its requests)`, async () => {
      // Resolves 'ran' when the worker answered; rejects when the page cannot make one.
      const worker = `new Promise((resolve) => {
        const worker = new SharedWorker('/worker.js?leave', { name: ${JSON.stringify(elsewhere.url('/'))} });
        worker.port.onmessage = () => resolve('ran');
        worker.port.start();
      })`;
      const page = await openOnsite(fetcher({ offsiteSubresources }).fetcher);
      site.reset();
      // Before, the worker ran and the other host got its fetch and its socket (under allow, a robots-disallowed
      // path of the page's own host, fetched by the worker, was sent as well: nothing judged it).
      const made = page.evaluate(worker).catch((error: Error) => error.message);
      const outcome = await Promise.race([made, elsewhere.waitForRequests(1).then(() => 'reached')]);
      expect(outcome).toContain('SharedWorker is not defined');
      expect(elsewhere.requestCount).toBe(0);
      expect(site.requests.map((r) => r.path)).not.toContain('/worker.js');
    });
  }

  for (const offsiteSubresources of ['allow', 'block'] as const) {
    it(`gives pages no WebRTC with offsiteSubresources: ${offsiteSubresources} (ICE reaches STUN and TURN servers past every route)`, async () => {
      const page = await openOnsite(fetcher({ offsiteSubresources }).fetcher);
      // Before, the STUN binding request reached the other host's UDP port as soon as gathering began (under allow, the default, always).
      expect(await peerConnectionOrStun(page)).toBe('no peer connection');
      expect(await page.evaluate(`typeof document.body.appendChild(document.createElement('iframe')).contentWindow.RTCPeerConnection`)).toBe('undefined');
    });
  }

  it("gives a proxied page no WebRTC: its STUN packets left from this machine's own address, past the proxy", async () => {
    const proxy = await startRecordingProxy('confinement');
    const proxied = new BrowserFetcher({ ...defaults, timeoutMs: 15_000 }, { contextKeyOf: () => ({ key: 'proxied', proxyUrl: proxy.url }) });
    fetchers.push(proxied);
    try {
      const page = await openOnsite(proxied);
      expect(proxy.requests.map((request) => request.url)).toContain(site.url('/shop'));
      expect(await peerConnectionOrStun(page)).toBe('no peer connection');
    } finally {
      await proxy.close();
    }
  });

  // Under allow too: a parked page needs nothing, and what it sends as it closes took no host slot and no
  // robots.txt verdict. Before, its beacon to its own host (or any) was taken and reached it.
  it.each(['block', 'allow'] as const)('refuses what a page sends from pagehide as it closes, with offsiteSubresources: %s', async (offsiteSubresources) => {
    const { fetcher: strict } = fetcher({ offsiteSubresources });
    const leaving = await openOnsite(strict);
    // A second page of the host hears from the closing one whether Chromium took its beacon (no route sees it: that is the bug).
    const witness = await openOnsite(strict);
    const heard = witness.evaluate(`new Promise((resolve) => { new BroadcastChannel('bye').onmessage = (event) => resolve(event.data); })`);
    const target = offsiteSubresources === 'block' ? elsewhere.url('/bye') : site.url('/bye');
    await leaving.evaluate(`addEventListener('pagehide', () => new BroadcastChannel('bye').postMessage(navigator.sendBeacon(${JSON.stringify(target)}, 'bye')))`);
    const [closeLeaving] = releases.splice(0, 1);
    await closeLeaving(); // the callback took the page, so its release closes it
    // Before, the beacon was taken (true) and reached the other host.
    expect(await heard).toBe(false);
    expect(elsewhere.requestCount).toBe(0);
    expect(site.requests.filter((r) => r.path === '/bye')).toEqual([]);
  });
});
