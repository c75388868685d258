// A robots.txt whose end only its connection's close marks (HTTP/1.0, `Connection: close` without a length): a FIN inside its last line.
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrawlRequest } from '../../src/core/request';
import { HttpFetcher } from '../../src/fetch/http-fetcher';
import { fetchRobots } from '../../src/robots/fetch-robots';
import { RobotsRules } from '../../src/robots/robots-rules';
import { RawAnswerServer } from '../support/raw-answer-server';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';
import { httpSettings } from '../fetch/fetch-test-helpers';

/** The shop lets crawlers into its public catalogue only. */
const FILE = 'User-agent: *\nDisallow: /\nAllow: /public/catalog/\n';
/** The same file cut by a clean close two bytes into its Allow's path: `Allow: /p`, which lets in all of /p…. */
const CUT_IN_ALLOW = FILE.slice(0, FILE.indexOf('/public/') + 2);
/** Cut inside a user-agent line that names another crawler (`pricecrawl-images`): read whole, it names us. */
const CUT_IN_AGENT = 'User-agent: *\nDisallow: /\n\nUser-agent: pricecrawl';
/** Cut inside a Disallow: what is left keeps out more than the whole line, never less. */
const CUT_IN_DISALLOW = 'User-agent: *\nDisallow: /private/\nDisallow: /ca';

const closeDelimited = (body: string) => (socket: Socket) => socket.end(`HTTP/1.0 200 OK\r\ncontent-type: text/plain\r\n\r\n${body}`);
const withLength = (body: string) => (socket: Socket) => socket.write(`HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);

describe('a robots.txt delimited by its connection close', () => {
  let server: RawAnswerServer;
  let fetcher: HttpFetcher;

  beforeAll(async () => {
    server = await RawAnswerServer.start({
      '/cut-allow/robots.txt': closeDelimited(CUT_IN_ALLOW),
      '/cut-agent/robots.txt': closeDelimited(CUT_IN_AGENT),
      '/cut-disallow/robots.txt': closeDelimited(CUT_IN_DISALLOW),
      '/whole/robots.txt': closeDelimited(FILE),
      '/framed-no-newline/robots.txt': withLength(FILE.trimEnd()),
      '/close-no-newline-delay/robots.txt': closeDelimited('User-agent: *\nDisallow: /private/\nCrawl-delay: 4'),
      '/close-no-newline-visit/robots.txt': closeDelimited('User-agent: *\nDisallow: /private/\nVisit-time: 1000-1245'),
    });
    fetcher = new HttpFetcher(httpSettings());
  });
  afterAll(async () => {
    await fetcher.close();
    await server.close();
  });

  const fetchFrom = (dir: string) => {
    const origin = server.url(`/${dir}`);
    return fetchRobots({ fetcher, origin, page: new CrawlRequest({ url: `${origin}/p` }), attemptsBefore: 0, refetchAfterMs: 1000, nowMs: () => 0 });
  };
  const verdicts = async (dir: string, paths: string[]) => {
    const entry = await fetchFrom(dir);
    if (entry.kind !== 'rules') throw new Error(`expected rules, got ${JSON.stringify(entry)}`);
    const rules = RobotsRules.parse(entry.text).forAgent('pricecrawl');
    return Object.fromEntries(paths.map((path) => [path, rules.isAllowed(`https://shop.example${path}`)]));
  };

  it('does not read an unterminated last Allow as the rule: a cut one lets in more than the file does', async () => {
    expect(await verdicts('cut-allow', ['/private/orders', '/p', '/public/catalog/1'])).toEqual({ '/private/orders': false, '/p': false, '/public/catalog/1': false });
    expect(await fetchFrom('cut-allow')).toMatchObject({ kind: 'rules', openEnd: true });
  });

  it('does not read an unterminated last user-agent line as naming us: the * group holds', async () => {
    expect(await verdicts('cut-agent', ['/', '/p/1'])).toEqual({ '/': false, '/p/1': false });
  });

  it('keeps an unterminated last Disallow or Crawl-delay: cut, they never allow more than the whole line', async () => {
    expect(await verdicts('cut-disallow', ['/private/x', '/cart', '/catalog', '/about'])).toEqual({ '/private/x': false, '/cart': false, '/catalog': false, '/about': true });
    const entry = await fetchFrom('close-no-newline-delay');
    expect(entry).not.toHaveProperty('openEnd');
    expect(entry.kind === 'rules' && RobotsRules.parse(entry.text).forAgent('pricecrawl').crawlDelayMs).toBe(4000);
  });

  // Dropped, the line left no hours at all, so the shop was crawled at any hour; what a cut leaves is never wider than that.
  it('keeps an unterminated last Visit-time: its hours hold', async () => {
    const entry = await fetchFrom('close-no-newline-visit');
    expect(entry).not.toHaveProperty('openEnd');
    const rules = entry.kind === 'rules' ? RobotsRules.parse(entry.text).forAgent('pricecrawl') : null;
    expect(rules?.nextVisitAtMs(Date.UTC(2031, 0, 1, 9))).toBe(Date.UTC(2031, 0, 1, 10));
  });

  it('reads the whole file as it is, and an unterminated last line whose length the server framed', async () => {
    expect(await verdicts('whole', ['/private/orders', '/public/catalog/1'])).toEqual({ '/private/orders': false, '/public/catalog/1': true });
    expect(await fetchFrom('whole')).not.toHaveProperty('openEnd');
    expect(await verdicts('framed-no-newline', ['/private/orders', '/public/catalog/1'])).toEqual({ '/private/orders': false, '/public/catalog/1': true });
  });
});

describe('a crawl of a shop whose robots.txt a clean close cut inside its last Allow', () => {
  let server: RawAnswerServer;
  let result: TestCrawlResult;
  const storage = tempStorageDir('robots-open-end');
  const lines: Array<Record<string, unknown>> = [];
  const pagesSent: string[] = [];
  const PAGES = ['/private/orders', '/p', '/public/catalog/1'];

  beforeAll(async () => {
    const page = (path: string) => (socket: Socket) => {
      pagesSent.push(path);
      withLength('<p class="price">9.99</p>')(socket);
    };
    server = await RawAnswerServer.start({ '/robots.txt': closeDelimited(CUT_IN_ALLOW), ...Object.fromEntries(PAGES.map((path) => [path, page(path)])) });
    result = await crawlInProcess(new UrlListSpider(PAGES.map((path) => server.url(path))), storage.dir, { politeness: { minIntervalMs: 0, jitterMs: 0 }, log: { statsIntervalMs: 0 } }, { logLines: lines });
  }, 60_000);
  afterAll(async () => {
    await server.close();
    storage.cleanup();
  });

  it('fetches none of the pages the cut Allow would have let in, and says why the line was not read', () => {
    expect(pagesSent).toEqual([]);
    expect(result.summary.handling).toMatchObject({ 'robots/open-end': 1, 'robots/disallowed': 3 });
    const warning = lines.find((line) => line.url === server.url('/robots.txt'));
    expect(warning).toMatchObject({ level: 40, status: 200, rules: true });
  });
});
