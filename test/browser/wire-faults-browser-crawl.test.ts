// A browser crawl of a host whose answers break on the wire: each page ends stored with its whole price, retried after its outage, or failed with the wire's reason (an empty page too), and the exit code says pages were lost.
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitCodeFor } from '../../src/engine/run-summary';
import { RawAnswerServer } from '../support/raw-answer-server';
import { PriceTextSpider } from '../support/spiders/price-text-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const PAGE = '<html><body><p class="price">12.99</p></body></html>';
const answer = (status: string, fields: string[], body = ''): string => `HTTP/1.1 ${status}\r\n${[...fields, `content-length: ${Buffer.byteLength(body)}`].join('\r\n')}\r\n\r\n${body}`;

describe('a browser crawl against answers that break on the wire', () => {
  let server: RawAnswerServer;
  let result: TestCrawlResult;
  const storage = tempStorageDir('wire-faults-browser');
  let outages = 0;

  beforeAll(async () => {
    server = await RawAnswerServer.start({
      '/robots.txt': (socket) => socket.write(answer('404 Not Found', [])),
      '/page': (socket) => socket.write(answer('200 OK', ['content-type: text/html'], PAGE)),
      // An outage with nothing to show but its status and when to come back, then the page.
      '/after-outage': (socket) => socket.write(outages++ === 0 ? answer('503 Service Unavailable', ['retry-after: 1']) : answer('200 OK', ['content-type: text/html'], PAGE)),
      '/gone': (socket) => socket.write(answer('404 Not Found', [])),
      '/empty': (socket) => socket.write(answer('200 OK', ['content-type: text/html'])),
      // Every try: the head and the page up to the middle of its price, then the connection ends.
      '/cut': (socket: Socket) => socket.end(`HTTP/1.1 200 OK\r\ncontent-type: text/html\r\ncontent-length: ${PAGE.length}\r\n\r\n${PAGE.slice(0, 32)}`),
    });
    const urls = ['/page', '/after-outage', '/gone', '/cut', '/empty'].map((path) => server.url(path));
    const host = new URL(server.url('/')).host;
    result = await crawlInProcess(new PriceTextSpider({ urls: urls.join(',') }), storage.dir, {
      politeness: { minIntervalMs: 0, jitterMs: 0, hosts: { [host]: { fetchMode: 'browser' } } },
      retry: { backoffBaseMs: 5, backoffCapMs: 20 },
      browser: { timeoutMs: 20_000 },
      pipeline: { batchSize: 5, batchMaxAgeMs: 20 },
      log: { statsIntervalMs: 0 },
    });
  }, 120_000);

  afterAll(async () => {
    await server.close();
    storage.cleanup();
  });

  it('stores the whole price of the pages that came, the one behind the outage included, and nothing of the cut one', () => {
    expect(result.items.map((item) => [item.sku, item.price]).sort()).toEqual([['/after-outage', '12.99'], ['/page', '12.99']]);
  });

  it('records the gone page as http/404, the cut one and the empty one as retried until their attempts ran out (a cut, never a timeout; an empty body, never a success); the exit code reports the loss', () => {
    expect(result.summary.ledger).toMatchObject({ planned: 5, succeeded: 2, failed: 3, pending: 0, failedByReason: { 'http/404': 1, 'retry/exhausted': 2 } });
    expect(exitCodeFor(result.summary)).not.toBe(0);
  });
});
