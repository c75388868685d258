// A compressed robots.txt whose coding does not shrink it (stored deflate blocks, a long gzip header): its first 500 KiB are read whole, or not at all.
import { randomBytes } from 'node:crypto';
import { constants, crc32, deflateRawSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrawlRequest } from '../../src/core/request';
import { HttpFetcher } from '../../src/fetch/http-fetcher';
import { fetchRobots } from '../../src/robots/fetch-robots';
import { MAX_ROBOTS_BYTES } from '../../src/robots/robots-lines';
import { RobotsRules } from '../../src/robots/robots-rules';
import { FixtureServer } from '../support/fixture-server';
import { httpSettings } from '../fetch/fetch-test-helpers';

const HEAD = 'User-agent: *\nDisallow: /\n';
const ALLOW = 'Allow: /public/catalog/\n';
/** 600 KiB of text: past the 500 KiB a crawler must read (RFC 9309 §2.5). */
const SIZE = 600 * 1024;

/** Comment lines filling `bytes` exactly. */
function comments(bytes: number): string {
  const line = `#${'-'.repeat(98)}\n`;
  const rest = bytes % line.length;
  return line.repeat(Math.floor(bytes / line.length)) + (rest === 0 ? '' : `${'#'.repeat(rest - 1)}\n`);
}

/** The file with its Allow at byte `allowAt`, `SIZE` long: the same length gives the same stored blocks. */
function fileWithAllowAt(allowAt: number): string {
  const before = HEAD + comments(allowAt - HEAD.length);
  return before + ALLOW + comments(SIZE - before.length - ALLOW.length);
}

/** Level 0: stored deflate blocks, a little longer than the text itself. */
const storedGzip = (text: string) => gzipSync(text, { level: 0 });

/**
 * Where a wire cut at 500 KiB + 1 ends the text of such a stream (a little short of 500 KiB: block headers);
 * the Allow is put there, so that a head read only that far ends in `Allow: /p`, which under `Disallow: /`
 * lets in all of /p….
 */
const wireCutEnd = gunzipSync(storedGzip(fileWithAllowAt(HEAD.length + 100)).subarray(0, MAX_ROBOTS_BYTES + 1), { finishFlush: constants.Z_SYNC_FLUSH }).length;
const CUT_IN_ALLOW = fileWithAllowAt(wireCutEnd - 'Allow: /p'.length);

/** A gzip member whose header names a file of `nameBytes` bytes before the text: its text comes after them. */
function gzipWithLongName(text: string, nameBytes: number): Buffer {
  const content = Buffer.from(text);
  const header = Buffer.from([0x1f, 0x8b, 8, 0x08, 0, 0, 0, 0, 0, 3]);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(content), 0);
  trailer.writeUInt32LE(content.length, 4);
  return Buffer.concat([header, Buffer.alloc(nameBytes, 0x61), Buffer.from([0]), deflateRawSync(content), trailer]);
}

/** 700 KiB of random comments after a Disallow: its gzip is over 500 KiB too. */
const RANDOM_FILE = `${HEAD}${randomBytes(520 * 1024).toString('base64').replace(/.{76}/g, '# $&\n')}\n`;

describe('a gzipped robots.txt whose coding does not shrink it', () => {
  let server: FixtureServer;
  let fetcher: HttpFetcher;

  beforeAll(async () => {
    server = await FixtureServer.start({ builtInRoutes: false });
    const gzipped = (body: Buffer) => (_req: unknown, res: import('node:http').ServerResponse) => void res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' }).end(body);
    server.route('/stored/robots.txt', gzipped(storedGzip(CUT_IN_ALLOW)));
    server.route('/long-name/robots.txt', gzipped(gzipWithLongName(HEAD, 600 * 1024)));
    server.route('/endless-name/robots.txt', gzipped(gzipWithLongName(HEAD, 3 * 1024 * 1024)));
    // Kept gzipped and sent under a binary type without Content-Encoding: the fetcher reads its head as it is.
    server.route('/undeclared-binary-big/robots.txt', (_req, res) => void res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(gzipSync(RANDOM_FILE)));
    fetcher = new HttpFetcher(httpSettings());
  });
  afterAll(async () => {
    await fetcher.close();
    await server.close();
  });

  const fetchFrom = (dir: string) => {
    const origin = `${server.origin}/${dir}`;
    return fetchRobots({ fetcher, origin, page: new CrawlRequest({ url: `${origin}/p` }), attemptsBefore: 0, refetchAfterMs: 1000, nowMs: () => 0 });
  };
  const verdicts = (text: string, paths: string[]) => {
    const rules = RobotsRules.parse(text).forAgent('pricecrawl');
    return Object.fromEntries(paths.map((path) => [path, rules.isAllowed(`https://shop.example${path}`)]));
  };

  it('reads 500 KiB of the text, not of the stored blocks: a head cut inside an Allow let in all of /p…', async () => {
    const entry = await fetchFrom('stored');
    expect(entry).toMatchObject({ kind: 'rules', cut: true });
    expect(entry.kind === 'rules' && verdicts(entry.text, ['/private/orders', '/p', '/public/catalog/1'])).toEqual({ '/private/orders': false, '/p': false, '/public/catalog/1': true });
  });

  it('reads the file behind a long gzip header, not the empty text the header left within 500 KiB of the wire', async () => {
    const entry = await fetchFrom('long-name');
    expect(entry.kind === 'rules' && verdicts(entry.text, ['/', '/p/1'])).toEqual({ '/': false, '/p/1': false });
  });

  it('unpacks the head of a long gzipped file sent as bytes of a binary type', async () => {
    const entry = await fetchFrom('undeclared-binary-big');
    expect(entry).toMatchObject({ kind: 'rules', cut: true });
    expect(entry.kind === 'rules' && verdicts(entry.text, ['/', '/p/1'])).toEqual({ '/': false, '/p/1': false });
  });

  it('calls a file whose text does not start within twice 500 KiB of the wire unreachable: nothing of it was read', async () => {
    expect(await fetchFrom('endless-name')).toMatchObject({ kind: 'unreachable', status: 'FETCH_BODY_TOO_LARGE' });
  });
});
