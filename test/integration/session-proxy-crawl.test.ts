// A crawl through two real forward proxies: cookies stick to sessions, sessions to proxies, a CAPTCHA moves the retry to a fresh session on the other proxy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FetchLogRow } from '../../src/ports/fetch-log';
import { SqliteFetchLog } from '../../storage/sqlite/sqlite-fetch-log';
import { FixtureServer, type RecordedRequest } from '../support/fixture-server';
import { startRecordingProxy, type RecordingProxy } from '../support/recording-proxy';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const SECRET = 'hunter2-proxy-secret';
const USER = 'crawler-account';
const PAGES_PER_HOST = 6;
const CAPTCHA_PAGE = '<html><head><title>Are you a robot?</title></head><body><form action="/verify"></form></body></html>';

/** Each host hands a new visitor a numbered `sid` cookie; the server's records keep what each request sent. */
async function cookieShop(label: string): Promise<{ server: FixtureServer; assigned: Map<number, string> }> {
  const server = await FixtureServer.start({ builtInRoutes: false });
  const assigned = new Map<number, string>(); // arrival seq → sid handed out
  let visitors = 0;
  let captchaVisits = 0;
  server.route('/p/:n', (req, res, ctx) => {
    const headers: Record<string, string> = { 'content-type': 'text/html' };
    if (!/sid=/.test(req.headers.cookie ?? '')) {
      const sid = `${label}${++visitors}`;
      assigned.set(ctx.record.seq, sid);
      headers['set-cookie'] = `sid=${sid}; Path=/`;
    }
    res.writeHead(200, headers);
    // The first visit of /p/guarded gets a CAPTCHA page with status 200.
    const blocked = ctx.params.n === 'guarded' && ++captchaVisits === 1;
    res.end(blocked ? CAPTCHA_PAGE : `<title>Product ${ctx.params.n}</title>`);
  });
  return { server, assigned };
}

