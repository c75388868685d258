// Real Chromium: transports no route sees (WebTransport's QUIC; WebSocketStream under block) are not given to pages (nor WebSocketStream to workers).
import { createSocket, type Socket } from 'node:dgram';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrawlRequest } from '../../src/core/request';
import { isAllowedUrl } from '../../src/downloader/offsite-rules';
import { BrowserFetcher } from '../../src/fetch/browser-fetcher';
import { settingsSchema } from '../../src/settings/schema';
import { FixtureServer } from '../support/fixture-server';

let site: FixtureServer;
let elsewhere: FixtureServer;
/** A UDP socket on the other host: where a WebTransport session's QUIC packets would land. */
let quic: Socket;
let quicPackets = 0;

/**
 * Tries the transports named and reports what came of each through `report`: not defined ('none'), or how it
 * ended (WebTransport's QUIC handshake gets no answer: it is given up after a moment, its first packets sent).
 */
const ATTEMPTS = (names: string[], socketUrl: string, quicUrl: string) => `
const openers = {
  WebSocket: () => new Promise((resolve, reject) => { const s = new WebSocket('${socketUrl}'); s.onopen = resolve; s.onclose = reject; }),
  WebSocketStream: () => new WebSocketStream('${socketUrl}').opened,
  WebTransport: () => Promise.race([new WebTransport('${quicUrl}').ready, new Promise((_, reject) => setTimeout(reject, 1000))]),
};
const attempt = (name) => { try { return openers[name]().then(() => name + ' open', () => name + ' failed'); } catch (e) { return Promise.resolve(name + ' ' + (e instanceof ReferenceError ? 'none' : 'threw')); } };
Promise.all(${JSON.stringify(names)}.map(attempt)).then((lines) => report(lines.join(', ')));`;

beforeAll(async () => {
  site = await FixtureServer.start({ builtInRoutes: false });
  elsewhere = await FixtureServer.start({ address: '127.0.0.3' });
  quic = createSocket('udp4');
  quic.on('message', () => quicPackets++);
  await new Promise<void>((resolve) => quic.bind(0, '127.0.0.3', resolve));
  const attempts = (names: string[]) => ATTEMPTS(names, elsewhere.url('/socket').replace(/^http/, 'ws'), `https://127.0.0.3:${quic.address().port}/session`);
  const show = `const show = (id, text) => { const p = document.getElementById(id); p.textContent = text; p.dataset.ready = '1'; };`;
  site.route('/shop', (_req, res) =>
    void res.writeHead(200, { 'content-type': 'text/html' }).end(`<p id="page">…</p><p id="worker">…</p><script>${show}
const fromWorker = new Promise((resolve) => { new Worker('/worker.js').onmessage = (event) => resolve(event.data); });
const report = (text) => fromWorker.then((told) => { show('worker', told); show('page', text); });${attempts(['WebSocket', 'WebSocketStream', 'WebTransport'])}</script>`),
  );
  // A dedicated worker runs no init script: its WebSocket and WebTransport are the known gap, not tried here.
  site.route('/worker.js', (_req, res) => void res.writeHead(200, { 'content-type': 'text/javascript' }).end(`const report = (text) => postMessage(text);${attempts(['WebSocketStream'])}`));
});
afterAll(async () => {
  quic.close();
  await Promise.all([site.close(), elsewhere.close()]);
});

/** What the page and its dedicated worker told of each transport; what reached the other host is read from its servers. */
async function render(offsiteSubresources: 'allow' | 'block'): Promise<{ page: string; worker: string }> {
  elsewhere.reset();
  quicPackets = 0;
  const fetcher = new BrowserFetcher({ ...settingsSchema.parse({}).browser, timeoutMs: 15_000, offsiteSubresources }, {});
  try {
    const request = new CrawlRequest({ url: site.url('/shop'), browser: { waitFor: { selector: '#page[data-ready]' } } });
    const res = await fetcher.fetch(request, { allowsUrl: (url) => isAllowedUrl(url, [site.hostKey]) });
    return { page: res.$('#page').text(), worker: res.$('#worker').text() };
  } finally {
    await fetcher.close();
  }
}

describe('transports that pass every route', () => {
  it('no page gets WebTransport under any setting: its QUIC packets reached any host, past every route', async () => {
    const { page, worker } = await render('allow');
    // Before, WebTransport was a function and its QUIC Initial packets reached the other host's UDP port.
    expect(page).toBe('WebSocket failed, WebSocketStream failed, WebTransport none');
    expect(worker).toBe('WebSocketStream failed');
    expect(quicPackets).toBe(0);
  }, 60_000);

  it('under block no WebSocketStream of a page or a worker reaches the other host', async () => {
    const { page, worker } = await render('block');
    // Before, the page's and the worker's WebSocketStream got their handshakes to the other host (the routed WebSocket did not).
    expect(page).toBe('WebSocket failed, WebSocketStream none, WebTransport none');
    expect(worker).toBe('WebSocketStream none');
    expect(elsewhere.requests.map((r) => r.path)).toEqual([]);
    expect(quicPackets).toBe(0);
  }, 60_000);
});
