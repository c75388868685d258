// Whether an answer says a cache served it from store (RFC 9111 Age, and the hit marks CDNs and proxies add).

/** Cache status fields CDNs and proxies add (CloudFront, Fastly, Varnish, nginx: x-cache…; Cloudflare; Akamai; RFC 9211 Cache-Status). */
const STATUS_FIELDS = ['x-cache', 'x-cache-status', 'x-proxy-cache', 'cf-cache-status', 'akamai-cache-status', 'cache-status'];

/**
 * RFC 9111 §4: a cache that answers from its store MUST send Age; Fastly and others send `Age: 0` on a
 * miss too, so only an age above zero counts. A status field counts when it names a hit (`HIT`,
 * `Hit from cloudfront`, `TCP_HIT`, RFC 9211's `; hit`); `MISS`, `EXPIRED`, `BYPASS` do not.
 */
export function servedFromCache(header: (name: string) => string | undefined): boolean {
  const age = Number((header('age') ?? '').split(',')[0]);
  if (Number.isFinite(age) && age > 0) return true;
  return STATUS_FIELDS.some((name) => /(^|[^a-z])hit([^a-z]|$)/i.test(header(name) ?? ''));
}
