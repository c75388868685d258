// Politeness key of a URL: its host (with port) or its registrable domain.
import { getDomain } from 'tldts';

export type HostKeyMode = 'host' | 'domain';

/**
 * `host` keeps the port as WHATWG URL writes it, so two servers on one machine are two hosts.
 * `domain` merges subdomains; tldts has no domain for IPs and `localhost`, and those must still
 * be gated, so they fall back to the host.
 */
export function hostKeyOf(url: string, mode: HostKeyMode): string {
  const parsed = new URL(url);
  if (mode === 'host') return parsed.host;
  const domain = getDomain(parsed.hostname, { allowPrivateDomains: false });
  return domain ?? parsed.host;
}
