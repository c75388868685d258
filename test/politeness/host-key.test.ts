// Host keys: host with port, registrable domain, and the IP / localhost fallback that must stay gated.
import { describe, expect, it } from 'vitest';
import { hostKeyOf, hostKeySpelling } from '../../src/politeness/host-key';

describe('hostKeyOf', () => {
  it.each([
    ['http://127.0.0.1:8081/a', '127.0.0.1:8081', '127.0.0.1:8081'],
    ['http://localhost:3000/', 'localhost:3000', 'localhost:3000'],
    ['http://[::1]:8080/x', '[::1]:8080', '[::1]:8080'],
    ['https://shop.example/p?q=1', 'shop.example', 'shop.example'],
    ['https://a.b.shop.example/', 'a.b.shop.example', 'shop.example'],
    ['https://www.amazon.co.uk:8443/', 'www.amazon.co.uk:8443', 'amazon.co.uk'],
    ['https://SHOP.Example:443/', 'shop.example', 'shop.example'],
  ])('%s', (url, host, domain) => {
    expect(hostKeyOf(url, 'host')).toBe(host);
    expect(hostKeyOf(url, 'domain')).toBe(domain);
  });

  it.each([
    ['http://shop.example.:8080/a', 'http://shop.example:8080/b'],
    ['https://SHOP.Example.:443/', 'https://shop.example/'],
    ['https://www.amazon.co.uk./', 'https://www.amazon.co.uk/'],
    ['http://[::ffff:127.0.0.1]:8080/', 'http://127.0.0.1:8080/'],
    ['http://[::ffff:7f00:1]/', 'http://127.1/'],
    ['http://0x7f.0.0.1:8080/', 'http://2130706433:8080/'],
    ['http://bücher.example/', 'http://xn--bcher-kva.example./'],
    // Port 443 (80) is the same socket whichever scheme names it explicitly.
    ['http://shop.example:443/', 'https://shop.example/'],
    ['https://shop.example:80/', 'http://shop.example/'],
  ])('%s and %s reach one server: one key', (a, b) => {
    for (const mode of ['host', 'domain'] as const) expect(hostKeyOf(a, mode)).toBe(hostKeyOf(b, mode));
  });

  it('keeps two ports on one machine apart', () => {
    expect(hostKeyOf('http://127.0.0.1:1/', 'domain')).not.toBe(hostKeyOf('http://127.0.0.1:2/', 'domain'));
  });

  // A per-host setting written with port 443 or 80 applies to every URL of that name on that port: it was
  // folded to the bare name, the key of https://shop.example, and never matched http://shop.example:443/.
  it.each([
    ['shop.example:443', 'http://shop.example:443/p'],
    ['shop.example:443', 'https://shop.example/p'],
    ['shop.example:80', 'https://shop.example:80/p'],
    ['shop.example', 'http://shop.example:443/p'],
    ['127.0.0.1:8080', 'http://127.0.0.1:8080/'],
  ])('a setting for %s applies to %s', (written, url) => {
    expect(hostKeySpelling(written)).toBe(hostKeyOf(url, 'host'));
  });
});
