// How a body's end is known (RFC 9112 §6.3) when the server breaks it off: a body cut short is never a page.
import diagnosticsChannel from 'node:diagnostics_channel';
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpFetcher } from '../../src/fetch/http-fetcher';
import { FixtureServer } from '../support/fixture-server';
import { fetchError, httpSettings, req } from './fetch-test-helpers';

let server: FixtureServer;
let fetcher: HttpFetcher;
const PARTIAL = '<html><body><p class="price">12';

/** Resolves when undici has parsed the head of an answer to `path` (bytes written with it were read too). */
function headersParsed(path: string): Promise<void> {
  return new Promise((resolve) => {
    const listener = (message: unknown): void => {
      if ((message as { request: { path: string } }).request.path !== path) return;
      diagnosticsChannel.unsubscribe('undici:request:headers', listener);
      resolve();
    };
    diagnosticsChannel.subscribe('undici:request:headers', listener);
  });
}

/** Writes `head` and the start of a page in one write, then resets the connection once the client has read them. */
function resetAfterPartial(res: ServerResponse, path: string, head: string, body = PARTIAL): void {
  const socket = res.socket!;
  void headersParsed(path).then(() => socket.resetAndDestroy());
  socket.write(`${head}\r\n\r\n${body}`);
}

beforeAll(async () => {
  server = await FixtureServer.start({ builtInRoutes: false });
  server.route('/close-delimited-reset', (_req, res) => resetAfterPartial(res, '/close-delimited-reset', 'HTTP/1.1 200 OK\r\ncontent-type: text/html\r\nconnection: close'));
  server.route('/http10-reset', (_req, res) => resetAfterPartial(res, '/http10-reset', 'HTTP/1.0 200 OK\r\ncontent-type: text/html'));
  server.route('/chunked-reset', (_req, res) => resetAfterPartial(res, '/chunked-reset', 'HTTP/1.1 200 OK\r\ncontent-type: text/html\r\ntransfer-encoding: chunked\r\nconnection: close', `${PARTIAL.length.toString(16)}\r\n${PARTIAL}\r\n`));
  server.route('/length-reset', (_req, res) => resetAfterPartial(res, '/length-reset', 'HTTP/1.1 200 OK\r\ncontent-type: text/html\r\nconnection: close\r\ncontent-length: 60'));
  server.route('/close-delimited-fin', (_req, res) => void res.socket!.end('HTTP/1.1 200 OK\r\ncontent-type: text/html\r\n\r\n<p class="price">12.99</p>'));
  fetcher = new HttpFetcher(httpSettings({ timeoutMs: 5000 }));
});

afterAll(async () => {
  await fetcher.close();
  await server.close();
});

describe('a body delimited by the close of its connection', () => {
  it.each(['/close-delimited-reset', '/http10-reset'])('%s: cut by a reset → FETCH_CONNECTION_RESET, never the cut page', async (path) => {
    const error = await fetchError(fetcher.fetch(req(server.url(path))));
    expect(error.code).toBe('FETCH_CONNECTION_RESET');
  });

  it('ended by a graceful close is the whole page, as in every client', async () => {
    const res = await fetcher.fetch(req(server.url('/close-delimited-fin')));
    expect(res.text).toBe('<p class="price">12.99</p>');
  });
});

describe('a body with its own framing, then a reset', () => {
  it.each(['/chunked-reset', '/length-reset'])('%s → FETCH_CONNECTION_RESET', async (path) => {
    const error = await fetchError(fetcher.fetch(req(server.url(path))));
    expect(error.code).toBe('FETCH_CONNECTION_RESET');
  });
});
