// Visit-time (the Extended Standard for Robot Exclusion; not in RFC 9309): the hours of the day, UTC, in which a site takes crawlers.
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RobotsRules } from '../../src/robots/robots-rules';
import { MemoryRobotsCache } from '../../storage/memory/memory-robots-cache';
import { FixtureServer } from '../support/fixture-server';
import { robotsWorker, type RobotsWorker } from './robots-worker';

/** Midnight UTC of a day; `at('06:30')` is that day's 06:30 UTC. */
const DAY0_MS = Date.UTC(2031, 2, 14);
const DAY_MS = 86_400_000;
const at = (time: string, day = 0) => DAY0_MS + day * DAY_MS + Number(time.slice(0, 2)) * 3_600_000 + Number(time.slice(3)) * 60_000;

describe('Visit-time in the rules', () => {
  const next = (robots: string, time: string, agent = 'pricecrawl') => RobotsRules.parse(robots).forAgent(agent).nextVisitAtMs(at(time));

  it('lets a crawler in inside the window and names the next start outside it', () => {
    const file = 'User-agent: *\nDisallow: /cart/\nVisit-time: 1000-1245 # only between 10:00 and 12:45 UTC\n';
    expect(next(file, '10:00')).toBeNull();
    expect(next(file, '12:44')).toBeNull();
    expect(next(file, '09:59')).toBe(at('10:00'));
    expect(next(file, '12:45')).toBe(at('10:00', 1));
    expect(next(file, '23:00')).toBe(at('10:00', 1));
  });

  it('reads a window across midnight, with colons, spaces or a time zone as files write it', () => {
    for (const value of ['2200-0400', '22:00-04:00', '22:00 - 04:00', '2200 0400', '2200-0400 UTC', '22:00-04:00 GMT']) {
      const file = `User-agent: *\nVisit-time: ${value}\n`;
      expect([next(file, '23:30'), next(file, '03:59'), next(file, '04:00'), next(file, '21:00')], value).toEqual([null, null, at('22:00'), at('22:00')]);
    }
  });

  it('holds only for the groups that apply, a file-wide one for everyone, several windows of a group as either', () => {
    expect(next('User-agent: other\nDisallow: /\nVisit-time: 0100-0200\n\nUser-agent: *\nDisallow: /x\n', '12:00')).toBeNull();
    expect(next('Visit-time: 0100-0200\nUser-agent: *\nDisallow: /x\n', '12:00')).toBe(at('01:00', 1));
    expect(next('User-agent: *\nVisit-time: 0100-0200\nVisit-time: 1300-1400\n', '12:00')).toBe(at('13:00'));
    expect(next('User-agent: *\nVisit-time: 0100-0200\n', '12:00', 'pricecrawl')).toBe(at('01:00', 1));
    expect(next('User-agent: *\nDisallow: /x\n', '12:00')).toBeNull();
    expect(next('User-agent: *\nVisit-time: 0000-2400\n', '23:59')).toBeNull();
    expect(RobotsRules.parse('User-agent: *\nVisit-time: 0000-2400\n').forAgent('pricecrawl').unreadableCrawlDelay).toBeNull();
    expect(next('User-agent: *\nVisit-time: 2400-0100\n', '00:30')).toBeNull();
  });

  // As a university lab's file writes it: a rate and a window, each with a comment after it.
  it('reads a file with Allow lines, a Request-rate and a Visit-time in one group', () => {
    const file = 'User-Agent: *\r\nAllow: /harvest/\r\nDisallow: /harvest/example/\r\nDisallow: /\r\nRequest-rate: 1/2 # one page every 2 seconds\r\nVisit-time: 1000-1245 # 10:00 to 12:45 UTC\r\n';
    const rules = RobotsRules.parse(file).forAgent('pricecrawl');
    expect([rules.crawlDelayMs, rules.unreadableCrawlDelay, rules.nextVisitAtMs(at('08:00')), rules.nextVisitAtMs(at('11:00'))]).toEqual([2000, null, at('10:00'), null]);
    expect(['/harvest/a', '/harvest/example/a', '/other'].map((path) => rules.isAllowed(`https://lab.example${path}`))).toEqual([true, false, false]);
  });

  // A crawler known by two names obeys both groups: it visits only when both let it in.
  it('for several names, the first time every group that applies lets the crawler in', () => {
    const file = 'User-agent: pricecrawl\nDisallow: /a/\nVisit-time: 0800-1200\n\nUser-agent: acmeprices\nDisallow: /b/\nVisit-time: 1100-1500\n';
    const rules = RobotsRules.parse(file).forAgents(['pricecrawl', 'acmeprices']);
    expect(rules.nextVisitAtMs(at('09:00'))).toBe(at('11:00'));
    expect(rules.nextVisitAtMs(at('11:30'))).toBeNull();
    expect(rules.nextVisitAtMs(at('13:00'))).toBe(at('11:00', 1));
    const apart = RobotsRules.parse('User-agent: pricecrawl\nDisallow: /a/\nVisit-time: 0100-0200\n\nUser-agent: acmeprices\nDisallow: /b/\nVisit-time: 0300-0400\n').forAgents(['pricecrawl', 'acmeprices']);
    expect(apart.nextVisitAtMs(at('05:00'))).toBe(Infinity);
  });

  // A window we cannot read is a time the site asked for that we cannot tell: refused, as an unreadable Crawl-delay is.
  it('keeps a Visit-time it cannot read, so the origin is refused instead of crawled at any hour', () => {
    for (const value of ['mornings', '2500-0100', '0960-1000', '1000-1000', '10-12', '1000-', '0600-0845 CET']) {
      const rules = RobotsRules.parse(`User-agent: *\nVisit-time: ${value}\n`).forAgent('pricecrawl');
      expect([rules.unreadableCrawlDelay, rules.nextVisitAtMs(at('12:00'))], value).toEqual([value, null]);
    }
    expect(RobotsRules.parse('User-agent: *\nVisit-time:\n').forAgent('pricecrawl').unreadableCrawlDelay).toBeNull();
  });
});

