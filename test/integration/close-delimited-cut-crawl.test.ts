// The real CLI against product pages whose close-delimited bodies (HTTP/1.0, no length) a clean FIN cuts inside the document: tried again, never a page that succeeded with its offer missing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RawAnswerServer } from '../support/raw-answer-server';
import { cli, type CliRun } from '../support/run-cli';
import { tempStorageDir } from '../support/test-crawl';

const page = (sku: string, price: string) =>
  `<!doctype html><html><head><title>${sku}</title><script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Widget ${sku}","sku":"${sku}",` +
  `"offers":{"@type":"Offer","price":"${price}","priceCurrency":"EUR"}}</script></head><body><h1>Widget ${sku}</h1><p class="price">${price.replace('.', ',')} €</p>\r\n<footer>Shop</footer></body></html>`;
const closeDelimited = (body: string) => `HTTP/1.0 200 OK\r\ncontent-type: text/html; charset=utf-8\r\n\r\n${body}`;
const cutAt = (body: string, marker: string, after = 0) => body.slice(0, body.indexOf(marker) + after);

describe('a crawl whose close-delimited pages a clean FIN cuts inside the document', () => {
  let server: RawAnswerServer;
  let run: CliRun;
  let items: Array<{ sku: string; price: string }>;
  const sent: Record<string, number> = {};
  const storage = tempStorageDir('close-cut');

  beforeAll(async () => {
    const answer = (path: string, body: (tries: number) => string) => (socket: { end(text: string): void }) => {
      sent[path] = (sent[path] ?? 0) + 1;
      socket.end(closeDelimited(body(sent[path])));
    };
    server = await RawAnswerServer.start({
      '/p/whole': answer('/p/whole', () => page('WHOLE', '12.99')),
      // Cut inside its JSON-LD offer's price on every try: no product in what came.
      '/p/cut-in-offer': answer('/p/cut-in-offer', () => cutAt(page('OFFER', '1299.00'), '1299', 2)),
      // Cut after its visible price on the first try only (the price read as the page's last text), whole on the next.
      '/p/cut-once': answer('/p/cut-once', (tries) => (tries === 1 ? cutAt(page('ONCE', '45.50'), '<footer') : page('ONCE', '45.50'))),
    });
    const urls = ['/p/whole', '/p/cut-in-offer', '/p/cut-once'].map((path) => server.url(path));
    const feed = join(storage.dir, 'items.jsonl');
    run = await cli([
      'crawl', 'generic-structured', '-a', `urls=${urls.join(',')}`, '-a', 'currency=EUR', '--storage', storage.dir, '-o', feed,
      '-s', 'politeness.minIntervalMs=5', '-s', 'politeness.jitterMs=0', '-s', 'retry.backoffBaseMs=5', '-s', 'retry.backoffCapMs=20',
    ]);
    items = readFileSync(feed, 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as { sku: string; price: string });
  }, 60_000);

  afterAll(async () => {
    await server.close();
    storage.cleanup();
  });

  it('stores the whole page and the page that came whole on its second try, each with its price', () => {
    expect(items.map((item) => [item.sku, item.price]).sort()).toEqual([['ONCE', '45.50'], ['WHOLE', '12.99']]);
    expect(sent['/p/cut-once']).toBe(2);
  });

  it('fails the page cut on every try as transient after its tries, and does not end clean (before: all three succeeded, exit 0)', () => {
    expect(sent['/p/cut-in-offer']).toBeGreaterThan(1);
    expect(run.stdout).toContain('accounting: planned 3 = succeeded 2 + failed 1 + pending 0');
    expect(run.stdout).toMatch(/LOST TO TRANSIENT FAILURES: 1 request \(retry\/exhausted: 1\)/);
    expect(run.code).toBe(4);
  });
});
