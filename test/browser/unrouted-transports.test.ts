// Real Chromium: transports no route sees (WebTransport's QUIC; WebSocketStream, and a worker's WebSocket, under block) are given to no page or worker.
import { createSocket, type Socket } from 'node:dgram';
import { gzipSync } from 'node:zlib';
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
  WebSocket: () => { const s = new WebSocket('${socketUrl}'); return new Promise((resolve, reject) => { s.onopen = resolve; s.onclose = reject; }); },
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
  // Every kind of dedicated worker a page can start: from its own URL (classic, through a redirect, and a module
  // whose static import runs first), from a blob (revoked at once, as bundlers do) and from a data: URL; each
  // tells what came of each transport.
  const workerCode = attempts(['WebSocket', 'WebSocketStream', 'WebTransport']);
  const kinds = {
    url: `new Worker('/moved/worker.js')`,
    module: `new Worker('/module-worker.js', { type: 'module' })`,
    blob: `(() => { const url = URL.createObjectURL(new Blob([${JSON.stringify(`const report = (text) => postMessage(text);${workerCode}`)}])); const worker = new Worker(url); URL.revokeObjectURL(url); return worker; })()`,
    data: `new Worker('data:text/javascript,' + encodeURIComponent(${JSON.stringify(`const report = (text) => postMessage(text);${workerCode}`)}))`,
  };
  const told = (started: Record<string, string>) =>
    `Promise.all([${Object.entries(started)
      .map(([kind, start]) => `new Promise((resolve) => { ${start}.onmessage = (event) => resolve('${kind}: ' + event.data); })`)
      .join(', ')}]).then((lines) => lines.join('; '))`;
  const fromWorkers = told(kinds);
  // The page replaces built-ins the confinement could lean on while it starts its workers: a regular expression
  // that matches everything with a line comment after it would pass a blob off as an http URL, or move the
  // prelude behind the worker's code. (Put back after: the fetcher's own waits are not what this tests.)
  const tamper = `const kept = [RegExp.prototype.exec, JSON.stringify]; RegExp.prototype.exec = function (text) { return [String(text) + '\\n//']; }; JSON.stringify = () => '"data:text/javascript,"';`;
  const untamper = `[RegExp.prototype.exec, JSON.stringify] = kept;`;
  site.route('/shop', (_req, res) =>
    void res.writeHead(200, { 'content-type': 'text/html' }).end(`<p id="page">…</p><p id="worker">…</p><script>${show}${tamper}
const fromWorker = ${fromWorkers};${untamper}
const report = (text) => fromWorker.then((told) => { show('worker', told); show('page', text); });${attempts(['WebSocket', 'WebSocketStream', 'WebTransport'])}</script>`),
  );
  const js = { 'content-type': 'text/javascript' };
  // 'use strict' stays in force whatever is put before the worker's code (an assignment to an undeclared name throws).
  site.route('/moved/worker.js', (_req, res) => void res.writeHead(302, { location: '/worker.js' }).end());
  site.route('/worker.js', (_req, res) => void res.writeHead(200, js).end(`'use strict'; try { undeclared = 1; } catch { self.strict = true; }\nconst report = (text) => postMessage((self.strict ? '' : 'sloppy ') + text);${workerCode}`));
  // The module's static import is evaluated before the module's own code: it tries the transports.
  site.route('/module-worker.js', (_req, res) => void res.writeHead(200, js).end(`import '/transports.js';`));
  site.route('/transports.js', (_req, res) => void res.writeHead(200, js).end(`const report = (text) => postMessage(text);${workerCode}`));
  // A shop whose price a worker works out: what the worker sees of itself must be as without the prelude.
  site.route('/worker-shop', (_req, res) =>
    void res.writeHead(200, { 'content-type': 'text/html' }).end(`<p id="page">…</p><p id="worker">…</p><script>${show}
const told = (worker) => new Promise((resolve) => { worker.onmessage = (event) => resolve(event.data); });
Promise.all([told(new Worker('/lib/price-worker.js#main')), told(new Worker('/lib/price-module.js', { type: 'module' }))]).then((lines) => { show('worker', lines.join('; ')); show('page', 'done'); });</script>`),
  );
  site.route('/lib/price-worker.js', (_req, res) =>
    void res.writeHead(200, js).end(`importScripts('format.js');\nfetch('price.json').then((r) => r.json()).then((p) => postMessage(format(p.amount) + ' at ' + location.pathname + location.hash + ', line ' + new Error().stack.match(/price-worker.js[^:]*:(\\d+)/)[1]));`),
  );
  site.route('/lib/format.js', (_req, res) => void res.writeHead(200, js).end(`self.format = (amount) => 'EUR ' + amount;`));
  site.route('/lib/price-module.js', (_req, res) => void res.writeHead(200, js).end(`import { format } from './format.mjs';\npostMessage(format('12.50') + ' from ' + new URL(import.meta.url).pathname);`));
  site.route('/lib/format.mjs', (_req, res) => void res.writeHead(200, js).end(`export const format = (amount) => 'EUR ' + amount;`));
  // A shop under Trusted Types (as Google's pages are): a worker's URL must come from one of its policies.
  const trustedTypes = { 'content-type': 'text/html', 'content-security-policy': "require-trusted-types-for 'script'" };
  const blobSource = JSON.stringify(`const report = (text) => postMessage(text);${workerCode}`);
  const trusted = {
    url: `new Worker(policy.createScriptURL('/worker.js'))`,
    module: `new Worker(policy.createScriptURL('/module-worker.js'), { type: 'module' })`,
    blob: `new Worker(policy.createScriptURL(URL.createObjectURL(new Blob([${blobSource}]))))`,
  };
  const trustedShop = `<p id="page">…</p><p id="worker">…</p><script>${show}
const policy = trustedTypes.createPolicy('shop', { createScriptURL: (url) => url });
${told(trusted)}.then((lines) => [lines, 'done'], (error) => [String(error), 'threw']).then(([lines, end]) => { show('worker', lines); show('page', end); });</script>`;
  site.route('/trusted-types-shop', (_req, res) => void res.writeHead(200, trustedTypes).end(trustedShop));
  // The policies a page may make named by its CSP (a header's, or a meta element's), ours not among them.
  const namedPolicies = "require-trusted-types-for 'script'; trusted-types shop";
  // With its length: only a document whose length shows it whole is answered anew with our name in its CSP (rewritten-response.ts).
  const named = { ...trustedTypes, 'content-security-policy': namedPolicies, 'content-length': String(Buffer.byteLength(trustedShop)) };
  site.route('/trusted-types-named-shop', (_req, res) => void res.writeHead(200, named).end(trustedShop));
  // Without a length (chunked) or coded, a document is not answered anew (its end cannot be told): the page's own policy vouches.
  site.route('/trusted-types-named-chunked-shop', (_req, res) => void res.writeHead(200, { ...trustedTypes, 'content-security-policy': namedPolicies }).end(trustedShop));
  site.route('/trusted-types-named-gzip-shop', (_req, res) => void res.writeHead(200, { ...trustedTypes, 'content-security-policy': namedPolicies, 'content-encoding': 'gzip' }).end(gzipSync(trustedShop)));
  site.route('/trusted-types-meta-shop', (_req, res) =>
    void res.writeHead(200, { 'content-type': 'text/html' }).end(`<meta http-equiv="Content-Security-Policy" content="${namedPolicies}">${trustedShop}`),
  );
  site.route('/lib/price.json', (_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end(`{"amount":"19.99"}`));
});
afterAll(async () => {
  quic.close();
  await Promise.all([site.close(), elsewhere.close()]);
});

