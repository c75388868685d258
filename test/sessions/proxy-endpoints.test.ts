// Proxy ids without credentials, round-robin picks that avoid a blocked proxy, masked URLs.
import { describe, expect, it } from 'vitest';
import { resolveSettings } from '../../src/settings/load-settings';
import { pickProxy, proxyEndpoints, proxyIdOf } from '../../src/sessions/proxy-endpoints';

describe('proxy endpoints', () => {
  it('names proxies host:port, numbering repeats of one host:port in list order', () => {
    const proxies = proxyEndpoints(['http://u1:p1@10.0.0.1:8000', 'http://u2:p2@10.0.0.1:8000', 'http://proxy.example']);
    expect(proxies.map((p) => p.id)).toEqual(['10.0.0.1:8000', '10.0.0.1:8000#2', 'proxy.example:80']);
    expect(proxyIdOf('http://user:pass@127.0.0.1:3128')).toBe('127.0.0.1:3128');
  });

  it('picks round-robin and skips the proxy to avoid when another exists', () => {
    const proxies = proxyEndpoints(['http://a:1', 'http://b:2', 'http://c:3']);
    const ids: string[] = [];
    let cursor = 0;
    for (let i = 0; i < 4; i++) {
      const pick = pickProxy(proxies, cursor);
      ids.push(pick.proxy!.id);
      cursor = pick.cursor;
    }
    expect(ids).toEqual(['a:1', 'b:2', 'c:3', 'a:1']);
    expect(pickProxy(proxies, 1, 'b:2').proxy!.id).toBe('c:3');
    expect(pickProxy(proxies.slice(0, 1), 0, 'a:1').proxy!.id).toBe('a:1'); // one proxy: nothing else to go to
    expect(pickProxy([], 0).proxy).toBeNull();
  });

  it('settings accept only http:// proxy URLs, and the error names the key, not the URL', () => {
    const load = (proxyUrls: string[]) => resolveSettings([{ name: 'cli', origin: '-s', values: { sessions: { proxyUrls } } }]);
    expect(load(['http://u:p@127.0.0.1:3128']).settings.sessions.proxyUrls).toHaveLength(1);
    expect(() => load(['socks5://u:s3cret@127.0.0.1:1080'])).toThrow(/sessions\.proxyUrls/);
    expect(() => load(['socks5://u:s3cret@127.0.0.1:1080'])).not.toThrow(/s3cret/);
  });

  it('settings refuse proxies with sessions off (enabled false, or the middleware disabled), in one layer or across layers: requests would go out direct', () => {
    const proxyUrls = ['http://u:s3cret@127.0.0.1:3128'];
    const layers = (...values: Array<Record<string, unknown>>) => resolveSettings(values.map((v, i) => ({ name: i === 0 ? 'config' : 'cli', origin: 'test', values: v })));
    expect(() => layers({ sessions: { proxyUrls, enabled: false } })).toThrow(/sessions\.proxyUrls.*sessions\.enabled is false/);
    expect(() => layers({ sessions: { proxyUrls } }, { middlewares: { disabled: ['sessions'] } })).toThrow(/middlewares\.disabled names "sessions"/);
    expect(() => layers({ sessions: { proxyUrls } }, { sessions: { enabled: false } })).not.toThrow(/s3cret/);
    expect(() => layers({ sessions: { proxyUrls } }, { sessions: { enabled: false } })).toThrow(/own address/);
    // Sessions off and no proxies: fine.
    expect(layers({ sessions: { enabled: false } }, { middlewares: { disabled: ['sessions'] } }).settings.sessions.enabled).toBe(false);
  });

  it('settings refuse a proxy URL whose user name or password is not valid percent-encoding (every fetch through it failed as the site\'s)', () => {
    const load = (proxyUrls: string[]) => resolveSettings([{ name: 'cli', origin: '-s', values: { sessions: { proxyUrls } } }]);
    expect(load(['http://user:p%40ss%3Aw0rd@127.0.0.1:3128']).settings.sessions.proxyUrls).toHaveLength(1);
    for (const url of ['http://user:p%ZZs3cret@127.0.0.1:3128', 'http://us%E0er:s3cret@127.0.0.1:3128']) {
      expect(() => load([url])).toThrow(/sessions\.proxyUrls/);
      expect(() => load([url])).not.toThrow(/s3cret/);
    }
  });
});
