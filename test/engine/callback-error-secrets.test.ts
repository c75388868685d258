// A callback that throws quoting its page's URL or a key it sent: the failure, its log line and the run's first-errors list keep no credential we sent.
import { describe, expect, it } from 'vitest';
import { CrawlRequest } from '../../src/core/request';
import { CrawlResponse } from '../../src/core/response';
import { Spider, type SpiderOutput } from '../../src/core/spider';
import { credentialsSentFor } from '../../src/core/sent-credentials';
import { runCallback } from '../../src/engine/callback-runner';
import { codeErrors } from '../../src/engine/code-errors';
import { Stats } from '../../src/engine/stats';
import { createLogger } from '../../src/log/logger';
import { logSink } from '../support/test-crawl';

const TOKEN = 'mOv3dT0ken-41Qz88';
const HEADER_KEY = 'hK9-pQ2xW7-rT4zL1';

/** Throws as spiders do when a page breaks a selector: naming the URL, and here the key it was asked with too. */
class QuotingSpider extends Spider {
  readonly name = 'quoting';
  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    const cause = new Error(`upstream said no to key ${res.request.headers['X-Api-Key']}`);
    throw Object.assign(new TypeError(`no price on ${res.url}`, { cause }), { pageUrl: res.url });
  }
}

/** The request sent `?auth=<token>` and a partner key header; a redirect moved the token under a plain name (`?x=`). */
function movedTokenResponse(): CrawlResponse {
  const request = new CrawlRequest({ url: `https://shop.example/p/1?auth=${TOKEN}`, headers: { 'X-Api-Key': HEADER_KEY } });
  const url = `https://shop.example/p/1?x=${TOKEN}`;
  const html = '<main>no price here</main>';
  return new CrawlResponse({ request, url, status: 200, headers: {}, body: Buffer.from(html), text: html, encoding: 'utf-8', timings: { startedAtMs: 0, finishedAtMs: 0 }, redirectChain: [request.url] });
}

describe('a callback error quoting what the request sent', () => {
  it('reaches the failure, the log line and the first errors with each credential written ***', async () => {
    const response = movedTokenResponse();
    const stats = new Stats();
    const sink = logSink();
    const log = createLogger({ level: 'info', format: 'json', destination: sink.stream });
    const result = await runCallback(new QuotingSpider(), response, { spider: 'quoting', runId: 'r1', requestId: '1', url: response.url, rawHash: '', leaseFence: 0 }, {
      requests: { push: async () => undefined, flush: async () => undefined },
      items: { process: async () => ({ accepted: false, reason: 'unused' }) },
      stats,
      log,
      sentCredentials: credentialsSentFor(response, {}),
    });
    const firstError = codeErrors(stats)['callback/parse'];
    const logged = JSON.stringify(sink.lines);
    // Still said what went wrong, and where.
    expect(result.error).toEqual({ reason: 'callback/error', message: 'no price on https://shop.example/p/1?x=***' });
    expect(firstError?.firstMessage).toBe('TypeError: no price on https://shop.example/p/1?x=***');
    expect(logged).toContain('no price on https://shop.example/p/1?x=***');
    expect(logged).toContain('upstream said no to key ***');
    expect({ logged: [TOKEN, HEADER_KEY].filter((secret) => logged.includes(secret)), firstError: JSON.stringify(firstError).includes(TOKEN) }).toEqual({ logged: [], firstError: false });
  });
});