/** What the page and its dedicated worker told of each transport; what reached the other host is read from its servers. */
async function render(offsiteSubresources: 'allow' | 'block', path = '/shop'): Promise<{ page: string; worker: string }> {
  elsewhere.reset();
  quicPackets = 0;
  const fetcher = new BrowserFetcher({ ...settingsSchema.parse({}).browser, timeoutMs: 15_000, offsiteSubresources }, {});
  try {
    const request = new CrawlRequest({ url: site.url(path), browser: { waitFor: { selector: '#page[data-ready]' } } });
    const res = await fetcher.fetch(request, { allowsUrl: (url) => isAllowedUrl(url, [site.hostKey]) });
    return { page: res.$('#page').text(), worker: res.$('#worker').text() };
  } finally {
    await fetcher.close();
  }
}

/** What each kind of worker tells: the same line from every one. */
const everyWorker = (line: string) => ['url', 'module', 'blob', 'data'].map((kind) => `${kind}: ${line}`).join('; ');

describe('transports that pass every route', () => {
  it('no page or worker gets WebTransport under any setting: its QUIC packets reached any host, past every route', async () => {
    const { page, worker } = await render('allow');
    // Before, WebTransport was a function and its QUIC Initial packets reached the other host's UDP port, from a
    // page and, after the page lost it, from every kind of dedicated worker (no init script runs in a worker).
    expect(page).toBe('WebSocket failed, WebSocketStream failed, WebTransport none');
    expect(worker).toBe(everyWorker('WebSocket failed, WebSocketStream failed, WebTransport none'));
    expect(quicPackets).toBe(0);
  }, 60_000);

  it('under block no WebSocket or WebSocketStream of a page or any worker reaches the other host', async () => {
    const { page, worker } = await render('block');
    // Before, the page's and the worker's WebSocketStream got their handshakes to the other host (the routed
    // WebSocket did not), and so did every worker's WebSocket: routeWebSocket shims only the page's class.
    expect(page).toBe('WebSocket failed, WebSocketStream none, WebTransport none');
    expect(worker).toBe(everyWorker('WebSocket none, WebSocketStream none, WebTransport none'));
    expect(elsewhere.requests.map((r) => r.path)).toEqual([]);
    expect(quicPackets).toBe(0);
  }, 60_000);

  it("a page under Trusted Types still starts its workers from its policy's URLs, each confined", async () => {
    const { page, worker } = await render('allow', '/trusted-types-shop');
    // Before, the replaced Worker passed Chromium a plain string for the marked URL or the prelude's blob, which
    // the document's CSP refuses: every worker threw, and the page showed the price it had before its worker's.
    expect({ page, worker }).toEqual({ page: 'done', worker: ['url', 'module', 'blob'].map((kind) => `${kind}: WebSocket failed, WebSocketStream failed, WebTransport none`).join('; ') });
    expect(quicPackets).toBe(0);
  }, 60_000);

  it.each(['/trusted-types-named-shop', '/trusted-types-named-chunked-shop', '/trusted-types-named-gzip-shop', '/trusted-types-meta-shop'])('%s, whose CSP names the policies it may make, still starts its workers, each confined', async (path) => {
    const { page, worker } = await render('allow', path);
    // Before, the policy the confinement vouches for the worker's URL with was refused as a name the CSP does not
    // list: every worker threw, and the page showed the price it had before its worker's.
    expect({ page, worker }).toEqual({ page: 'done', worker: ['url', 'module', 'blob'].map((kind) => `${kind}: WebSocket failed, WebSocketStream failed, WebTransport none`).join('; ') });
    expect(quicPackets).toBe(0);
  }, 60_000);

  it('a confined worker still works as its page wrote it: its own URL, relative imports and fetches, line numbers', async () => {
    const { worker } = await render('block', '/worker-shop');
    expect(worker).toBe('EUR 19.99 at /lib/price-worker.js#main, line 2; EUR 12.50 from /lib/price-module.js');
  }, 60_000);
});
