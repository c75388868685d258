// Politeness key of a URL: its host (with port) or its registrable domain, one key per server whatever the spelling.
import { getDomain } from 'tldts';

export type HostKeyMode = 'host' | 'domain';

/** An IPv4-mapped IPv6 address as WHATWG URL writes it (`[::ffff:7f00:1]`): the IPv4 host itself. */
const IPV4_MAPPED = /^\[::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})\]$/;

/**
 * The ports a key leaves out: http's and https's defaults, whichever scheme names them. Each is one socket of
 * the server whatever the URL's scheme (`http://shop:443` reaches https's port), and a setting written
 * `shop.example:443` is spelled `shop.example` (hostKeySpelling): keeping 443 in the key of
 * `http://shop.example:443` made that URL a host no setting could name.
 */
const WEB_PORTS = new Set(['80', '443']);

/**
 * `host` keeps any other port as WHATWG URL writes it, so two servers on one machine are two hosts.
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
  const host = parsed.port === '' || WEB_PORTS.has(parsed.port) ? hostname : `${hostname}:${parsed.port}`;
  if (mode === 'host') return host;
  const domain = getDomain(hostname, { allowPrivateDomains: false });
  return domain ?? host;
}

/** A URL's hostname as one server's name: an IPv4-mapped address as IPv4, no root dot. */
export function serverName(hostname: string): string {
  const mapped = IPV4_MAPPED.exec(hostname);
  if (mapped) {
    const [high, low] = [parseInt(mapped[1], 16), parseInt(mapped[2], 16)];
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
}

/** A host as a person writes it (settings, allowedDomains): its hostname as the URL parser spells it, and the port it names. */
export interface WrittenHost {
  /** Punycode, lower case, no root dot, an IPv4-mapped address as IPv4. */
  hostname: string;
  port: number | null;
}

/**
 * Reads `shop.example`, `Bücher.Example:8080`, `[::1]:8080`, `::1` the way the URL parser reads the host of a
 * crawled URL, so a written host and a URL's host compare equal. Null for text that is no host or host:port.
 */
export function readWrittenHost(written: string): WrittenHost | null {
  const trimmed = written.trim();
  // An IPv6 address without brackets names no port: its colons are the address's.
  const bareIpv6 = !trimmed.startsWith('[') && trimmed.split(':').length > 2;
  const withPort = bareIpv6 ? null : /^(.*):(\d{1,5})$/.exec(trimmed);
  const host = bareIpv6 ? `[${trimmed}]` : withPort ? withPort[1] : trimmed;
  if (host === '' || /[/?#@*\s]/.test(host)) return null;
  let hostname: string;
  try {
    hostname = new URL(`http://${host}/`).hostname;
  } catch {
    return null;
  }
  const port = withPort ? Number(withPort[2]) : null;
  if (port !== null && (port < 1 || port > 65_535)) return null;
  return { hostname: serverName(hostname), port };
}

/**
 * A bare IPv6 address that reads as another address with a port too (`::1:8080`: the address ::1:8080, or
 * ::1 on port 8080): null when it is no such spelling, else both readings bracketed, for a setting to refuse.
 * `readWrittenHost` takes the whole as the address, which for a per-host setting matched a host nobody crawls.
 */
export function ambiguousIpv6(written: string): [string, string] | null {
  const trimmed = written.trim();
  if (trimmed.startsWith('[') || trimmed.split(':').length <= 2) return null;
  const cut = /^(.*):(\d{1,5})$/.exec(trimmed);
  if (!cut || readWrittenHost(`[${cut[1]}]:${cut[2]}`) === null || readWrittenHost(trimmed) === null) return null;
  return [`[${trimmed}]`, `[${cut[1]}]:${cut[2]}`];
}

/**
 * A host key as a person writes it in settings (`Bücher.Example`, `shop.example.`, `shop.example:443`),
 * spelled the way `hostKeyOf` spells the key of a URL of that host (see `readWrittenHost`), with no port
 * when it is a default one (80 or 443; a crawled URL on its scheme's default port has none in its key).
 * Null for text that is no host or host:port. Before, a per-host setting written any other way matched no
 * key and was silently ignored: a host given a slower interval was crawled at the project-wide one.
 */
export function hostKeySpelling(written: string): string | null {
  const host = readWrittenHost(written);
  if (host === null) return null;
  return host.port === null || WEB_PORTS.has(String(host.port)) ? host.hostname : `${host.hostname}:${host.port}`;
}
