// Which answers say a cache served them from store.
import { describe, expect, it } from 'vitest';
import { servedFromCache } from '../../src/core/cache-hit';

const from = (headers: Record<string, string | undefined>) => servedFromCache((name) => headers[name]);

describe('servedFromCache', () => {
  it('an Age above zero, or a status field naming a hit, in each CDN\'s spelling', () => {
    for (const headers of [{ age: '120' }, { 'x-cache': 'HIT' }, { 'x-cache': 'Hit from cloudfront' }, { 'x-cache': 'MISS, HIT' }, { 'cf-cache-status': 'HIT' }, { 'x-cache-status': 'hit' }, { 'cache-status': 'ExampleCache; hit' }, { 'x-proxy-cache': 'TCP_HIT' }]) {
      expect(from(headers), JSON.stringify(headers)).toBe(true);
    }
  });

  it('not a miss, a bypass, an expired entry, an Age of zero (a miss at Fastly), or no mark at all', () => {
    for (const headers of [{}, { age: '0' }, { age: 'soon' }, { 'x-cache': 'MISS' }, { 'cf-cache-status': 'EXPIRED' }, { 'cf-cache-status': 'BYPASS' }, { 'x-cache': 'Miss from cloudfront' }, { 'cache-status': 'ExampleCache; fwd=uri-miss' }, { 'x-cache': 'WHITE' }]) {
      expect(from(headers), JSON.stringify(headers)).toBe(false);
    }
  });
});
