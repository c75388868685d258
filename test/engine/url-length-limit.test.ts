// UrlLengthLimit: the boundary is inclusive, 0 is no limit, a refusal is counted and announced, and a host's first one is logged once.
import { describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { FetchError } from '../../src/core/errors';
import { CrawlRequest } from '../../src/core/request';
import { Stats } from '../../src/engine/stats';
import { UrlLengthLimit } from '../../src/engine/url-length-limit';
import { CrawlEventBus } from '../../src/events/crawl-events';
import { logSink } from '../support/test-crawl';

const base = 'http://127.0.0.1:9/p?q=';
const urlOf = (chars: number) => base + 'x'.repeat(chars - base.length);

describe('UrlLengthLimit', () => {
  it('admits a URL of exactly the limit, refuses one character more, counted and announced as dropped', () => {
    const stats = new Stats();
    const bus = new CrawlEventBus(pino({ level: 'silent' }), stats);
    const dropped: Array<{ url: string; reason: string }> = [];
    bus.forOwner('test').on('request.dropped', (event) => void dropped.push(event));
    const limit = new UrlLengthLimit(100, stats, pino({ level: 'silent' }), bus);
    expect(limit.admits(new CrawlRequest({ url: urlOf(100) }))).toBe(true);
    expect(limit.admits(new CrawlRequest({ url: urlOf(101) }))).toBe(false);
    expect(stats.get('url/too-long')).toBe(1);
    expect(dropped).toEqual([{ url: urlOf(101), reason: 'url/too-long' }]);
  });

  it('takes 0 as no limit: a 100,000-character URL is admitted and followed', () => {
    const stats = new Stats();
    const limit = new UrlLengthLimit(0, stats, pino({ level: 'silent' }));
    expect(limit.admits(new CrawlRequest({ url: urlOf(100_000) }))).toBe(true);
    expect(() => limit.checkHop(base, urlOf(100_000))).not.toThrow();
    expect(stats.get('url/too-long')).toBe(0);
  });

  it('refuses a hop to a longer URL with the URL_TOO_LONG code, and logs each host once, however many it refuses', () => {
    const sink = logSink();
    const limit = new UrlLengthLimit(100, new Stats(), pino({ level: 'info' }, sink.stream));
    let thrown: unknown;
    try {
      limit.checkHop(base, urlOf(5000));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(FetchError);
    expect((thrown as FetchError).code).toBe('URL_TOO_LONG');
    for (let i = 0; i < 5; i++) limit.admits(new CrawlRequest({ url: urlOf(200 + i) }));
    limit.admits(new CrawlRequest({ url: `http://127.0.0.2:9/${'y'.repeat(200)}` }));
    expect(sink.lines.map((line) => line.host)).toEqual(['127.0.0.1:9', '127.0.0.2:9']);
    expect(String(sink.lines[0].sample)).toHaveLength(300);
  });
});
