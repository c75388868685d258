// A robots.txt saved in Latin-1 (an old shop's editor) whose Disallow paths hold letters outside ASCII, while its links are UTF-8.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { robotsText } from '../../src/robots/robots-body';
import { RobotsRules } from '../../src/robots/robots-rules';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

/** The file as a German shop's Windows editor saved it: `ü`, `ä` and `ß` one byte each. */
const LATIN1_ROBOTS = Buffer.from('User-agent: *\r\nDisallow: /angebote/für-händler/\r\nDisallow: /*?maß=\r\nAllow: /öffentlich/\r\nDisallow: /ö\r\n', 'latin1');

const rules = () => RobotsRules.parse(robotsText(LATIN1_ROBOTS)).forAgent('pricecrawl');
const allowed = (path: string) => rules().isAllowed(`https://shop.example${path}`);

describe('a Latin-1 robots.txt', () => {
  it('keeps crawlers out of the pages its Disallow names, whether their links are spelt in UTF-8 or Latin-1', () => {
    expect(allowed('/angebote/f%C3%BCr-h%C3%A4ndler/1')).toBe(false);
    expect(allowed('/angebote/für-händler/1')).toBe(false);
    expect(allowed('/angebote/f%FCr-h%E4ndler/1')).toBe(false);
    expect(allowed('/liste?ma%C3%9F=42')).toBe(false);
    expect(allowed('/angebote/fuer-haendler/1')).toBe(true);
    expect(allowed('/angebote/1')).toBe(true);
  });

  it('widens no Allow by the guess: only the byte the file holds is allowed', () => {
    expect(allowed('/%F6ffentlich/a')).toBe(true);
    expect(allowed('/%C3%B6ffentlich/a')).toBe(false);
  });

  // Files labelled Latin-1 are windows-1252 (as every browser reads the label): 0x80-0x9F are letters, not C1 controls.
  it('reads the windows-1252 letters of 0x80-0x9F as the shop means them (œ, €, Š), in the file and in a legacy link', () => {
    const file = Buffer.concat([Buffer.from('User-agent: *\nDisallow: /c'), Buffer.from([0x9c]), Buffer.from('ur/\nDisallow: /prix-'), Buffer.from([0x80]), Buffer.from('/\n')]);
    const cp1252 = RobotsRules.parse(robotsText(file)).forAgent('pricecrawl');
    expect(cp1252.isAllowed('https://shop.example/c%C5%93ur/1')).toBe(false);
    expect(cp1252.isAllowed('https://shop.example/prix-%E2%82%AC/1')).toBe(false);
    expect(cp1252.isAllowed('https://shop.example/c%C2%9Cur/1')).toBe(true);
    const utf8 = RobotsRules.parse('User-agent: *\nDisallow: /Šport/\n').forAgent('pricecrawl');
    expect(utf8.isAllowed('https://shop.example/%8Aport/1')).toBe(false);
  });

  it('reads a UTF-8 file as it is: its letters are not read again as Latin-1', () => {
    const utf8 = RobotsRules.parse(robotsText(Buffer.from('User-agent: *\nDisallow: /für/\n', 'utf8'))).forAgent('pricecrawl');
    expect(utf8.isAllowed('https://shop.example/f%C3%BCr/1')).toBe(false);
    expect(utf8.isAllowed('https://shop.example/f%C3%83%C2%BCr/1')).toBe(true);
  });
});

describe('a crawl of a shop whose robots.txt is Latin-1 and whose links are UTF-8', () => {
  let shop: FixtureServer;

  beforeAll(async () => {
    [shop] = await startFixtureServers(1, { builtInRoutes: false });
    shop.route('/robots.txt', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain; charset=iso-8859-1' }).end(LATIN1_ROBOTS));
    shop.route('/angebote/:dir/:n', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<p class="price">9.99</p>'));
  });
  afterAll(() => closeFixtureServers([shop]));

  it('fetches no page under the path the file disallows, and records why', async () => {
    const storage = tempStorageDir('robots-latin1');
    try {
      const urls = [shop.url('/angebote/für-händler/1'), shop.url('/angebote/alle/1')];
      const result = await crawlInProcess(new UrlListSpider(urls), storage.dir, { politeness: { minIntervalMs: 0, jitterMs: 0 }, log: { statsIntervalMs: 0 } });
      expect(shop.requests.map((r) => r.path).filter((path) => path !== '/robots.txt')).toEqual(['/angebote/alle/1']);
      expect(result.summary.ledger.failedByReason['robots/disallowed']).toBe(1);
    } finally {
      storage.cleanup();
    }
  });
});
