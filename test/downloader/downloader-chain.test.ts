import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { FetchError } from '../../src/core/errors';
import { CrawlRequest } from '../../src/core/request';
import { CrawlResponse } from '../../src/core/response';
import { Spider } from '../../src/core/spider';
import { DownloaderChain, reasonForError } from '../../src/downloader/downloader-chain';
import { accept, CONTINUE, type DownloaderMiddleware, type MiddlewareContext } from '../../src/downloader/middleware';
import { Stats } from '../../src/engine/stats';
import type { Fetcher } from '../../src/fetch/fetcher';
import { settingsSchema } from '../../src/settings/schema';
import { HttpErrorsMiddleware } from '../../middlewares/http-errors';
import { OffsiteMiddleware } from '../../middlewares/offsite';

class ShopSpider extends Spider {
  readonly name = 'shop';
  override allowedDomains = ['shop.example'];
}

/** A fetcher over a fixed table of responses: the chain's own logic is under test, not HTTP. */
class TableFetcher implements Fetcher {
  calls: string[] = [];
  constructor(private readonly statusFor: (url: string) => number | FetchError) {}
  async fetch(request: CrawlRequest): Promise<CrawlResponse> {
    this.calls.push(request.url);
    const status = this.statusFor(request.url);
    if (status instanceof FetchError) throw status;
    const body = Buffer.from(`<p>${status}</p>`);
    return new CrawlResponse({ request, url: request.url, status, headers: {}, body, text: body.toString(), encoding: 'utf-8', timings: { startedAtMs: 0, finishedAtMs: 0 } });
  }
  async close(): Promise<void> {}
}

function recorder(name: string, log: string[], overrides: Partial<DownloaderMiddleware> = {}): DownloaderMiddleware {
  return {
    name,
    processRequest: () => {
      log.push(`req:${name}`);
      return CONTINUE;
    },
    processResponse: (_req, res) => {
      log.push(`res:${name}`);
      return accept(res);
    },
    processError: () => {
      log.push(`err:${name}`);
      return CONTINUE;
    },
    ...overrides,
  };
}

const ctx = (): MiddlewareContext => ({
  spider: new ShopSpider(),
  settings: settingsSchema.parse({}),
  log: pino({ level: 'silent' }),
  stats: new Stats(),
  hostKey: 'shop.example',
  nowMs: Date.now,
  schedule: () => undefined,
});

const get = (url: string) => new CrawlRequest({ url });

describe('DownloaderChain', () => {
  it('runs processRequest in order and processResponse in reverse', async () => {
    const log: string[] = [];
    const chain = new DownloaderChain([recorder('a', log), recorder('b', log), recorder('c', log)], new TableFetcher(() => 200));
    const { result, sent } = await chain.download(get('https://shop.example/p/1'), ctx());
    expect(result.type).toBe('response');
    expect(sent).toBe(true);
    expect(log).toEqual(['req:a', 'req:b', 'req:c', 'res:c', 'res:b', 'res:a']);
  });

  it('short-circuits on a terminal outcome without fetching', async () => {
    const log: string[] = [];
    const fetcher = new TableFetcher(() => 200);
    const chain = new DownloaderChain([recorder('a', log), recorder('b', log, { processRequest: () => ({ type: 'defer', reason: 'breaker/open', untilMs: 5 }) }), recorder('c', log)], fetcher);
    const { result, sent } = await chain.download(get('https://shop.example/p/1'), ctx());
    expect(result).toEqual({ type: 'defer', reason: 'breaker/open', untilMs: 5 });
    expect(sent).toBe(false);
    expect(fetcher.calls).toEqual([]);
    expect(log).toEqual(['req:a']);
  });

  it('passes a respond outcome back through the middlewares that saw the request', async () => {
    const log: string[] = [];
    const canned = (request: CrawlRequest) =>
      new CrawlResponse({ request, url: request.url, status: 200, headers: {}, body: Buffer.from('cached'), text: 'cached', encoding: 'utf-8', timings: { startedAtMs: 0, finishedAtMs: 0 } });
    const fetcher = new TableFetcher(() => 200);
    const chain = new DownloaderChain([recorder('a', log), recorder('b', log, { processRequest: (req) => ({ type: 'respond', response: canned(req) }) }), recorder('c', log)], fetcher);
    const { result } = await chain.download(get('https://shop.example/p/1'), ctx());
    expect(result.type === 'response' && result.response.text).toBe('cached');
    expect(log).toEqual(['req:a', 'res:b', 'res:a']);
    expect(fetcher.calls).toEqual([]);
  });

  it('hands fetch errors to processError in reverse and fails with the error code when nobody handles it', async () => {
    const log: string[] = [];
    const chain = new DownloaderChain([recorder('a', log), recorder('b', log)], new TableFetcher(() => new FetchError('FETCH_CONNECTION_RESET', 'socket hang up')));
    const { result, sent } = await chain.download(get('https://shop.example/p/1'), ctx());
    expect(log).toEqual(['req:a', 'req:b', 'err:b', 'err:a']);
    expect(sent).toBe(true);
    expect(result).toEqual({ type: 'fail', reason: 'fetch/connection-reset', message: 'socket hang up' });
  });

  it('lets a middleware turn an error into a retry', async () => {
    const chain = new DownloaderChain(
      [recorder('a', []), recorder('retry', [], { processError: () => ({ type: 'retry', reason: 'fetch/timeout', notBeforeMs: 42 }) })],
      new TableFetcher(() => new FetchError('FETCH_TIMEOUT', 'slow')),
    );
    expect((await chain.download(get('https://shop.example/'), ctx())).result).toEqual({ type: 'retry', reason: 'fetch/timeout', notBeforeMs: 42 });
  });

  it('with the default middlewares fails offsite requests before any fetch and non-2xx responses with http/<status>', async () => {
    const fetcher = new TableFetcher((url) => (url.endsWith('/missing') ? 404 : 200));
    const chain = new DownloaderChain([new HttpErrorsMiddleware(), new OffsiteMiddleware()], fetcher);
    expect((await chain.download(get('https://elsewhere.example/'), ctx())).result).toMatchObject({ type: 'fail', reason: 'offsite' });
    expect((await chain.download(get('https://www.shop.example/missing'), ctx())).result).toMatchObject({ type: 'fail', reason: 'http/404' });
    expect((await chain.download(get('https://shop.example/ok'), ctx())).result.type).toBe('response');
    expect(fetcher.calls).toEqual(['https://www.shop.example/missing', 'https://shop.example/ok']);
  });

  it('maps error codes to stable ledger reasons', () => {
    expect(reasonForError(new FetchError('FETCH_BODY_TOO_LARGE', ''))).toBe('fetch/body-too-large');
    expect(reasonForError(new FetchError('OFFSITE_REDIRECT', ''))).toBe('offsite/redirect');
  });
});