describe('sessions and proxies in a crawl', () => {
  const storage = tempStorageDir('sessions');
  let shops: Array<{ server: FixtureServer; assigned: Map<number, string> }>;
  let proxies: RecordingProxy[];
  let result: TestCrawlResult;
  let rows: FetchLogRow[];

  beforeAll(async () => {
    shops = [await cookieShop('a'), await cookieShop('b')];
    proxies = [await startRecordingProxy('p1', { username: USER, password: SECRET }), await startRecordingProxy('p2', { username: USER, password: SECRET })];
    const urls = shops.flatMap(({ server }, i) => [
      ...Array.from({ length: PAGES_PER_HOST }, (_, n) => server.url(`/p/${n}`)),
      ...(i === 0 ? [server.url('/p/guarded')] : []),
    ]);
    result = await crawlInProcess(new UrlListSpider(urls), storage.dir, {
      politeness: { minIntervalMs: 5, jitterMs: 0 },
      retry: { backoffBaseMs: 1, backoffCapMs: 5 },
      pipeline: { batchSize: 5, batchMaxAgeMs: 20 },
      log: { statsIntervalMs: 0 },
      sessions: { proxyUrls: proxies.map((p) => p.url), maxPoolSizePerHost: 2 },
    });
    const log = SqliteFetchLog.open(storage.dir);
    rows = await log.rows(result.summary.runId);
    await log.close();
  }, 30_000);
  afterAll(async () => {
    await Promise.all([...shops.map((s) => s.server.close()), ...proxies.map((p) => p.close())]);
    storage.cleanup();
  });

  const proxyId = (p: RecordingProxy) => `127.0.0.1:${p.port}`;
  /** The server record of a fetch-log row: the n-th arrival of that path on its host. */
  function serverRecord(row: FetchLogRow): { record: RecordedRequest; sid: string | undefined } {
    const shop = shops.find((s) => row.url.startsWith(s.server.origin))!;
    const path = new URL(row.url).pathname;
    const nth = rows.filter((r) => r.url === row.url && r.attempt < row.attempt).length;
    const record = shop.server.requests.filter((r) => r.path === path)[nth];
    return { record, sid: shop.assigned.get(record.seq) };
  }

  it('loses nothing: every page stored, the ledger balances', () => {
    expect(result.summary.ledger).toMatchObject({ planned: 2 * PAGES_PER_HOST + 1, succeeded: 2 * PAGES_PER_HOST + 1, failed: 0, pending: 0 });
    expect(result.summary.balanced).toBe(true);
    expect(result.items).toHaveLength(2 * PAGES_PER_HOST + 1);
  });

  it('sends every request through a proxy, pins each session to one, and uses both', () => {
    expect(rows).toHaveLength(2 * PAGES_PER_HOST + 2);
    const bySession = new Map<string, Set<string | null>>();
    for (const row of rows) {
      expect(row.sessionId).toMatch(/^session_/);
      bySession.set(row.sessionId!, (bySession.get(row.sessionId!) ?? new Set()).add(row.proxyId));
    }
    for (const ids of bySession.values()) expect(ids.size).toBe(1);
    expect(new Set(rows.map((r) => r.proxyId))).toEqual(new Set(proxies.map(proxyId)));
    // Every page and both robots.txt files went through the proxies; nothing went direct.
    const carried = proxies.flatMap((p) => p.requests.map((r) => r.url));
    expect(carried).toHaveLength(rows.length + 2);
    expect(carried.filter((url) => url.endsWith('/robots.txt')).sort()).toEqual(shops.map((s) => s.server.url('/robots.txt')).sort());
    const arrived = shops.reduce((n, s) => n + s.server.requests.length, 0);
    expect(arrived).toBe(carried.length);
  });

  it('keeps one pool per host: no session serves two hosts', () => {
    const hostsOf = new Map<string, Set<string>>();
    for (const row of rows) hostsOf.set(row.sessionId!, (hostsOf.get(row.sessionId!) ?? new Set()).add(row.host));
    for (const hosts of hostsOf.values()) expect(hosts.size).toBe(1);
  });

  it('sticks cookies to their session: after its first request a session always sends the sid it was given', () => {
    const sessions = new Map<string, FetchLogRow[]>();
    for (const row of rows) sessions.set(row.sessionId!, [...(sessions.get(row.sessionId!) ?? []), row]);
    for (const sessionRows of sessions.values()) {
      // In the order the shop saw them: the fetch log's row order is its write order, which a block page's
      // handling can put after a later request of the same session (CI once read `sid=a2` on a "first" row).
      const [first, ...rest] = [...sessionRows].sort((a, b) => serverRecord(a).record.seq - serverRecord(b).record.seq);
      const opened = serverRecord(first);
      expect(opened.record.headers.cookie).toBeUndefined();
      expect(opened.sid).toBeDefined();
      for (const row of rest) expect(serverRecord(row).record.headers.cookie).toBe(`sid=${opened.sid}`);
    }
    // At the proxies: a sid only ever travels through one of them.
    for (const proxy of proxies) {
      const other = proxies.find((p) => p !== proxy)!;
      const sids = new Set(proxy.requests.map((r) => r.cookie).filter(Boolean));
      for (const r of other.requests) expect(sids.has(r.cookie)).toBe(false);
    }
  });

  it('retires the session that got the CAPTCHA; the retry goes on a fresh session through the other proxy', () => {
    const captcha = rows.filter((r) => r.url.endsWith('/p/guarded'));
    expect(captcha.map((r) => r.attempt)).toEqual([0, 1]);
    expect(captcha[1].sessionId).not.toBe(captcha[0].sessionId);
    expect(captcha[1].proxyId).not.toBe(captcha[0].proxyId);
    // Checked at the proxies: one CAPTCHA-page request through each, the retry with an empty cookie jar.
    const seen = proxies.map((p) => p.requests.filter((r) => r.url.endsWith('/p/guarded')));
    expect(seen.map((s) => s.length)).toEqual([1, 1]);
    const retryProxy = proxies.find((p) => proxyId(p) === captcha[1].proxyId)!;
    expect(retryProxy.requests.find((r) => r.url.endsWith('/p/guarded'))!.cookie).toBe('');
    const retired = result.logs.filter((l) => l.msg === 'session retired');
    expect(retired).toEqual([expect.objectContaining({ sessionId: captcha[0].sessionId, proxyId: captcha[0].proxyId, reason: 'block' })]);
    // The retired session is never used again.
    expect(rows.filter((r, i) => r.sessionId === captcha[0].sessionId && i > rows.indexOf(captcha[0]))).toHaveLength(0);
  });

  it('never lets the proxy credentials into logs or the fetch log', () => {
    const everything = JSON.stringify(result.logs) + JSON.stringify(rows) + JSON.stringify(result.summary);
    expect(everything).not.toContain(SECRET);
    expect(everything).not.toContain(USER);
    expect(proxies.every((p) => p.rejected === 0)).toBe(true);
  });
});
