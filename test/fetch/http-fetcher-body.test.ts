// Bodies: the byte cap (exact at the boundary, on the wire and decoded), content codings, corrupt data.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HttpFetcher } from '../../src/fetch/http-fetcher';
import { FixtureServer } from '../support/fixture-server';
import { COMPRESSIBLE_PAGE } from '../support/fixture-routes';
import { fetchError, httpSettings, req } from './fetch-test-helpers';

const CAP = 100_000;
let server: FixtureServer;
let fetcher: HttpFetcher;

beforeAll(async () => {
  server = await FixtureServer.start();
  server.route('/zstd', (_req, res) => void res.writeHead(200, { 'content-encoding': 'zstd' }).end('not really zstd'));
  fetcher = new HttpFetcher(httpSettings({ maxBodyBytes: CAP }));
});

afterAll(async () => {
  await fetcher.close();
  await server.close();
});

afterEach(() => server.reset());

describe('byte cap', () => {
  it.each([
    ['Content-Length', '&length=1'],
    ['chunked', ''],
  ])('%s: exactly the cap is fine, one byte more is FETCH_BODY_TOO_LARGE', async (_name, length) => {
    const ok = await fetcher.fetch(req(server.url(`/big?bytes=${CAP}${length}`)));
    expect(ok.body.length).toBe(CAP);
    const error = await fetchError(fetcher.fetch(req(server.url(`/big?bytes=${CAP + 1}${length}`))));
    expect(error.code).toBe('FETCH_BODY_TOO_LARGE');
  });

  it('stops reading a body far over the cap and cuts the connection', async () => {
    const total = 256 * 1024 * 1024;
    const started = performance.now();
    const error = await fetchError(fetcher.fetch(req(server.url(`/big?bytes=${total}`))));
    expect(error.code).toBe('FETCH_BODY_TOO_LARGE');
    const [record] = server.requestsTo('/big');
    await record!.closed;
    expect(record!.outcome).toBe('aborted');
    // Only what fitted into socket buffers was written, not the 256 MiB.
    expect(record!.bodyBytesSent).toBeLessThan(total / 8);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('a declared Content-Length over the cap fails before the body is read', async () => {
    const error = await fetchError(fetcher.fetch(req(server.url(`/big?bytes=${64 * 1024 * 1024}&length=1`))));
    expect(error.code).toBe('FETCH_BODY_TOO_LARGE');
    expect(error.message).toContain('Content-Length');
  });

  it('the same fetcher still works after a capped response', async () => {
    expect((await fetcher.fetch(req(server.url('/echo')))).status).toBe(200);
  });
});

describe('content codings', () => {
  it.each(['/gzip', '/x-gzip', '/br', '/deflate', '/deflate?raw=1', '/gzip-br'])('%s is decoded', async (path) => {
    const res = await fetcher.fetch(req(server.url(path)));
    expect(res.body.equals(Buffer.from(COMPRESSIBLE_PAGE))).toBe(true);
    expect(res.text).toBe(COMPRESSIBLE_PAGE);
    expect(res.$('.product').length).toBe(200);
  });

  it('the raw hash is of the decoded bytes, the same for every coding', async () => {
    const hashes = new Set<string>();
    for (const path of ['/gzip', '/br', '/deflate']) hashes.add((await fetcher.fetch(req(server.url(path)))).rawHash);
    expect(hashes.size).toBe(1);
  });

  it.each(['corrupt', 'garbage', 'truncated'])('a %s gzip body is FETCH_DECOMPRESS', async (mode) => {
    const error = await fetchError(fetcher.fetch(req(server.url(`/bad-gzip?mode=${mode}`))));
    expect(error.code).toBe('FETCH_DECOMPRESS');
  });

  it('an unsupported coding is FETCH_DECOMPRESS, not garbage text', async () => {
    const error = await fetchError(fetcher.fetch(req(server.url('/zstd'))));
    expect(error.code).toBe('FETCH_DECOMPRESS');
    expect(error.message).toContain('zstd');
  });

  it('the cap applies to decoded bytes: exactly the cap inflates, one more byte is a bomb', async () => {
    const ok = await fetcher.fetch(req(server.url(`/bomb?bytes=${CAP}`)));
    expect(ok.body.length).toBe(CAP);
    const error = await fetchError(fetcher.fetch(req(server.url(`/bomb?bytes=${CAP + 1}`))));
    expect(error.code).toBe('FETCH_BODY_TOO_LARGE');
  });

  it('a 64 MiB gzip bomb is stopped at the cap, quickly', async () => {
    const started = performance.now();
    const error = await fetchError(fetcher.fetch(req(server.url('/bomb'))));
    expect(error.code).toBe('FETCH_BODY_TOO_LARGE');
    expect(error.message).toContain('decoded');
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
