// Canonical request fingerprints: the dedupe key of the frontier (scoped per run by the frontier).
import { createHash } from 'node:crypto';

const TRACKING_PARAM = /^(utm_[a-z]+|gclid|fbclid|mc_eid|mc_cid)$/i;

/**
 * Canonical form of a URL for dedupe: lower-case scheme and host, default port dropped,
 * fragment dropped, tracking parameters dropped, query parameters sorted (stable for equal keys).
 * Path case and trailing slashes are kept: servers may treat them as different resources.
 */
export function canonicalUrl(url: string): string {
  const parsed = new URL(url);
  parsed.hash = '';
  const params = [...parsed.searchParams.entries()].filter(([key]) => !TRACKING_PARAM.test(key));
  params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  parsed.search = new URLSearchParams(params).toString();
  return parsed.toString();
}

/** sha1 over method, canonical URL and body: equal requests collide, different ones do not. */
export function requestFingerprint(method: string, url: string, body?: string | null): string {
  const hash = createHash('sha1');
  hash.update(method.toUpperCase());
  hash.update('\n');
  hash.update(canonicalUrl(url));
  hash.update('\n');
  if (body) hash.update(body);
  return hash.digest('hex');
}
