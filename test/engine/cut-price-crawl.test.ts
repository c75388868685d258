// A page cut short behind framing that looks honest must never give a price: its last text is a cut, not a price.
import type { Socket } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RawAnswerServer } from '../support/raw-answer-server';
import { PriceTextSpider } from '../support/spiders/price-text-spider';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

/** A page whose price is its last text before the closing tags: any cut of those bytes cuts the price. */
const PAGE = `<html><body><h1>${'商'.repeat(11)}</h1><p class="price">12,800円</p></body></html>`;
const CUT = '<html><body><h1>Kettle</h1><p class="price">12,';

const HTML = 'content-type: text/html; charset=utf-8';
let server: RawAnswerServer;
/** The bytes a connection still owes past its last answer's length: written just before its next answer. */
const owed = new Map<Socket, Buffer>();
const debt = (socket: Socket): string => {
  const late = owed.get(socket)?.toString() ?? '';
  owed.delete(socket);
  return late;
};
const payDebt = (socket: Socket): void => {
  const late = debt(socket);
  if (late) socket.write(late);
};
const storage = tempStorageDir('cut-price');

beforeAll(async () => {
  server = await RawAnswerServer.start({
    // A length counted in characters (24 bytes short), the rest written only before the connection's
    // next answer: undici has ended the body and handed the socket back, so no check of that read sees them.
    '/length-late-tail': (socket) => {
      const bytes = Buffer.from(PAGE);
      socket.write(Buffer.concat([Buffer.from(`HTTP/1.1 200 OK\r\n${HTML}\r\ncontent-length: ${PAGE.length}\r\n\r\n`), bytes.subarray(0, PAGE.length)]));
      owed.set(socket, bytes.subarray(PAGE.length));
    },
    // Close-delimited (HTTP/1.0, no length): a clean FIN in the middle of the document. The fetch already knows
    // this one (a document that opened and never closed, ended by the close: fetch/truncated, retried).
    '/http10-fin': (socket) => void socket.end(debt(socket) + `HTTP/1.0 200 OK\r\n${HTML}\r\n\r\n${CUT}`),
    // Chunked, with a clean last chunk in the middle of the document.
    '/chunked-last-chunk': (socket) => {
      payDebt(socket);
      const chunk = Buffer.from(CUT);
      socket.write(`HTTP/1.1 200 OK\r\n${HTML}\r\ntransfer-encoding: chunked\r\n\r\n${chunk.length.toString(16)}\r\n${CUT}\r\n0\r\n\r\n`);
    },
    // A whole page that leaves out optional end tags (HTML allows it), with content after the price.
    '/no-end-tags': (socket) => {
      payDebt(socket);
      const page = Buffer.from('<!doctype html><title>Kettle</title><p class=price>12,800円<p>In stock');
      socket.write(Buffer.concat([Buffer.from(`HTTP/1.1 200 OK\r\n${HTML}\r\ncontent-length: ${page.length}\r\n\r\n`), page]));
    },
    '/whole': (socket) => {
      payDebt(socket);
      const page = Buffer.from(PAGE);
      socket.write(Buffer.concat([Buffer.from(`HTTP/1.1 200 OK\r\n${HTML}\r\ncontent-length: ${page.length}\r\n\r\n`), page]));
    },
  });
});

afterAll(async () => {
  await server.close();
  storage.cleanup();
});


it('a price that is the last text of a document that never closed is refused as price/truncated; whole pages read', async () => {
  const paths = ['/length-late-tail', '/http10-fin', '/chunked-last-chunk', '/no-end-tags', '/whole'];
  const result = await crawlInProcess(new PriceTextSpider({ urls: paths.map((path) => server.url(path)).join(','), currency: 'JPY' }), storage.dir, {
    politeness: { minIntervalMs: 0, jitterMs: 0 },
    pipeline: { batchMaxAgeMs: 20 },
    retry: { backoffBaseMs: 5, backoffCapMs: 20 },
  });
  const stored = Object.fromEntries(result.items.map((item) => [item.data.sku, `${String(item.data.price)} ${String(item.data.currency)}`]));
  expect(stored).toEqual({ '/no-end-tags': '12800 JPY', '/whole': '12800 JPY' });
  expect(result.summary.items.dropped).toEqual({ 'price/truncated': 2 });
  expect(result.summary.ledger.failed).toBe(1);
});
