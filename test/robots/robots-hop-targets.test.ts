// The robots.txt middleware's hop checks, called as the chain calls them: each fetch's stopped hop is judged by its own target, and a target whose file cannot be read is refused.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchError } from '../../src/core/errors';
import { CrawlRequest } from '../../src/core/request';
import { MemoryRobotsCache } from '../../storage/memory/memory-robots-cache';
import { FixtureServer } from '../support/fixture-server';
import { freePort } from '../support/free-port';
import { robotsWorker, type RobotsWorker } from './robots-worker';

const NOW_MS = 1_700_000_000_000;

let shop: FixtureServer;
let moved: FixtureServer;
let cdn: FixtureServer;
let down: FixtureServer;
let worker: RobotsWorker;

const file = (res: ServerResponse, text: string) => void res.writeHead(200, { 'content-type': 'text/plain' }).end(text);

beforeAll(async () => {
  shop = await FixtureServer.start({ builtInRoutes: false });
  moved = await FixtureServer.start({ builtInRoutes: false, address: '127.0.0.2' });
  cdn = await FixtureServer.start({ builtInRoutes: false, address: '127.0.0.3' });
  down = await FixtureServer.start({ builtInRoutes: false, address: '127.0.0.4' });
  shop.route('/robots.txt', (_req, res) => file(res, 'User-agent: *\nDisallow: /private/\n'));
  moved.route('/robots.txt', (_req, res) => file(res, 'User-agent: *\nDisallow: /closed/\n'));
  cdn.route('/robots.txt', (_req, res) => file(res, 'User-agent: *\nDisallow:\n'));
  down.route('/robots.txt', (_req, res) => void res.writeHead(503).end());
  worker = robotsWorker(new MemoryRobotsCache(() => NOW_MS), { robots: { maxFetchAttempts: 3 } });
});
afterAll(async () => {
  await worker.close();
  await Promise.all([shop.close(), moved.close(), cdn.close(), down.close()]);
});

/** What `checkRedirect` throws for the hop (null when it lets it go), as the chain calls it for a fetch of `request`. */
const checkHop = (request: CrawlRequest, to: string): FetchError | null => worker.checkHop(request, to, NOW_MS);

describe('a request whose page checks hops to several origins not known yet', () => {
  // A browser page's parts are checked with the page's request too: a part on another origin, checked after
  // the page's own hop stopped, must not make the stopped hop's look-up another origin's.
  it('looks up the file of the hop its fetch stopped at, not of a later part check', async () => {
    const page = new CrawlRequest({ url: shop.url('/p/1') });
    const stopped = checkHop(page, moved.url('/new/1'));
    expect(stopped?.code).toBe('ROBOTS_PENDING');
    expect(checkHop(page, cdn.url('/lib.js'))?.code).toBe('ROBOTS_PENDING');
    const outcome = await worker.middleware.processError!(page, stopped!, worker.context(page.url, NOW_MS));
    expect(outcome).toMatchObject({ type: 'defer', reason: 'robots/wait' });
    await worker.middleware.close!();
    expect(moved.requests.map((r) => r.path)).toEqual(['/robots.txt']);
    expect(cdn.requests.map((r) => r.path)).toEqual([]);
    // Known now: the stopped hop is judged by its own origin's file.
    expect(checkHop(page, moved.url('/closed/1'))?.code).toBe('ROBOTS_DISALLOWED');
    expect(checkHop(page, moved.url('/new/1'))).toBeNull();
  });

  it('leaves an error of another fetch alone (no hop of its own stopped there)', async () => {
    const page = new CrawlRequest({ url: shop.url('/p/2') });
    expect(checkHop(page, cdn.url('/lib.js'))?.code).toBe('ROBOTS_PENDING');
    const unrelated = new FetchError('ROBOTS_PENDING', 'a one-off check of another URL');
    expect(await worker.middleware.processError!(page, unrelated, worker.context(page.url, NOW_MS))).toEqual({ type: 'continue' });
  });
});

describe('a hop to an origin whose robots.txt cannot be read', () => {
  // RFC 9309 §2.3.1.4: unreachable (a 5xx, a refused connection) is a complete disallow. Read as "not known yet",
  // a browser page's part went to the origin (only a document waits for the file).
  it('is refused with its reason while the file is unreachable (a 503, a refused connection)', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    for (const origin of [down.origin, closed]) {
      expect(await worker.decide(`${origin}/api/price`, NOW_MS), origin).toMatchObject({ type: 'defer', reason: 'robots/unreachable' });
      const refusal = checkHop(new CrawlRequest({ url: shop.url('/p/3') }), `${origin}/api/price`);
      expect(refusal?.code, origin).toBe('ROBOTS_UNAVAILABLE');
    }
  });

  it('still holds a document that went there until the file is read again', async () => {
    const page = new CrawlRequest({ url: shop.url('/p/4') });
    const refusal = checkHop(page, down.url('/p/4'));
    expect(await worker.middleware.processError!(page, refusal!, worker.context(page.url, NOW_MS))).toMatchObject({ type: 'defer', reason: 'robots/unreachable' });
  });
});

describe('a hop to an origin whose file ran out (robots.cacheTtlMs, 24 h) in a long run', () => {
  // A part's origin met once (a document hop) and not since: after a day its rules were "not known", and a page's
  // part on a path they disallow went unjudged. Its old rules still refuse it; a document's hop has the file read again.
  it('is refused (not let through as "not known", nor judged by the old rules) until the file is read again, and a document waits for the new file', async () => {
    let nowMs = NOW_MS;
    const api = await FixtureServer.start({ builtInRoutes: false, address: '127.0.0.6' });
    let file = 'User-agent: *\nDisallow: /prices/\n';
    api.route('/robots.txt', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end(file));
    const longRun = robotsWorker(new MemoryRobotsCache(() => nowMs), {});
    const check = (to: string) => {
      const request = new CrawlRequest({ url: shop.url('/p/5') });
      try {
        longRun.middleware.checkRedirect!(request, request.url, to, longRun.context(request.url, () => nowMs));
        return null;
      } catch (error) {
        return error as FetchError;
      }
    };
    try {
      expect(await longRun.decide(api.url('/stock'), nowMs)).toEqual({ type: 'continue' });
      nowMs += longRun.settings.robots.cacheTtlMs + 1;
      expect(check(api.url('/prices/1'))?.code).toBe('ROBOTS_REFETCHING');
      expect(check(api.url('/stock'))?.code).toBe('ROBOTS_REFETCHING');
      file = 'User-agent: *\nDisallow:\n';
      const page = new CrawlRequest({ url: shop.url('/p/6') });
      const stopped = check(api.url('/prices/1'))!;
      expect(await longRun.middleware.processError!(page, stopped, longRun.context(page.url, () => nowMs))).toMatchObject({ type: 'defer', reason: 'robots/wait' });
      await longRun.middleware.close!();
      expect(api.requests.map((r) => r.path)).toEqual(['/robots.txt', '/robots.txt']);
      expect(check(api.url('/prices/1'))).toBeNull();
    } finally {
      await longRun.close();
      await api.close();
    }
  });
});

