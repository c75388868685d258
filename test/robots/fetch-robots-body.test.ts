// What fetchRobots reads from a 2xx robots.txt: the bytes as UTF-8 whatever the label, over HTTP in a browser crawl, redirects past a low cap.
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrawlRequest } from '../../src/core/request';
import type { Fetcher } from '../../src/fetch/fetcher';
import { FetchRouter, fetchModeResolver } from '../../src/fetch/fetch-router';
import { HttpFetcher } from '../../src/fetch/http-fetcher';
import { fetchRobots } from '../../src/robots/fetch-robots';
import { robotsText } from '../../src/robots/robots-body';
import { MAX_ROBOTS_BYTES } from '../../src/robots/robots-lines';
import { RobotsRules } from '../../src/robots/robots-rules';
import { settingsSchema } from '../../src/settings/schema';
import { FixtureServer } from '../support/fixture-server';
import { httpSettings } from '../fetch/fetch-test-helpers';

const UTF8_FILE = 'User-agent: *\nDisallow: /über/\n';
/** 700 KiB of random comments: its gzip is still over 500 KiB on the wire, so the wire is cut too. */
const RANDOM_FILE = `User-agent: *\nDisallow: /head/\n${randomBytes(520 * 1024).toString('base64').replace(/.{76}/g, '# $&\n')}\nDisallow: /tail/\n`;
/** 700 KiB: a rule in its head, one past the 500 KiB a crawler must parse (RFC 9309 §2.5), which Google ignores too. */
const BIG_FILE = `User-agent: *\nDisallow: /head/\n${'# filler\n'.repeat(700 * 1024 / 9)}Disallow: /tail/\n`;

/** A file a .NET handler writes as UTF-16; its Allow must not be read as widening anything else. */
const UTF16_FILE = 'User-agent: *\r\nDisallow: /private/\r\nAllow: /private/ok\r\nDisallow: /caf\u00e9/\r\n';

/** A small file whose last rules sit in the last bytes of its gzip stream. */
const SHORT_FILE_WITH_TAIL = `User-agent: *\nDisallow: /head/\n${'# filler\n'.repeat(50)}Disallow: /tail/\nDisallow: /end/\n`;

