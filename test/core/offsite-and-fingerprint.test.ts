import { describe, expect, it } from 'vitest';
import { canonicalUrl, requestFingerprint } from '../../src/core/fingerprint';
import { CrawlRequest } from '../../src/core/request';
import { isAllowedUrl } from '../../src/downloader/offsite-rules';

describe('requestFingerprint', () => {
  it('is equal for URLs that differ only in query order, fragment, tracking params, host case and default port', () => {
    const a = requestFingerprint('GET', 'https://Shop.Example:443/p?b=2&a=1&utm_source=x#reviews');
    const b = requestFingerprint('get', 'https://shop.example/p?a=1&b=2');
    expect(a).toBe(b);
  });

  it('differs by method, body, path case and query values', () => {
    const base = requestFingerprint('GET', 'https://shop.example/p?a=1');
    expect(requestFingerprint('POST', 'https://shop.example/p?a=1')).not.toBe(base);
    expect(requestFingerprint('GET', 'https://shop.example/p?a=1', 'x')).not.toBe(base);
    expect(requestFingerprint('GET', 'https://shop.example/P?a=1')).not.toBe(base);
    expect(requestFingerprint('GET', 'https://shop.example/p?a=2')).not.toBe(base);
  });

  it('keeps repeated keys in their original relative order', () => {
    expect(canonicalUrl('https://s.example/?c=1&a=2&c=0')).toBe('https://s.example/?a=2&c=1&c=0');
  });
});

describe('CrawlRequest', () => {
  it('round-trips through JSON with its typed meta and attempt count', () => {
    const request = new CrawlRequest({ url: 'https://shop.example/p/1', callback: 'parseProduct', meta: { category: 'tv', page: 2 }, priority: 5 });
    request.attempt = 3;
    const copy = CrawlRequest.fromJSON(JSON.parse(JSON.stringify(request)), '17');
    expect(copy.meta).toEqual({ category: 'tv', page: 2 });
    expect(copy.callback).toBe('parseProduct');
    expect(copy.attempt).toBe(3);
    expect(copy.id).toBe('17');
    expect(copy.fingerprint).toBe(request.fingerprint);
  });

  it('rejects URLs that cannot be crawled', () => {
    expect(() => new CrawlRequest({ url: 'not a url' })).toThrow(TypeError);
    expect(() => new CrawlRequest({ url: 'ftp://shop.example/x' })).toThrow(/only http/);
  });
});

describe('isAllowedUrl', () => {
  it('allows listed hosts, their subdomains, and exact host:port entries', () => {
    const allowed = ['shop.example', '127.0.0.1:8081'];
    expect(isAllowedUrl('https://shop.example/x', allowed)).toBe(true);
    expect(isAllowedUrl('https://www.shop.example:8443/x', allowed)).toBe(true);
    expect(isAllowedUrl('https://evilshop.example/x', allowed)).toBe(false);
    expect(isAllowedUrl('http://127.0.0.1:8081/x', allowed)).toBe(true);
    expect(isAllowedUrl('http://127.0.0.1:8082/x', allowed)).toBe(false);
    expect(isAllowedUrl('http://anything.example/', [])).toBe(true);
  });

  // Before: an IDN shop's allowedDomains, written as people write it, made every one of its requests offsite.
  it('compares hosts as the URL parser spells them: IDN entries, case, the root dot, bare IPv6', () => {
    expect(isAllowedUrl('https://bücher.example/p/1', ['bücher.example'])).toBe(true);
    expect(isAllowedUrl('https://xn--bcher-kva.example/p/1', ['Bücher.Example'])).toBe(true);
    expect(isAllowedUrl('https://www.BÜCHER.example:8443/p', ['bücher.example'])).toBe(true);
    expect(isAllowedUrl('https://bucher.example/p', ['bücher.example'])).toBe(false);
    expect(isAllowedUrl('https://shop.example./p', ['shop.example'])).toBe(true);
    expect(isAllowedUrl('https://shop.example/p', ['.shop.example.'])).toBe(true);
    expect(isAllowedUrl('http://[::1]:8080/p', ['::1'])).toBe(true);
    expect(isAllowedUrl('http://[::1]:8080/p', ['[::1]:8081'])).toBe(false);
    expect(isAllowedUrl('https://shop.example/p', ['shop.example:443'])).toBe(true);
    expect(isAllowedUrl('http://shop.example/p', ['shop.example:443'])).toBe(false);
  });

  it('follows a list the spider changed after its first use', () => {
    const allowed = ['one.example'];
    expect(isAllowedUrl('https://two.example/p', allowed)).toBe(false);
    allowed.push('two.example');
    expect(isAllowedUrl('https://two.example/p', allowed)).toBe(true);
  });
});