describe('a crawl of a shop whose robots.txt names its visiting hours', () => {
  let server: FixtureServer;
  let worker: RobotsWorker | null = null;
  let file = '';

  beforeAll(async () => {
    server = await FixtureServer.start({ builtInRoutes: false });
    server.route('/robots.txt', (_req, res: ServerResponse) => void res.writeHead(200, { 'content-type': 'text/plain' }).end(file));
    server.route('/p/:n', (_req, res: ServerResponse) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>ok</p>'));
    server.route('/away', (_req, res: ServerResponse) => void res.writeHead(302, { location: other.url('/p/9') }).end());
  });
  let other: FixtureServer;
  beforeAll(async () => {
    other = await FixtureServer.start({ builtInRoutes: false });
    other.route('/robots.txt', (_req, res: ServerResponse) => void res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nVisit-time: 0600-0845\n'));
    other.route('/p/:n', (_req, res: ServerResponse) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>ok</p>'));
  });
  afterEach(async () => {
    await worker?.close();
    worker = null;
    server.reset();
    other.reset();
  });
  afterAll(async () => {
    await server.close();
    await other.close();
  });

  it('holds its pages until the window opens (not counted against retry.maxDeferrals) and fetches them inside it', async () => {
    file = 'User-agent: *\nVisit-time: 0600-0845\n';
    worker = robotsWorker(new MemoryRobotsCache(() => at('05:00')), {});
    const early = await worker.decide(server.url('/p/1'), at('05:00'));
    expect(early).toMatchObject({ type: 'defer', reason: 'robots/visit-time', untilMs: at('06:00') });
    expect(early).not.toHaveProperty('serverWait');
    expect(await worker.decide(server.url('/p/1'), at('06:00'))).toEqual({ type: 'continue' });
    expect(await worker.decide(server.url('/p/1'), at('09:00'))).toMatchObject({ type: 'defer', reason: 'robots/visit-time', untilMs: at('06:00', 1) });
    expect(server.requestsTo('/robots.txt')).toHaveLength(1);
    expect(worker.stats.get('robots/visit-time')).toBe(2);
  });

  it('refuses the pages of a file whose Visit-time cannot be read, saying why', async () => {
    file = 'User-agent: *\nVisit-time: at night\n';
    worker = robotsWorker(new MemoryRobotsCache(() => at('05:00')), {});
    const outcome = await worker.decide(server.url('/p/1'), at('05:00'));
    expect(outcome).toMatchObject({ type: 'fail', reason: 'robots/crawl-delay-unreadable' });
    expect(outcome.type === 'fail' && outcome.message).toContain('Visit-time');
  });

  it('stops a redirect to an origin outside its window before the hop is sent, and holds the request until then', async () => {
    file = 'User-agent: *\n';
    worker = robotsWorker(new MemoryRobotsCache(() => at('05:00')), {});
    // The target's file first, as a crawl that met the origin before would know it.
    await worker.decide(other.url('/p/1'), at('05:00'));
    expect(await worker.download(server.url('/away'), at('05:00'))).toMatchObject({ type: 'defer', reason: 'robots/visit-time', untilMs: at('06:00') });
    expect(other.requests.map((r) => r.url)).toEqual(['/robots.txt']);
  });
});
