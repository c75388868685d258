// Per-host session pools over Crawlee's SessionPool: proxy pinning, max uses, fresh sessions after a block, persistence.
import { afterEach, describe, expect, it } from 'vitest';
import { HostSessionPools } from '../../src/sessions/host-session-pools';
import { proxyEndpoints } from '../../src/sessions/proxy-endpoints';
import { settingsSchema } from '../../src/settings/schema';
import { SqliteSessionStore } from '../../storage/sqlite/session-store';
import { tempStorageDir } from '../support/test-crawl';

const PROXIES = ['http://u:p@127.0.0.1:9001', 'http://u:p@127.0.0.1:9002'];
const dirs: Array<{ cleanup(): void }> = [];
afterEach(() => dirs.splice(0).forEach((d) => d.cleanup()));

function pools(sessions: Record<string, unknown>, store: SqliteSessionStore | null = null, proxyUrls = PROXIES): HostSessionPools {
  const config = settingsSchema.parse({ sessions: { proxyUrls, ...sessions } }).sessions;
  return new HostSessionPools({ config, proxies: proxyEndpoints(proxyUrls), store });
}

describe('HostSessionPools', () => {
  it('fills each host pool round-robin over the proxies, then reuses its sessions', async () => {
    const p = pools({ maxPoolSizePerHost: 2 });
    const a1 = await p.acquire('a:80');
    const a2 = await p.acquire('a:80');
    const b1 = await p.acquire('b:80');
    expect([a1.proxyId, a2.proxyId, b1.proxyId]).toEqual(['127.0.0.1:9001', '127.0.0.1:9002', '127.0.0.1:9001']);
    for (let i = 0; i < 10; i++) expect([a1.id, a2.id]).toContain((await p.acquire('a:80')).id);
  });

  it('retires a proxy after proxyMaxFailures of its own: its sessions are dropped when picked, new ones go elsewhere, and with none left no session is given', async () => {
    const p = pools({ maxPoolSizePerHost: 2, proxyMaxFailures: 2 });
    const [a1, a2] = [await p.acquire('a:80'), await p.acquire('a:80')];
    a1.proxyFailed();
    a1.markGood(); // an answer through it in between: the count starts again
    a1.proxyFailed();
    expect(p.hasUsableProxy(a2.proxyId)).toBe(true);
    a1.proxyFailed();
    expect(p.hasUsableProxy(a2.proxyId)).toBe(false);
    for (let i = 0; i < 10; i++) expect((await p.tryAcquire('a:80'))?.proxyId).toBe(a2.proxyId);
    expect(a1.usable).toBe(false);
    // The last proxy goes while a new host's pool is still opening: no session, never one without a proxy.
    const opening = p.tryAcquire('b:80');
    a2.proxyFailed();
    a2.proxyFailed();
    expect(await opening).toBeNull();
    expect(await p.tryAcquire('a:80')).toBeNull();
  });

  it('retires a session after maxUsesPerSession answers', async () => {
    const p = pools({ maxPoolSizePerHost: 1, maxUsesPerSession: 3 });
    const session = await p.acquire('a:80');
    expect([session.markGood(), session.markGood(), session.markGood()]).toEqual([null, null, 'max-uses']);
    expect((await p.acquire('a:80')).id).not.toBe(session.id);
  });

  it('sends no cookie from a session that has stored none, then every cookie it stores, on its own host and path only', async () => {
    const session = await pools({ maxPoolSizePerHost: 1 }).acquire('a:80');
    expect(session.cookieHeader('http://a/')).toBe('');
    session.storeCookies('http://a/shop/', ['sid=1; Path=/shop', 'bad cookie without a pair']);
    expect(session.cookieHeader('http://a/shop/p/1')).toBe('sid=1');
    expect(session.cookieHeader('http://a/')).toBe('');
    expect(session.cookieHeader('http://b/shop/')).toBe('');
    session.storeCookies('http://a/', ['lang=de; Path=/']);
    expect(session.cookieHeader('http://a/shop/')).toBe('sid=1; lang=de');
  });

  it('after a block hands out a new session on another proxy, with an empty jar', async () => {
    const p = pools({ maxPoolSizePerHost: 2 });
    const blocked = await p.acquire('a:80');
    blocked.storeCookies('http://a/', ['sid=1; Path=/']);
    blocked.retire();
    const fresh = await p.acquire('a:80', { proxyId: blocked.proxyId });
    expect(fresh.id).not.toBe(blocked.id);
    expect(fresh.proxyId).not.toBe(blocked.proxyId);
    expect(fresh.cookieHeader('http://a/')).toBe('');
  });

  it('after a failure that may be the proxy\'s, elsewhere() gives a live session of another usable proxy, cookies kept; none with one proxy', async () => {
    const p = pools({ maxPoolSizePerHost: 2, proxyMaxFailures: 1 });
    const [a1, a2] = [await p.acquire('a:80'), await p.acquire('a:80')];
    a2.storeCookies('http://a/', ['sid=2; Path=/']);
    const other = await a1.elsewhere();
    expect(other?.id).toBe(a2.id);
    expect(other?.cookieHeader('http://a/')).toBe('sid=2');
    // Its proxy retired: no live session is left elsewhere, and no proxy other than a1's either.
    a2.proxyFailed();
    expect(await a1.elsewhere()).toBeNull();
    const single = pools({ maxPoolSizePerHost: 2 }, null, [PROXIES[0]]);
    expect(await (await single.acquire('a:80')).elsewhere()).toBeNull();
  });

  it('restores live sessions with their cookies and proxy; drops retired ones and those whose proxy is gone', async () => {
    const dir = tempStorageDir('session-store');
    dirs.push(dir);
    const store = SqliteSessionStore.open(dir.dir, 'spider');
    const first = pools({ maxPoolSizePerHost: 3 }, store);
    const [s1, s2, s3] = [await first.acquire('a:80'), await first.acquire('a:80'), await first.acquire('a:80')];
    s1.storeCookies('http://a/', ['sid=one; Path=/']);
    s2.storeCookies('http://a/', ['sid=two; Path=/']);
    s3.retire();
    await first.close();

    const again = pools({ maxPoolSizePerHost: 2 }, store);
    const restored = new Map<string, string>();
    for (let i = 0; i < 12; i++) {
      const s = await again.acquire('a:80');
      restored.set(s.id, `${s.proxyId} ${s.cookieHeader('http://a/')}`);
    }
    expect(restored).toEqual(new Map([[s1.id, '127.0.0.1:9001 sid=one'], [s2.id, '127.0.0.1:9002 sid=two']]));
    await again.close();

    // The second proxy left the list: its session is not resumed.
    const fewer = pools({ maxPoolSizePerHost: 1 }, store, PROXIES.slice(0, 1));
    expect((await fewer.acquire('a:80')).id).toBe(s1.id);
    await fewer.close();
    await store.close();
  });
});
