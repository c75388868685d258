// Hosts the crawler cannot reach at all (nothing listens, a certificate it cannot verify) beside a working one: each lost-host line names what happened and what to check.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer as createHttpsServer, type Server } from 'node:https';
import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogCrawler } from '../support/catalog-crawl-cli';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { freePort } from '../support/free-port';
import { childTracker } from '../support/run-cli';
import { tempStorageDir } from '../support/test-crawl';

function html(res: ServerResponse, body: string): void {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html><body>${body}</body></html>`);
}

/** An HTTPS shop on loopback whose certificate is self-signed: no client that verifies certificates gets a page. */
async function selfSignedShop(dir: string): Promise<Server> {
  const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-subj', '/CN=127.0.0.1', '-days', '1'], { stdio: 'ignore' });
  const server = createHttpsServer({ key: readFileSync(key), cert: readFileSync(cert) }, (_req, res) => html(res, '<main data-sku="T1"><span class="price">$1.00</span></main>'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

const LOST = 'LOST WHOLE HOSTS (requests planned, not one item from them): ';

describe('hosts nothing reaches, beside a working one', { timeout: 60_000 }, () => {
  const { track, killAll } = childTracker();
  const storage = tempStorageDir('unreachable-host');
  let open: FixtureServer;
  let tls: Server;
  let refused: string;
  beforeAll(async () => {
    [open] = await startFixtureServers(1, { builtInRoutes: false });
    open.route('/list', (_req, res) => html(res, '<a class="product" href="/p/1">P1</a>'));
    open.route('/p/:n', (_req, res, ctx) => html(res, `<main data-sku="S${ctx.params.n}"><span class="price">$${ctx.params.n}.00</span></main>`));
    tls = await selfSignedShop(storage.dir);
    // A loopback port just freed: nothing listens, so every connect is refused at once (ECONNREFUSED).
    refused = `127.0.0.1:${await freePort()}`;
  });
  afterAll(async () => {
    killAll();
    await closeFixtureServers([open]);
    await new Promise((resolve) => tls.close(resolve));
    storage.cleanup();
  });

  const crawl = (name: string, settings: string[]) =>
    catalogCrawler({
      startUrls: () => [open.url('/list'), `http://${refused}/list`, `https://127.0.0.1:${(tls.address() as AddressInfo).port}/p/1`],
      dir: join(storage.dir, name),
      intervalMs: 0,
      track,
    })(['-s', 'retry.backoffBaseMs=1', '-s', 'retry.backoffCapMs=1', ...settings.flatMap((s) => ['-s', s])]);

  it('refused connections and a failed TLS handshake are named, with what to check (before: "block pages or errors on every try: blocked?" and "see the failures")', async () => {
    const run = await crawl('pages', ['robots.obey=false']);
    const tlsHost = `127.0.0.1:${(tls.address() as AddressInfo).port}`;
    expect(run.stdout).toContain(`${LOST}2\n`);
    expect(run.stdout).toMatch(new RegExp(`\\n  ${refused}: planned 1, succeeded 0, failed: retry/exhausted 1; connection refused on every try: nothing listens there \\(site down, or a wrong host or port\\?\\); check the URL answers from this machine\\n`));
    expect(run.stdout).toMatch(new RegExp(`\\n  ${tlsHost}: planned 1, succeeded 0, failed: fetch/tls 1; the TLS handshake failed \\(a certificate expired, self-signed or for another name\\?\\): check the site's certificate\\n`));
    expect(run.code).toBe(4);
  });

  it('a robots.txt nothing could fetch names the refused connection behind it', async () => {
    const run = await crawl('robots', ['robots.refetchAfterMs=1']);
    expect(run.stdout).toMatch(new RegExp(`\\n  ${refused}: planned 1, succeeded 0, failed: robots/unavailable 1; robots\\.txt could not be read: connection refused on every try`));
    expect(run.code).toBe(4);
  });
});
