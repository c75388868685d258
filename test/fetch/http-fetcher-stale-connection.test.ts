// A kept-alive connection the server closed while it sat idle (silently, or with a 408): the next GET goes again on a new connection instead of failing.
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpFetcher } from '../../src/fetch/http-fetcher';
import { fetchError, httpSettings, req } from './fetch-test-helpers';

/** Requests seen, by connection: [connection number, request line]. */
type Seen = Array<[number, string]>;

/**
 * A raw server that answers `answered` requests per connection with keep-alive (no `Connection: close`)
 * and drops the connection when the next one arrives: what a server does whose idle timeout closed the
 * socket as our request was on its way. `answered` 0: it drops every request, fresh connection or not.
 */
async function closingServer(answered: number, drop: (socket: Socket) => void = (socket) => socket.destroy()): Promise<{ server: Server; url: string; seen: Seen }> {
  const seen: Seen = [];
  let connections = 0;
  const server = createServer((socket: Socket) => {
    const connection = ++connections;
    let requests = 0;
    socket.on('error', () => undefined);
    socket.on('data', (chunk) => {
      seen.push([connection, chunk.toString('latin1').split('\r\n', 1)[0]!]);
      if (++requests > answered) return drop(socket);
      socket.write('HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 9\r\n\r\n<p>ok</p>');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { server, url: `http://127.0.0.1:${port}`, seen };
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function start(answered: number, drop?: (socket: Socket) => void) {
  const site = await closingServer(answered, drop);
  const fetcher = new HttpFetcher(httpSettings({ keepAliveConnectionsPerHost: 1 }));
  cleanups.push(() => fetcher.close(), () => new Promise<void>((resolve) => site.server.close(() => resolve())));
  return { ...site, fetcher };
}

describe('a kept-alive connection the server closed', () => {
  it('a GET on it is sent again on a new connection and gets its answer', async () => {
    const { url, seen, fetcher } = await start(1);
    expect((await fetcher.fetch(req(`${url}/a`))).status).toBe(200);
    let told = 0;
    const second = await fetcher.fetch(req(`${url}/b`), { onStaleConnection: () => told++ });
    expect(second.status).toBe(200);
    expect(told).toBe(1); // the engine counts it: the host saw one more request
    expect(seen).toEqual([[1, 'GET /a HTTP/1.1'], [1, 'GET /b HTTP/1.1'], [2, 'GET /b HTTP/1.1']]);
  });

  it('a POST is not sent twice: it fails as a reset for the retry policy to judge', async () => {
    const { url, seen, fetcher } = await start(1);
    await fetcher.fetch(req(`${url}/a`));
    const error = await fetchError(fetcher.fetch(req(`${url}/form`, { method: 'POST', body: 'q=1' })));
    expect(error.code).toBe('FETCH_CONNECTION_RESET');
    expect(seen.filter(([, line]) => line.startsWith('POST'))).toHaveLength(1);
  });

  it('a fresh connection that is dropped is the host failing: sent once, a reset', async () => {
    const { url, seen, fetcher } = await start(0);
    const error = await fetchError(fetcher.fetch(req(`${url}/a`)));
    expect(error.code).toBe('FETCH_CONNECTION_RESET');
    expect(seen).toEqual([[1, 'GET /a HTTP/1.1']]);
  });
});

/**
 * What some servers write on a kept-alive connection whose idle timeout ran out, then close it: a 408 no
 * request of that connection asked for. A request written as it was on its way reads it as its own answer.
 */
const idleTimeout = (socket: Socket) => socket.end('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Type: text/html\r\n\r\n<html><body>Request Timeout</body></html>');

describe('a kept-alive connection the server timed out with a 408', () => {
  // Chromium sends such a request again on a new connection (a 408 on a reused socket): the server never
  // read it. Kept as the answer, it cost the page an attempt and a backoff, and the whole page on a one-try fetch.
  it('a GET on it is sent again on a new connection and gets its answer', async () => {
    const { url, seen, fetcher } = await start(1, idleTimeout);
    expect((await fetcher.fetch(req(`${url}/a`))).status).toBe(200);
    let told = 0;
    const second = await fetcher.fetch(req(`${url}/b`), { onStaleConnection: () => told++ });
    expect([second.status, second.text]).toEqual([200, '<p>ok</p>']);
    expect(told).toBe(1);
    expect(seen).toEqual([[1, 'GET /a HTTP/1.1'], [1, 'GET /b HTTP/1.1'], [2, 'GET /b HTTP/1.1']]);
  });

  it('a POST is not sent twice: the 408 is its answer', async () => {
    const { url, seen, fetcher } = await start(1, idleTimeout);
    await fetcher.fetch(req(`${url}/a`));
    const res = await fetcher.fetch(req(`${url}/form`, { method: 'POST', body: 'q=1' }));
    expect(res.status).toBe(408);
    expect(seen.filter(([, line]) => line.startsWith('POST'))).toHaveLength(1);
  });

  it('on a fresh connection it is the host\'s answer: sent once, the 408 for the retry policy', async () => {
    const { url, seen, fetcher } = await start(0, idleTimeout);
    const res = await fetcher.fetch(req(`${url}/a`));
    expect(res.status).toBe(408);
    expect(seen).toEqual([[1, 'GET /a HTTP/1.1']]);
  });
});