describe('fetchRobots: the body of a 2xx answer', () => {
  let server: FixtureServer;
  let fetcher: HttpFetcher;

  beforeAll(async () => {
    server = await FixtureServer.start({ builtInRoutes: false });
    for (const charset of ['iso-8859-1', 'utf-16', 'shift_jis']) {
      server.route(`/${charset}/robots.txt`, (_req, res) => void res.writeHead(200, { 'content-type': `text/plain; charset=${charset}` }).end(Buffer.from(UTF8_FILE)));
    }
    server.route('/meta/robots.txt', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(Buffer.from(`<meta charset="windows-1252">\n${UTF8_FILE}`)));
    server.route('/latin1/robots.txt', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain; charset=iso-8859-1' }).end(Buffer.from('User-agent: *\nDisallow: /\xfcber/\n', 'latin1')));
    // ASP.NET's Encoding.Unicode writes no BOM into a response: UTF-16 told only by the label, or by nothing.
    const utf16 = Buffer.from(UTF16_FILE, 'utf16le');
    server.route('/utf16le-bomless/robots.txt', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain; charset=utf-16' }).end(utf16));
    server.route('/utf16be-bomless/robots.txt', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end(Buffer.from(utf16).swap16()));
    server.route('/hops/robots.txt', (_req, res) => void res.writeHead(301, { location: '/hop/2' }).end());
    server.route('/hop/:n', (req, res) => {
      const n = Number(req.url!.split('/').pop());
      res.writeHead(302, { location: n > 1 ? `/hop/${n - 1}` : `/plain/robots.txt` }).end();
    });
    server.route('/plain/robots.txt', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /private\n'));
    server.route('/big/robots.txt', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end(BIG_FILE));
    server.route('/random-gzip/robots.txt', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' }).end(gzipSync(RANDOM_FILE)));
    server.route('/big-gzip/robots.txt', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' }).end(gzipSync(BIG_FILE)));
    // A gzip stream the server ended early (its Content-Length counts what it sent): the tail of the file is lost.
    const damaged = gzipSync(SHORT_FILE_WITH_TAIL);
    server.route('/damaged-gzip/robots.txt', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' }).end(damaged.subarray(0, damaged.length - 24)));
    // Kept gzipped on disk and sent as it is, with no Content-Encoding: whole, cut by the server, and over 500 KiB.
    const plainGzip = (body: Buffer) => (_req: unknown, res: import('node:http').ServerResponse) => void res.writeHead(200, { 'content-type': 'text/plain' }).end(body);
    server.route('/undeclared-gzip/robots.txt', plainGzip(gzipSync(SHORT_FILE_WITH_TAIL)));
    server.route('/undeclared-damaged/robots.txt', plainGzip(damaged.subarray(0, damaged.length - 24)));
    server.route('/undeclared-big/robots.txt', plainGzip(gzipSync(RANDOM_FILE)));
    // Under a binary type the fetcher keeps gzip as sent (a download); a robots.txt is text whatever its type says.
    server.route('/undeclared-binary/robots.txt', (_req, res) => void res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(gzipSync(SHORT_FILE_WITH_TAIL)));
    // The other way round: plain text under a coding label (a module that stopped compressing, a header set
    // twice, `gzip, gzip` over one gzip): the label lies, the bytes are the file. Binary bytes so labelled stay refused.
    const labelled = (coding: string, body: Buffer) => (_req: unknown, res: import('node:http').ServerResponse) => void res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': coding }).end(body);
    server.route('/labelled-gzip/robots.txt', labelled('gzip', Buffer.from(SHORT_FILE_WITH_TAIL)));
    server.route('/labelled-deflate/robots.txt', labelled('deflate', Buffer.from(SHORT_FILE_WITH_TAIL)));
    server.route('/labelled-twice/robots.txt', labelled('gzip, gzip', gzipSync(SHORT_FILE_WITH_TAIL)));
    server.route('/labelled-noise/robots.txt', labelled('gzip', Buffer.from([0x00, 0x01, 0x02, ...Buffer.from(SHORT_FILE_WITH_TAIL)])));
    fetcher = new HttpFetcher(httpSettings());
  });
  afterAll(async () => {
    await fetcher.close();
    await server.close();
  });

  // The files sit under a path per case; the origin ends in it, so `${origin}/robots.txt` is that case's file.
  const fetchFrom = (dir: string, via: Fetcher = fetcher) => {
    const origin = `${server.origin}/${dir}`;
    return fetchRobots({ fetcher: via, origin, page: new CrawlRequest({ url: `${origin}/p` }), attemptsBefore: 0, refetchAfterMs: 1000, nowMs: () => 0 });
  };
  const allowed = (text: string, path: string) => RobotsRules.parse(text).forAgent('pricecrawl').isAllowed(`https://example.com${path}`);

  it('reads the bytes as UTF-8 whatever charset the Content-Type or a meta tag names', async () => {
    for (const dir of ['iso-8859-1', 'utf-16', 'shift_jis']) expect(await fetchFrom(dir), dir).toMatchObject({ kind: 'rules', text: UTF8_FILE });
    const meta = await fetchFrom('meta');
    expect(meta.kind === 'rules' && allowed(meta.text, '/%C3%BCber/a')).toBe(false);
  });

  it('reads UTF-16 sent without a BOM as its rules, not as a file of NULs that allowed everything', async () => {
    for (const dir of ['utf16le-bomless', 'utf16be-bomless']) {
      const entry = await fetchFrom(dir);
      expect(entry, dir).toMatchObject({ kind: 'rules', text: UTF16_FILE });
      const verdicts = ['/private/x', '/private/ok', '/caf%C3%A9/x', '/open'].map((path) => entry.kind === 'rules' && allowed(entry.text, path));
      expect(verdicts, dir).toEqual([false, true, false, true]);
    }
  });

  it('keeps a byte that is not UTF-8 as the %XX a URL would carry, as Google does', async () => {
    const entry = await fetchFrom('latin1');
    expect(entry).toMatchObject({ kind: 'rules', text: 'User-agent: *\nDisallow: /%FCber/\n' });
    expect(entry.kind === 'rules' && allowed(entry.text, '/%FCber/a')).toBe(false);
  });

  it('fetches robots.txt over HTTP in a browser crawl: Chromium would hand back its HTML rendering of the text', async () => {
    const settings = settingsSchema.parse({ fetchMode: 'browser' });
    const hostKeyOf = (url: string) => new URL(url).host;
    let browserStarts = 0;
    const router = new FetchRouter({
      http: fetcher,
      browser: () => {
        browserStarts += 1;
        throw new Error('the browser was asked for robots.txt');
      },
      modeFor: fetchModeResolver(settings, undefined, hostKeyOf),
      hostKeyOf,
    });
    expect(await fetchFrom('plain', router)).toMatchObject({ kind: 'rules', text: 'User-agent: *\nDisallow: /private\n' });
    expect(browserStarts).toBe(0);
  });

  it("reads the head of a file larger than the fetcher's body cap instead of calling the host unreachable", async () => {
    const capped = new HttpFetcher(httpSettings({ maxBodyBytes: 600 * 1024 }));
    try {
      for (const dir of ['big', 'big-gzip', 'random-gzip']) {
        const entry = await fetchFrom(dir, capped);
        expect(entry.kind, dir).toBe('rules');
        expect(entry.kind === 'rules' && allowed(entry.text, '/head/a'), dir).toBe(false);
        expect(entry.kind === 'rules' && allowed(entry.text, '/tail/a'), dir).toBe(true);
      }
    } finally {
      await capped.close();
    }
  });

  it('reads a compressed stream the server ended early as unreachable, not as a file without its last rules', async () => {
    // Flushing it (as for a file we cut at 500 KiB ourselves) read the head as the whole file: /tail/ and /end/ were crawled.
    expect(await fetchFrom('damaged-gzip')).toMatchObject({ kind: 'unreachable', status: 'FETCH_DECOMPRESS' });
  });

  it('reads a gzipped file sent without Content-Encoding as its rules, not as binary noise that allowed everything', async () => {
    for (const dir of ['undeclared-gzip', 'undeclared-binary']) {
      const whole = await fetchFrom(dir);
      expect(whole.kind, dir).toBe('rules');
      for (const path of ['/head/a', '/tail/a', '/end/a']) expect(whole.kind === 'rules' && allowed(whole.text, path), `${dir} ${path}`).toBe(false);
    }
    // Cut by the server, its last rules are lost: unreachable. Cut by us past 500 KiB: its head.
    expect(await fetchFrom('undeclared-damaged')).toMatchObject({ kind: 'unreachable', status: 'FETCH_DECOMPRESS' });
    const capped = new HttpFetcher(httpSettings({ maxBodyBytes: 600 * 1024 }));
    try {
      const big = await fetchFrom('undeclared-big', capped);
      expect(big.kind === 'rules' && allowed(big.text, '/head/a')).toBe(false);
    } finally {
      await capped.close();
    }
  });

  it('reads plain text under a Content-Encoding it does not decode as the file, not as an unreachable origin', async () => {
    for (const dir of ['labelled-gzip', 'labelled-deflate', 'labelled-twice']) {
      const file = await fetchFrom(dir);
      expect(file.kind, dir).toBe('rules');
      for (const path of ['/head/a', '/tail/a', '/end/a']) expect(file.kind === 'rules' && allowed(file.text, path), `${dir} ${path}`).toBe(false);
    }
    // Bytes no text holds (a C0 control) are some coding's output: still unreachable, never read as rules.
    expect(await fetchFrom('labelled-noise')).toMatchObject({ kind: 'unreachable', status: 'FETCH_DECOMPRESS' });
  });

  it('does not read a fetcher redirect cap below five as "no robots.txt": the file behind it is not known', async () => {
    const capped = new HttpFetcher(httpSettings({ maxRedirects: 2 }));
    try {
      expect(await fetchFrom('hops', capped)).toMatchObject({ kind: 'unreachable', status: 'FETCH_TOO_MANY_REDIRECTS' });
      // With the default cap the same three hops reach the file.
      expect(await fetchFrom('hops')).toMatchObject({ kind: 'rules', text: 'User-agent: *\nDisallow: /private\n' });
    } finally {
      await capped.close();
    }
  });
});

describe('robotsText', () => {
  it('keeps well-formed UTF-8 (BOM included, which the line reader drops) and escapes each byte outside it', () => {
    const cases: Array<[bytes: number[], text: string]> = [
      [[0xef, 0xbb, 0xbf, 0x2f, 0xc3, 0xbc], '\ufeff/ü'],
      [[0x2f, 0xf0, 0x9f, 0x98, 0x80], '/\u{1F600}'],
      [[0x2f, 0xfc, 0x62], '/%FCb'],
      [[0x2f, 0xc0, 0xaf], '/%C0%AF'], // overlong "/"
      [[0x2f, 0xed, 0xa0, 0x80], '/%ED%A0%80'], // a UTF-16 surrogate
      [[0x2f, 0xf4, 0x90, 0x80, 0x80], '/%F4%90%80%80'], // above U+10FFFF
      [[0x2f, 0xe3, 0x83], '/%E3%83'], // cut off at the end
      [[0x2f, 0xe3, 0x83, 0x2f, 0xc3, 0xa4], '/%E3%83/ä'],
    ];
    for (const [bytes, text] of cases) expect(robotsText(Buffer.from(bytes)), bytes.join(' ')).toBe(text);
  });

  it('reads a file with a UTF-16 BOM as UTF-16: its rules, not a file of NULs that allowed everything', () => {
    const file = 'User-agent: *\r\nDisallow: /private/\r\nAllow: /private/ok\r\n';
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(file, 'utf16le')]);
    const be = Buffer.from(le).swap16();
    for (const bytes of [le, be]) {
      const rules = RobotsRules.parse(robotsText(bytes)).forAgent('pricecrawl');
      expect([rules.isAllowed('https://example.com/private/x'), rules.isAllowed('https://example.com/private/ok'), rules.isAllowed('https://example.com/p')]).toEqual([false, true, true]);
    }
  });

  it('reads UTF-16 without a BOM by the byte order whose reading has directives, and UTF-8 with a stray NUL as UTF-8', () => {
    const file = 'User-agent: pricecrawl\nDisallow: /\n';
    expect(robotsText(Buffer.from(file, 'utf16le'))).toBe(file);
    expect(robotsText(Buffer.from(file, 'utf16le').swap16())).toBe(file);
    // A NUL in a UTF-8 file cuts its line (robots-lines.ts); the rest of the file is read as it was.
    expect(robotsText(Buffer.from('User-agent: *\nDisallow: /a\0b\n'))).toBe('User-agent: *\nDisallow: /a\0b\n');
    // Binary bytes that read as no file either way stay as they were: no rules.
    const noise = Buffer.from([0x00, 0x01, 0x02, 0x03, 0xff, 0x00, 0x10, 0x20]);
    expect(RobotsRules.parse(robotsText(noise)).forAgent('pricecrawl').isAllowed('https://example.com/x')).toBe(true);
  });

  // A file a CMS or a saved copy serves as HTML: read raw, the first line's key was `<html><body><pre>User-agent`
  // and each `<br>`-ended value carried the tag, so no group named anyone and the host was crawled whole.
  it('reads a file served as an HTML document as the text a browser shows: its groups, not markup that named nobody', () => {
    const rules = (html: string) => RobotsRules.parse(robotsText(Buffer.from(html))).forAgent('pricecrawl');
    const verdicts = (html: string) => ['/private/x', '/private/ok', '/a&b/1', '/p'].map((path) => rules(html).isAllowed(`https://example.com${path}`));
    const wanted = [false, true, false, true];
    expect(verdicts('<html><body><pre>User-agent: *\nDisallow: /private/\nAllow: /private/ok\nDisallow: /a&amp;b/\n</pre></body></html>')).toEqual(wanted);
    expect(verdicts('<!DOCTYPE html>\n<p>User-agent: *<br>Disallow: /private/<br />Allow: /private/ok<BR>Disallow: /a&amp;b/</p>')).toEqual(wanted);
    expect(verdicts('<div>User-agent: *</div><div>Disallow: /private/</div><div>Allow: /private/ok</div><div>Disallow: /a&#38;b/</div>')).toEqual(wanted);
    // A soft 404 stays a page with no rules (the fetch warns of it), and a plain file is read as it is.
    expect(rules('<html><title>Not found</title><body><h1>404</h1></body></html>').isAllowed('https://example.com/private/x')).toBe(true);
    expect(robotsText(Buffer.from('User-agent: *\nDisallow: /a<b>/\n'))).toBe('User-agent: *\nDisallow: /a<b>/\n');
  });

  it('reads the first 500 KiB of a UTF-16 file without the line the limit cuts', () => {
    // The limit falls just after `Allow: /a/b` (the BOM is 2 bytes, each character 2 more).
    const head = `User-agent: *\nDisallow: /\n${'#'.repeat(MAX_ROBOTS_BYTES / 2 - 39)}\n`;
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${head}Allow: /a/b/c/d/e/f/g/h/i/j/k\n`, 'utf16le')]);
    expect(bytes.length).toBeGreaterThan(MAX_ROBOTS_BYTES);
    expect(Buffer.byteLength(head, 'utf16le') + 2).toBeLessThan(MAX_ROBOTS_BYTES);
    // Read whole, the cut Allow would allow a shorter path.
    expect(RobotsRules.parse(robotsText(bytes.subarray(0, MAX_ROBOTS_BYTES + 1))).forAgent('pricecrawl').isAllowed('https://example.com/a/b')).toBe(false);
  });

  it('drops a BOM cut short, as Google does: the first group keeps its user-agent line and its rules', () => {
    const file = Buffer.from('User-agent: *\nDisallow: /\n');
    for (const bom of [[0xef, 0xbb], [0xef], [0xef, 0xbb, 0xbf]]) {
      const text = robotsText(Buffer.concat([Buffer.from(bom), file]));
      expect(RobotsRules.parse(text).forAgent('pricecrawl').isAllowed('https://example.com/x'), bom.join(' ')).toBe(false);
    }
    // A whole character after EF (U+FF01) is text, not a BOM.
    expect(robotsText(Buffer.from([0xef, 0xbc, 0x81, 0x41]))).toBe('\uff01A');
  });
});
