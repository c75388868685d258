// Offsite rules: is a URL inside a spider's allowedDomains? Shared by the middleware and redirect checks.
import { readWrittenHost, serverName, type WrittenHost } from '../politeness/host-key';

/** A list as it was parsed, with the entries it was parsed from: a spider may change its list after use. */
interface ParsedList {
  source: readonly string[];
  entries: readonly WrittenHost[];
}

const parsedLists = new WeakMap<readonly string[], ParsedList>();

/**
 * An entry without a port (`shop.example`) matches that host and its subdomains on any port;
 * an entry with a port (`127.0.0.1:8081`) matches exactly that host and port. Empty allows all.
 *
 * Entries and URLs are compared as the URL parser spells hosts (`readWrittenHost`): an entry written in
 * Unicode (`bücher.example`) is its punycode (`xn--bcher-kva.example`), which is what a parsed URL holds,
 * and a trailing dot (the DNS root) is dropped from both. Before, an IDN shop's every request was offsite.
 * An entry that is no host matches nothing.
 */
export function isAllowedUrl(url: string, allowedDomains: readonly string[]): boolean {
  if (allowedDomains.length === 0) return true;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const hostname = serverName(parsed.hostname);
  const port = Number(parsed.port || defaultPort(parsed.protocol));
  return allowedEntries(allowedDomains).some((entry) => {
    if (entry.port !== null && entry.port !== port) return false;
    return hostname === entry.hostname || hostname.endsWith(`.${entry.hostname}`);
  });
}

/** Parsed once per list, again when the spider changed it (compared entry by entry: no allocation per call). */
function allowedEntries(allowedDomains: readonly string[]): readonly WrittenHost[] {
  const known = parsedLists.get(allowedDomains);
  if (known && known.source.length === allowedDomains.length && known.source.every((entry, i) => entry === allowedDomains[i])) return known.entries;
  // A leading dot (`.shop.example`, Scrapy's old spelling) means the same as without.
  const entries = allowedDomains.flatMap((entry) => readWrittenHost(entry.trim().replace(/^\.+/, '')) ?? []);
  parsedLists.set(allowedDomains, { source: [...allowedDomains], entries });
  return entries;
}

function defaultPort(protocol: string): string {
  return protocol === 'https:' ? '443' : protocol === 'http:' ? '80' : '';
}
