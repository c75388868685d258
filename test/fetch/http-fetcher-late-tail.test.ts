// Bytes of an answer that come after its Content-Length, in a later read (its rest, or a whole second answer): the next answer on the connection is not theirs.
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpFetcher } from '../../src/fetch/http-fetcher';
import { RawAnswerServer } from '../support/raw-answer-server';
import { fetchError, httpSettings, req } from './fetch-test-helpers';

const PAGE = `<html><body><h1>${'商'.repeat(11)}</h1><p class="price">12,800円</p></body></html>`;
const HEAD = 'HTTP/1.1 200 OK\r\ncontent-type: text/html; charset=utf-8\r\n';
/** A second answer a server writes for one request (a response split, an error page after the page): another price, or a redirect away. */
const SPLIT_PAGE = '<html><body><p class="price">0,01円</p></body></html>';
const SPLITS: Record<string, string> = {
  page: `${HEAD}content-length: ${Buffer.byteLength(SPLIT_PAGE)}\r\n\r\n${SPLIT_PAGE}`,
  redirect: 'HTTP/1.1 302 Found\r\nlocation: /elsewhere\r\ncontent-length: 0\r\n\r\n',
};

let server: RawAnswerServer;
let fetcher: HttpFetcher;
/** The bytes a connection still owes past its last answer's length: written just before its next answer. */
const owed = new Map<Socket, Buffer>();

function answer(socket: Socket, bytes: Buffer, length = bytes.length): void {
  const late = owed.get(socket);
  owed.delete(socket);
  socket.write(Buffer.concat([...(late ? [late] : []), Buffer.from(`${HEAD}content-length: ${length}\r\n\r\n`), bytes.subarray(0, length)]));
  if (length < bytes.length) owed.set(socket, bytes.subarray(length));
}

beforeAll(async () => {
  server = await RawAnswerServer.start({
    // A length counted in characters: 24 bytes short, which the server writes only later.
    '/length-in-characters': (socket) => answer(socket, Buffer.from(PAGE), PAGE.length),
    '/whole': (socket) => answer(socket, Buffer.from(PAGE)),
    // A whole page, then a second answer nobody asked for, which the server writes only later.
    ...Object.fromEntries(Object.entries(SPLITS).map(([name, split]) => [`/split-${name}-later`, (socket: Socket) => {
      answer(socket, Buffer.from(PAGE));
      owed.set(socket, Buffer.from(split));
    }])),
    // The same second answer in the same write as the page, on a fresh connection.
    '/split-page-at-once': (socket) => {
      answer(socket, Buffer.from(PAGE));
      socket.write(SPLITS.page!);
    },
    '/elsewhere': (socket) => answer(socket, Buffer.from(SPLIT_PAGE)),
  });
  fetcher = new HttpFetcher(httpSettings({ timeoutMs: 5000, keepAliveConnectionsPerHost: 1 }));
});

afterAll(async () => {
  await fetcher.close();
  await server.close();
});

it('the next page on the connection, whose answer the late bytes precede, is fetched again on a new one, not lost as FETCH_PROTOCOL', async () => {
  const cut = await fetcher.fetch(req(server.url('/length-in-characters')));
  // The transport cannot know yet: the page layer refuses its price (test/engine/cut-price-crawl.test.ts).
  expect(cut.text.endsWith('<p class="price">12,')).toBe(true);
  const next = await fetcher.fetch(req(server.url('/whole')));
  expect(next.text).toBe(PAGE);
});

describe('a second answer nobody asked for, behind a whole one', () => {
  // Before: the owed answer was read as the next page's own and the real answer behind it failed the page as
  // FETCH_PROTOCOL ('the page is cut', never retried), or a 302 owed so was followed to another page.
  it.each(Object.keys(SPLITS))('owed as a %s, written just before the next answer: the next page is fetched again on a new connection, never the owed answer', async (name) => {
    const first = await fetcher.fetch(req(server.url(`/split-${name}-later`)));
    expect(first.text).toBe(PAGE);
    let resends = 0;
    const next = await fetcher.fetch(req(server.url('/whole')), { onStaleConnection: () => resends++ });
    expect([next.url, next.text, resends]).toEqual([server.url('/whole'), PAGE, 1]);
  });

  it('in the same read as the page, on a fresh connection: FETCH_PROTOCOL saying so, never the page', async () => {
    const fresh = new HttpFetcher(httpSettings({ timeoutMs: 5000 }));
    try {
      const error = await fetchError(fresh.fetch(req(server.url('/split-page-at-once'))));
      expect(error.code).toBe('FETCH_PROTOCOL');
      expect(error.message).toContain('an answer nobody asked for');
    } finally {
      await fresh.close();
    }
  });
});
