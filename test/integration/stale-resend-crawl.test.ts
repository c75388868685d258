// A GET sent again after its kept-alive connection died under it is a second request to the host: it waits for the host's interval like any other.
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longestPossibleGapsMs, type StampedArrival } from '../support/arrival-gaps';
import { startLoopBeat, stampSlackMs } from '../support/loop-beat';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const INTERVAL_MS = 150;
const PAGE = '<p class="price">9.99</p>';

/**
 * What the server does with a later request on a connection: resets it (what a server closing an idle
 * connection looks like to the client, except that this one saw the request), or answers the 408 a server
 * writes as its idle timeout runs out, and closes (timedOutWhileIdle in stale-connection.ts).
 */
const STALE_ENDS: Array<[string, (socket: Socket) => void]> = [
  ['resets a kept-alive connection after reading the request on it', (socket) => socket.resetAndDestroy()],
  ['answers a later request on a kept-alive connection with a 408 and closes it', (socket) => socket.end('HTTP/1.1 408 Request Timeout\r\nconnection: close\r\ncontent-length: 0\r\n\r\n')],
];

describe.each(STALE_ENDS)('a server that %s', (_label, staleEnd) => {
  let server: Server;
  const arrivals: Array<StampedArrival & { path: string }> = [];
  let result: TestCrawlResult;
  const storage = tempStorageDir('stale-resend');

  beforeAll(async () => {
    // The server shares the crawl's event loop: a stall delays its stamps (loop-beat.ts bounds by how much).
    startLoopBeat();
    // The first request on each connection is answered; a later one is read, then the connection ends stale.
    server = createServer((socket) => {
      socket.on('error', () => undefined);
      let answered = 0;
      let pending = '';
      socket.on('data', (chunk: Buffer) => {
        pending += chunk.toString('latin1');
        for (let end = pending.indexOf('\r\n\r\n'); end >= 0; end = pending.indexOf('\r\n\r\n')) {
          const arrivedAtPerfMs = performance.now();
          arrivals.push({ path: pending.slice(0, end).split(' ')[1] ?? '', arrivedAtPerfMs, stampSlackMs: stampSlackMs(arrivedAtPerfMs) });
          pending = pending.slice(end + 4);
          if (answered++ > 0) return void staleEnd(socket);
          socket.write(`HTTP/1.1 200 OK\r\ncontent-type: text/html\r\ncontent-length: ${PAGE.length}\r\n\r\n${PAGE}`);
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    result = await crawlInProcess(new UrlListSpider([`${origin}/first`, `${origin}/second`]), storage.dir, {
      politeness: { minIntervalMs: INTERVAL_MS, jitterMs: 0, maxConcurrencyPerHost: 1 },
      http: { keepAliveConnectionsPerHost: 1 },
      robots: { obey: false },
      log: { statsIntervalMs: 0 },
    });
  }, 30_000);

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    storage.cleanup();
  });

  it('sends the request again on a new connection, and gets the page', () => {
    expect(arrivals.map((a) => a.path)).toEqual(['/first', '/second', '/second']);
    expect(result.summary.ledger).toMatchObject({ planned: 2, succeeded: 2, failed: 0, pending: 0 });
    expect(result.summary.handling['retry/stale-connection']).toBe(1);
  });

  it("sends it again no sooner than the host's interval after the send the server saw", () => {
    // Before: 2 to 7 ms after it. Every request the server read counts, the one it reset too. A stamp is late
    // by however long the loop it shares with the crawl stalled, which shortens the gap after it (12 ms for
    // 150 under load, with the sends 160 ms apart): each gap is taken as long as it could have been.
    for (const gap of longestPossibleGapsMs(arrivals)) expect(gap).toBeGreaterThanOrEqual(INTERVAL_MS);
  });
});
