// Offsite rules: is a URL inside a spider's allowedDomains? Shared by the middleware and redirect checks.
/**
 * An entry without a port (`shop.example`) matches that host and its subdomains on any port;
 * an entry with a port (`127.0.0.1:8081`) matches exactly that host and port. Empty allows all.
 */
export function isAllowedUrl(url: string, allowedDomains: readonly string[]): boolean {
  if (allowedDomains.length === 0) return true;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const hostname = parsed.hostname.toLowerCase();
  const hostWithPort = parsed.host.toLowerCase();
  return allowedDomains.some((entry) => {
    const allowed = entry.toLowerCase().replace(/^\.+/, '');
    if (/:\d+$/.test(allowed)) return hostWithPort === allowed || hostWithPort.endsWith(`.${allowed}`);
    return hostname === allowed || hostname.endsWith(`.${allowed}`);
  });
}
