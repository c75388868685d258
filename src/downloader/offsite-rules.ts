// Offsite rules: is a URL inside a spider's allowedDomains? Shared by the middleware and redirect checks.

/** One allowedDomains entry as the URL parser would spell its host: `port` null when the entry named none. */
interface AllowedEntry {
  hostname: string;
  port: string | null;
}

/** Parsed lists by their text: a spider may change its list, and a key by the array would go stale. */
const parsedLists = new Map<string, AllowedEntry[]>();
const MAX_PARSED_LISTS = 64;

/**
 * An entry without a port (`shop.example`) matches that host and its subdomains on any port;
 * an entry with a port (`127.0.0.1:8081`) matches exactly that host and port. Empty allows all.
 *
 * Entries and URLs are compared as the URL parser spells hosts: an entry written in Unicode
 * (`bücher.example`) is its punycode (`xn--bcher-kva.example`), which is what a parsed URL holds, and a
 * trailing dot (the DNS root) is dropped from both. Before, an IDN shop's every request was offsite.
 */
export function isAllowedUrl(url: string, allowedDomains: readonly string[]): boolean {
  if (allowedDomains.length === 0) return true;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const hostname = withoutRootDot(parsed.hostname);
  const port = parsed.port || defaultPort(parsed.protocol);
  return allowedEntries(allowedDomains).some((entry) => {
    if (entry.port !== null && entry.port !== port) return false;
    return hostname === entry.hostname || hostname.endsWith(`.${entry.hostname}`);
  });
}

function allowedEntries(allowedDomains: readonly string[]): AllowedEntry[] {
  const key = allowedDomains.join('\n');
  let entries = parsedLists.get(key);
  if (!entries) {
    entries = allowedDomains.flatMap((entry) => parseEntry(entry) ?? []);
    if (parsedLists.size >= MAX_PARSED_LISTS) parsedLists.clear();
    parsedLists.set(key, entries);
  }
  return entries;
}

function parseEntry(entry: string): AllowedEntry | null {
  const trimmed = entry.trim().replace(/^\.+/, '');
  if (trimmed === '') return null;
  // An IPv6 address without brackets (`::1`) names no port: its colons are the address's.
  const bareIpv6 = !trimmed.startsWith('[') && trimmed.split(':').length > 2;
  const withPort = bareIpv6 ? null : /^(.*):(\d+)$/.exec(trimmed);
  const host = bareIpv6 ? `[${trimmed}]` : withPort ? withPort[1] : trimmed;
  try {
    // A special scheme, so the parser applies IDNA and lower-cases as it does for a crawled URL.
    return { hostname: withoutRootDot(new URL(`http://${host}/`).hostname), port: withPort ? String(Number(withPort[2])) : null };
  } catch {
    // Not a host the parser can read: kept as written, which no parsed URL's host equals.
    return { hostname: host.toLowerCase(), port: null };
  }
}

function withoutRootDot(hostname: string): string {
  return hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
}

function defaultPort(protocol: string): string {
  return protocol === 'https:' ? '443' : protocol === 'http:' ? '80' : '';
}
