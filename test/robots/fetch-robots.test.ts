// How each answer to a robots.txt fetch is read (RFC 9309 §2.3): statuses, Retry-After, redirects, transport errors.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrawlRequest } from '../../src/core/request';
import { HttpFetcher } from '../../src/fetch/http-fetcher';
import { MAX_ROBOTS_REDIRECTS, fetchRobots } from '../../src/robots/fetch-robots';
import { RobotsRules } from '../../src/robots/robots-rules';
import { FixtureServer } from '../support/fixture-server';
import { freePort } from '../support/free-port';
import { httpSettings } from '../fetch/fetch-test-helpers';

const NOW_MS = 1_700_000_000_000;

describe('fetchRobots', () => {
  let server: FixtureServer;
  let fetcher: HttpFetcher;
  /** What /robots.txt answers in the current test. */
  let answer: (res: ServerResponse) => void = () => undefined;

  beforeAll(async () => {
    server = await FixtureServer.start({ builtInRoutes: false });
    server.route('/robots.txt', (_req, res) => answer(res));
    server.route('/hop/:n', (req, res) => {
      const n = Number(req.url!.split('/').pop());
      res.writeHead(302, { location: n > 1 ? `/hop/${n - 1}` : '/real-robots.txt' });
      res.end();
    });
    server.route('/real-robots.txt', (_req, res) => void res.end('User-agent: *\nDisallow: /x\n'));
    fetcher = new HttpFetcher(httpSettings({ maxRedirects: 20 }));
  });
  afterAll(async () => {
    await fetcher.close();
    await server.close();
  });

  const fetchFrom = (origin: string, attemptsBefore = 0) =>
    fetchRobots({ fetcher, origin, page: new CrawlRequest({ url: `${origin}/p` }), attemptsBefore, refetchAfterMs: 1000, nowMs: () => NOW_MS });
  const respond = (status: number, headers: Record<string, string> = {}, body = '') => {
    answer = (res) => {
      res.writeHead(status, headers);
      res.end(body);
    };
    return fetchFrom(server.origin);
  };

  it('2xx: the rules', async () => {
    expect(await respond(200, {}, 'User-agent: *\nDisallow: /\n')).toEqual({ kind: 'rules', text: 'User-agent: *\nDisallow: /\n', fetchedAtMs: NOW_MS });
  });

  // A 206 nobody asked for: the file when its range names every byte of it, else a part of it, which may lack the
  // rules that keep us out (unreachable: complete disallow, fetched again).
  it('206: the rules when the part is the whole file, unreachable when it is a part', async () => {
    const file = 'User-agent: *\nDisallow: /private/\n';
    expect(await respond(206, { 'content-range': `bytes 0-${file.length - 1}/${file.length}` }, file)).toEqual({ kind: 'rules', text: file, fetchedAtMs: NOW_MS });
    const part = await respond(206, { 'content-range': `bytes 0-13/${file.length + 40}` }, file.slice(0, 14));
    expect(part).toMatchObject({ kind: 'unreachable', status: 'FETCH_PROTOCOL', attempts: 1 });
  });

  it('4xx other than 429, 401 and 403 included: no rules, everything allowed (RFC 9309 §2.3.1.3 "unavailable")', async () => {
    for (const status of [400, 401, 403, 404, 410, 451]) expect(await respond(status), String(status)).toEqual({ kind: 'allow-all', status, fetchedAtMs: NOW_MS });
  });

  it('5xx and 429 without Retry-After: unreachable (complete disallow), refetched with a doubling wait', async () => {
    for (const status of [429, 500, 502, 503, 504]) expect(await respond(status), String(status)).toEqual({ kind: 'unreachable', status, attempts: 1, retryAtMs: NOW_MS + 1000 });
    answer = (res) => void res.writeHead(500).end();
    expect(await fetchFrom(server.origin, 2)).toEqual({ kind: 'unreachable', status: 500, attempts: 3, retryAtMs: NOW_MS + 4000 });
  });

  // The statuses a page is tried again after (failure-kind.ts): they say "not now", never "no file".
  it('408, 421, 425 and 499: unreachable like a 5xx, not "no file"; with a Retry-After, wait as told', async () => {
    for (const status of [408, 421, 425, 499]) expect(await respond(status), String(status)).toEqual({ kind: 'unreachable', status, attempts: 1, retryAtMs: NOW_MS + 1000 });
    expect(await respond(408, { 'retry-after': '30' })).toEqual({ kind: 'retry-after', status: 408, attempts: 0, untilMs: NOW_MS + 30_000 });
  });

  it('a 3xx the fetcher does not follow (300, 304, 305): unreachable, not "no file"', async () => {
    for (const status of [300, 305]) expect(await respond(status, { location: '/real-robots.txt' }), String(status)).toMatchObject({ kind: 'unreachable', status, attempts: 1 });
    // A 304 to a request without a validator is no answer at all (the fetcher refuses it).
    expect(await respond(304), '304').toMatchObject({ kind: 'unreachable', status: 'FETCH_PROTOCOL', attempts: 1 });
  });

  it('429 and 503 with Retry-After: wait as told, the attempt not counted', async () => {
    expect(await respond(503, { 'retry-after': '120' })).toEqual({ kind: 'retry-after', status: 503, attempts: 0, untilMs: NOW_MS + 120_000 });
    expect(await respond(429, { 'retry-after': '5' })).toEqual({ kind: 'retry-after', status: 429, attempts: 0, untilMs: NOW_MS + 5_000 });
    // An HTTP-date counts from the answer's own Date (the server's clock), here the test's fixed now.
    const date = new Date(NOW_MS + 60_000).toUTCString();
    expect(await respond(503, { date: new Date(NOW_MS).toUTCString(), 'retry-after': date })).toMatchObject({ kind: 'retry-after', untilMs: NOW_MS + 60_000 });
    expect(await respond(503, { 'retry-after': 'soon' })).toMatchObject({ kind: 'unreachable' });
  });

  it('429 and 503 with a Retry-After of now (0, a past date): unreachable, the attempt counted', async () => {
    for (const retryAfter of ['0', new Date(NOW_MS - 60_000).toUTCString()]) {
      expect(await respond(503, { 'retry-after': retryAfter }), retryAfter).toEqual({ kind: 'unreachable', status: 503, attempts: 1, retryAtMs: NOW_MS + 1000 });
      expect(await respond(429, { 'retry-after': retryAfter }), retryAfter).toMatchObject({ kind: 'unreachable', attempts: 1 });
    }
  });

  it(`follows ${MAX_ROBOTS_REDIRECTS} redirects, and reads more as no robots.txt (allow all)`, async () => {
    answer = (res) => void res.writeHead(301, { location: `/hop/${MAX_ROBOTS_REDIRECTS - 1}` }).end();
    expect(await fetchFrom(server.origin)).toMatchObject({ kind: 'rules', text: 'User-agent: *\nDisallow: /x\n' });
    answer = (res) => void res.writeHead(301, { location: `/hop/${MAX_ROBOTS_REDIRECTS}` }).end();
    expect(await fetchFrom(server.origin)).toEqual({ kind: 'allow-all', status: 'FETCH_TOO_MANY_REDIRECTS', fetchedAtMs: NOW_MS });
    expect(server.requestsTo('/real-robots.txt')).toHaveLength(1);
  });

  it('reads a 2xx body as the file whatever its Content-Type: none, text/html, an HTML page (no rules in it: all allowed)', async () => {
    expect(await respond(200, {}, 'User-agent: *\nDisallow: /x\n')).toMatchObject({ kind: 'rules', text: 'User-agent: *\nDisallow: /x\n' });
    expect(await respond(200, { 'content-type': 'text/html' }, 'User-agent: *\nDisallow: /x\n')).toMatchObject({ kind: 'rules', text: 'User-agent: *\nDisallow: /x\n' });
    const page = await respond(200, { 'content-type': 'text/html' }, '<!doctype html><title>Shop</title><p>Welcome</p>');
    expect(page.kind === 'rules' && RobotsRules.parse(page.text).forAgent('pricecrawl').isAllowed(`${server.origin}/x`)).toBe(true);
  });

  it('a redirect loop is no file (all allowed, RFC 9309 §2.3.1.2); a redirect with no Location is unreachable', async () => {
    expect(await respond(302, { location: '/robots.txt' })).toEqual({ kind: 'allow-all', status: 'FETCH_REDIRECT_LOOP', fetchedAtMs: NOW_MS });
    expect(await respond(301)).toMatchObject({ kind: 'unreachable', status: 'FETCH_BAD_REDIRECT', attempts: 1 });
  });

  // testcookie-nginx-module and consent gates set a cookie and redirect to the same URL; the second visit, with the
  // cookie, gets the file. A page without a session (sessions off, a one-off command) sent none: read as a loop, no file.
  it('follows a cookie check (a cookie set, a redirect to itself) with the cookie when the page has no session: the file behind it', async () => {
    answer = (res) => {
      const checked = (res.req.headers.cookie ?? '').includes('check=1');
      if (checked) res.writeHead(200).end('User-agent: *\nDisallow: /\n');
      else res.writeHead(302, { location: '/robots.txt', 'set-cookie': 'check=1; Path=/' }).end();
    };
    const before = server.requestsTo('/robots.txt').length;
    expect(await fetchFrom(server.origin)).toEqual({ kind: 'rules', text: 'User-agent: *\nDisallow: /\n', fetchedAtMs: NOW_MS });
    // The cookie lived as long as that fetch: the next one checks again.
    expect(await fetchFrom(server.origin)).toMatchObject({ kind: 'rules' });
    expect(server.requestsTo('/robots.txt').slice(before).map((r) => r.headers.cookie ?? '')).toEqual(['', 'check=1', '', 'check=1']);
  });

  it("follows a redirect to another origin's file: its rules are this origin's", async () => {
    const other = await FixtureServer.start({ builtInRoutes: false });
    try {
      other.route('/robots.txt', (_req, res) => void res.end('User-agent: *\nDisallow: /elsewhere\n'));
      expect(await respond(301, { location: `${other.origin}/robots.txt` })).toMatchObject({ kind: 'rules', text: 'User-agent: *\nDisallow: /elsewhere\n' });
    } finally {
      await other.close();
    }
  });

  it('a refused connection: unreachable', async () => {
    const port = await freePort();
    expect(await fetchFrom(`http://127.0.0.1:${port}`)).toEqual({ kind: 'unreachable', status: 'FETCH_CONNECTION_REFUSED', attempts: 1, retryAtMs: NOW_MS + 1000 });
  });
});
