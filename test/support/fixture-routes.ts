// The fixture server's built-in hostile routes: broken HTML, legacy charsets, huge, compressed, cut-off bodies.
import type { ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import { charsetPage, type CharsetSample, type Declaration } from './charset-samples';
import type { FixtureServer, RouteHandler } from './fixture-server';

/** The page every compressed route serves; tests compare the decoded body with it. */
export const COMPRESSIBLE_PAGE = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Compressed</title></head><body>${Array.from(
  { length: 200 },
  (_, i) => `<div class="product" data-sku="SKU-${i}"><span class="price">€ ${i}.99</span></div>`,
).join('')}</body></html>`;

export const MALFORMED_PAGE =
  '<html><head><title>Broken</title><body><div class="price">€ 12,<b>99</div><p>unclosed <a href="/next>next</a>' +
  '<table><tr><td>cell</div></table><script>var x = "</scr"+"ipt>";</script><div class=price>13.50';

const HTML = 'text/html; charset=utf-8';

type Register = (pattern: string, handler: RouteHandler) => void;

export function registerHostileRoutes(server: FixtureServer, add: Register): void {
  add('/malformed', (_req, res) => void res.writeHead(200, { 'content-type': HTML }).end(MALFORMED_PAGE));

  // `?decl=header|meta|http-equiv|xml|none|lying` and optional `?label=` (the charset label written).
  add('/charset/:sample', (_req, res, { url, params }) => {
    const sample = params.sample === 'sjis' ? 'sjis' : params.sample === 'win1252' ? 'win1252' : null;
    if (!sample) return void res.writeHead(404).end();
    const page = charsetPage(sample as CharsetSample, (url.searchParams.get('decl') ?? 'header') as Declaration, url.searchParams.get('label') ?? undefined);
    res.writeHead(200, { 'content-type': page.contentType, 'content-length': page.body.length }).end(page.body);
  });

  // `?bytes=N` (default server.bigBytes), `?length=1` sends Content-Length, otherwise chunked.
  add('/big', (_req, res, { url, record }) => {
    const total = Number(url.searchParams.get('bytes') ?? server.bigBytes);
    const headers: Record<string, string | number> = { 'content-type': 'application/octet-stream' };
    if (url.searchParams.get('length') === '1') headers['content-length'] = total;
    res.writeHead(200, headers);
    streamBytes(res, total, (n) => (record.bodyBytesSent += n));
  });

  add('/redirect-loop', (_req, res, { url }) => {
    const next = url.searchParams.get('hop') === '2' ? '/redirect-loop' : '/redirect-loop?hop=2';
    res.writeHead(302, { location: next }).end();
  });

  // `?url=` is sent as Location verbatim (absent: no Location at all); `?status=` defaults to 302.
  add('/redirect-to', (_req, res, { url }) => {
    const location = url.searchParams.get('url');
    const status = Number(url.searchParams.get('status') ?? 302);
    res.writeHead(status, location === null ? {} : { location }).end();
  });

  // /redirect-chain/3 → /redirect-chain/2 → … → /redirect-chain/0, which answers 200.
  add('/redirect-chain/:n', (_req, res, { params }) => {
    const n = Number(params.n);
    if (n <= 0) return void res.writeHead(200, { 'content-type': HTML }).end('<p>end of chain</p>');
    res.writeHead(302, { location: `/redirect-chain/${n - 1}` }).end();
  });

  // `?when=headers` cuts the socket before any byte; default: after the headers and part of the body.
  add('/reset', (_req, res, { url }) => {
    if (url.searchParams.get('when') === 'headers') return void res.socket?.destroy();
    res.writeHead(200, { 'content-type': HTML, 'content-length': 10_000 });
    res.write('<html><body><p class="price">€ 1', () => res.socket?.destroy());
  });

  add('/hang', () => {
    // Never answers; FixtureServer.close() destroys the socket.
  });

  add('/gzip', (_req, res) => compressed(res, 'gzip', encodedPage('gzip')));
  add('/x-gzip', (_req, res) => compressed(res, 'x-gzip', encodedPage('gzip')));
  add('/br', (_req, res) => compressed(res, 'br', encodedPage('br')));
  // `?raw=1`: raw deflate without the zlib wrapper, as some servers send.
  add('/deflate', (_req, res, { url }) => {
    compressed(res, 'deflate', encodedPage(url.searchParams.get('raw') === '1' ? 'deflate-raw' : 'deflate'));
  });
  // Two codings, applied gzip first: the client must undo br, then gzip.
  add('/gzip-br', (_req, res) => compressed(res, 'gzip, br', encodedPage('gzip-br')));

  // `?mode=corrupt` (default: damaged deflate data), `garbage` (not gzip at all), `truncated`.
  add('/bad-gzip', (_req, res, { url }) => {
    const good = encodedPage('gzip');
    const mode = url.searchParams.get('mode') ?? 'corrupt';
    let body: Buffer;
    if (mode === 'garbage') body = Buffer.from('this is not gzip at all');
    else if (mode === 'truncated') body = good.subarray(0, Math.floor(good.length / 2));
    else {
      body = Buffer.from(good);
      for (let i = 20; i < 60; i++) body[i] = body[i]! ^ 0xa5;
    }
    compressed(res, 'gzip', body);
  });

  // A gzip bomb: `?bytes=N` zeros (default 64 MiB) in a few KB of gzip.
  add('/bomb', (_req, res, { url }) => compressed(res, 'gzip', gzipOfZeros(Number(url.searchParams.get('bytes') ?? 64 * 1024 * 1024))));

  // `?retry-after=` adds the header verbatim; `?location=` for 3xx tests.
  add('/status/:code', (_req, res, { url, params }) => {
    const headers: Record<string, string> = { 'content-type': 'text/plain' };
    const retryAfter = url.searchParams.get('retry-after');
    if (retryAfter !== null) headers['retry-after'] = retryAfter;
    const location = url.searchParams.get('location');
    if (location !== null) headers.location = location;
    res.writeHead(Number(params.code), headers).end(`status ${params.code}`);
  });

  // Answers after `?ms=` (default 1000); the timer is the fixture's behaviour, not test synchronisation.
  add('/slow', (_req, res, { url, later }) => {
    later(Number(url.searchParams.get('ms') ?? 1000), () => res.writeHead(200, { 'content-type': HTML }).end('<p>slow</p>'));
  });

  // What the server received, as JSON: method, url, headers, body.
  add('/echo', (req, res, { record }) => {
    const body = JSON.stringify({ method: req.method, url: record.url, headers: req.headers, body: record.body });
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
}

function compressed(res: ServerResponse, encoding: string, body: Buffer): void {
  res.writeHead(200, { 'content-type': HTML, 'content-encoding': encoding, 'content-length': body.length }).end(body);
}

/** Writes `total` bytes honouring backpressure, and stops as soon as the client goes away. */
function streamBytes(res: ServerResponse, total: number, onWritten: (bytes: number) => void): void {
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  let sent = 0;
  let closed = false;
  res.once('close', () => (closed = true));
  const pump = (): void => {
    while (!closed && sent < total) {
      const size = Math.min(chunk.length, total - sent);
      sent += size;
      onWritten(size);
      if (!res.write(size === chunk.length ? chunk : chunk.subarray(0, size))) {
        res.once('drain', pump);
        return;
      }
    }
    if (!closed) res.end();
  };
  pump();
}

type PageCoding = 'gzip' | 'br' | 'deflate' | 'deflate-raw' | 'gzip-br';
const encodedPages = new Map<PageCoding, Buffer>();
/** Compressed once per process: brotli at its default quality costs ~100 ms per call. */
function encodedPage(coding: PageCoding): Buffer {
  let body = encodedPages.get(coding);
  if (!body) {
    const page = Buffer.from(COMPRESSIBLE_PAGE);
    if (coding === 'gzip') body = zlib.gzipSync(page);
    else if (coding === 'br') body = zlib.brotliCompressSync(page);
    else if (coding === 'deflate') body = zlib.deflateSync(page);
    else if (coding === 'deflate-raw') body = zlib.deflateRawSync(page);
    else body = zlib.brotliCompressSync(zlib.gzipSync(page));
    encodedPages.set(coding, body);
  }
  return body;
}

const bombs = new Map<number, Buffer>();
function gzipOfZeros(bytes: number): Buffer {
  let bomb = bombs.get(bytes);
  if (!bomb) {
    bomb = zlib.gzipSync(Buffer.alloc(bytes), { level: 9 });
    bombs.set(bytes, bomb);
  }
  return bomb;
}
