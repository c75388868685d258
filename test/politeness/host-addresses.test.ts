// Politeness by server address: names on one address share a key and one slot, each name is resolved once, and a name that does not resolve is refused, never keyed by a guess.
import type { LookupFunction } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { FetchError } from '../../src/core/errors';
import { HostAddresses } from '../../src/politeness/host-addresses';
import { expectLease, openFrontier, req, tempDir } from '../frontier/frontier-fixture';

/** A resolver over a fixed table (no DNS, no /etc/hosts); names it lacks fail as NXDOMAIN, names mapped to null never answer. It counts its look-ups. */
function tableLookup(table: Record<string, string | null>): { lookup: LookupFunction; asked: string[] } {
  const asked: string[] = [];
  const lookup = ((hostname: string, _options: unknown, callback: (error: Error | null, addresses?: Array<{ address: string; family: number }>) => void) => {
    asked.push(hostname);
    const address = table[hostname];
    if (address === null) return;
    queueMicrotask(() => {
      if (address === undefined) callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
      else callback(null, [{ address, family: address.includes(':') ? 6 : 4 }]);
    });
  }) as LookupFunction;
  return { lookup, asked };
}

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

describe('HostAddresses', () => {
  it('keys names on one address alike, whatever the port, and other addresses apart', async () => {
    const { lookup } = tableLookup({ 'shop.test': '127.0.0.2', 'static.shop.test': '127.0.0.2', 'other.test': '127.0.0.3', 'v6.test': '::1' });
    const addresses = new HostAddresses({ lookup });
    const urls = ['http://shop.test/a', 'http://static.shop.test:8080/b.css', 'http://other.test/c', 'http://v6.test/d', 'http://127.0.0.2:81/e', 'http://[::ffff:127.0.0.3]/f'];
    expect((await addresses.prepare(urls)).size).toBe(0);
    expect(urls.map((url) => addresses.keyOf(url))).toEqual(['127.0.0.2', '127.0.0.2', '127.0.0.3', '[::1]', '127.0.0.2', '127.0.0.3']);
  });

  it('looks each name up once for the run, concurrent batches included, and an address literal never', async () => {
    const { lookup, asked } = tableLookup({ 'shop.test': '127.0.0.2' });
    const addresses = new HostAddresses({ lookup });
    await Promise.all([addresses.prepare(['http://shop.test/a', 'http://SHOP.test./b']), addresses.prepare(['http://shop.test/c', 'http://127.0.0.9/'])]);
    await addresses.prepare(['http://shop.test/d']);
    expect(asked).toEqual(['shop.test']);
  });

  it('refuses the URLs of a name that does not resolve or does not answer, as fetch/dns, and asks again later', async () => {
    const { lookup, asked } = tableLookup({ 'shop.test': '127.0.0.2', 'silent.test': null });
    const addresses = new HostAddresses({ lookup, lookupTimeoutMs: 50 });
    const refused = await addresses.prepare(['http://shop.test/a', 'http://gone.test/b', 'http://silent.test/c']);
    expect([...refused.keys()].sort()).toEqual(['http://gone.test/b', 'http://silent.test/c']);
    expect([...refused.values()].every((error) => error instanceof FetchError && error.code === 'FETCH_DNS')).toBe(true);
    expect(() => addresses.keyOf('http://gone.test/b')).toThrow(/no address is known/);
    await addresses.prepare(['http://gone.test/x']);
    expect(asked.filter((name) => name === 'gone.test')).toHaveLength(2);
  });

  it('gives two names of one server one slot: at one request per address the second name waits', async () => {
    const { lookup } = tableLookup({ 'shop.test': '127.0.0.2', 'static.shop.test': '127.0.0.2', 'other.test': '127.0.0.3' });
    const addresses = new HostAddresses({ lookup });
    const urls = ['http://shop.test/a', 'http://static.shop.test/b', 'http://other.test/c'];
    await addresses.prepare(urls);
    const tmp = tempDir();
    const { frontier } = openFrontier(tmp.dir, { maxConcurrency: 1 }, { hostKeyOf: (url) => addresses.keyOf(url) });
    cleanups.push(tmp.cleanup, () => frontier.close());
    await frontier.add(urls.map((url) => req(url)));
    const leased = [expectLease(frontier.next(1_000_000)), expectLease(frontier.next(1_000_000))];
    expect(leased.map((lease) => lease.hostKey).sort()).toEqual(['127.0.0.2', '127.0.0.3']);
    expect(frontier.next(1_000_000).type).toBe('wait');
  });
});
