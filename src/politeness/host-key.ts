// Politeness key of a URL: its host (with port) or its registrable domain, one key per server whatever the spelling.
import { getDomain } from 'tldts';

export type HostKeyMode = 'host' | 'domain';

/** An IPv4-mapped IPv6 address as WHATWG URL writes it (`[::ffff:7f00:1]`): the IPv4 host itself. */
const IPV4_MAPPED = /^\[::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})\]$/;

/**
 * `host` keeps the port as WHATWG URL writes it, so two servers on one machine are two hosts.
 * `domain` merges subdomains; tldts has no domain for IPs and `localhost`, and those must still
 * be gated, so they fall back to the host.
 * WHATWG URL already folds case, the default port, IDN to punycode and IPv4 forms (`127.1`, `0x7f.0.0.1`,
 * `2130706433`); two spellings it keeps apart reach the same server too, so they share a key: the
 * absolute form with a trailing dot (`shop.example.`) and an IPv4-mapped IPv6 address. As two keys they
 * were two gates, each with its own interval, and the server got both rates.
 */
export function hostKeyOf(url: string, mode: HostKeyMode): string {
  const parsed = new URL(url);
  const hostname = serverName(parsed.hostname);
  const host = parsed.port === '' ? hostname : `${hostname}:${parsed.port}`;
  if (mode === 'host') return host;
  const domain = getDomain(hostname, { allowPrivateDomains: false });
  return domain ?? host;
}

function serverName(hostname: string): string {
  const mapped = IPV4_MAPPED.exec(hostname);
  if (mapped) {
    const [high, low] = [parseInt(mapped[1], 16), parseInt(mapped[2], 16)];
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
}
