// A header line continued on the next line (obs-fold, RFC 9112 §5.2): a user agent must read it as one line, as Chromium does; it was refused as FETCH_PROTOCOL.
import { createHash } from 'node:crypto';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpFetcher } from '../../src/fetch/http-fetcher';
import { RawAnswerServer } from '../support/raw-answer-server';
import { httpSettings, req } from './fetch-test-helpers';

/** windows-1252 bytes (0x80 is €), indented with CR LF and spaces as a page's markup often is. */
const PAGE = Buffer.from('<html><body>\r\n  <p class="price">12,99 \x80</p>\r\n</body></html>', 'latin1');
const FOLDED_HEAD = `HTTP/1.1 200 OK\r\nContent-Type: text/html;\r\n charset=windows-1252\r\nX-Served-By: cache-fra1\r\n\tcache-ams2\r\nContent-Length: ${PAGE.length}\r\n\r\n`;

let server: RawAnswerServer;
let fetcher: HttpFetcher;

beforeAll(async () => {
  server = await RawAnswerServer.start({
    '/folded': (socket) => socket.write(Buffer.concat([Buffer.from(FOLDED_HEAD, 'latin1'), PAGE])),
    '/folded-location': (socket) => socket.write('HTTP/1.1 302 Found\r\nLocation: /to\r\n  page\r\nContent-Length: 0\r\n\r\n'),
    '/to%20page': (socket) => socket.write(Buffer.concat([Buffer.from(FOLDED_HEAD, 'latin1'), PAGE])),
    // The fold's line end and its space in writes of their own, so they may come in different reads.
    '/folded-in-pieces': (socket: Socket) => {
      const [before, after] = [FOLDED_HEAD.slice(0, FOLDED_HEAD.indexOf('\r\n charset')), FOLDED_HEAD.slice(FOLDED_HEAD.indexOf('\r\n charset') + 2)];
      socket.write(before);
      socket.write('\r\n', () => socket.write(Buffer.concat([Buffer.from(after, 'latin1'), PAGE])));
    },
  });
  fetcher = new HttpFetcher(httpSettings({ timeoutMs: 5000, keepAliveConnectionsPerHost: 1 }));
});

afterAll(async () => {
  await fetcher.close();
  await server.close();
});

describe('a folded header line', () => {
  it('is read as one line, the fold one space (as Chromium reads it): the charset on its continuation decodes the page, the body kept byte for byte', async () => {
    const res = await fetcher.fetch(req(server.url('/folded')));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=windows-1252');
    expect(res.headers['x-served-by']).toBe('cache-fra1 cache-ams2');
    expect(res.$('.price').text()).toBe('12,99 €');
    expect(res.rawHash).toBe(createHash('sha256').update(PAGE).digest('hex'));
  });

  it('in a Location leads where Chromium goes: the fold one space', async () => {
    const res = await fetcher.fetch(req(server.url('/folded-location')));
    expect(res.url).toBe(server.url('/to%20page'));
  });

  it('is read so on every answer of a kept-alive connection, whichever reads its bytes come in', async () => {
    for (const path of ['/folded-in-pieces', '/folded', '/folded-in-pieces']) {
      const res = await fetcher.fetch(req(server.url(path)));
      expect([path, res.$('.price').text(), res.body.equals(PAGE)]).toEqual([path, '12,99 €', true]);
    }
  });
});
