// Proxy list handling: stable credential-free ids for configured proxy URLs, and the pick for a new session.

/** A configured proxy: `id` is what logs, stats and storage name it; `url` (credentials and all) only the fetcher sees. */
export interface ProxyEndpoint {
  id: string;
  url: string;
}

/** `host:port` of a proxy URL, without user name or password. */
export function proxyIdOf(proxyUrl: string): string {
  const url = new URL(proxyUrl);
  return `${url.hostname}:${url.port || '80'}`;
}

/**
 * Ids are `host:port`, so they survive a reordered list between runs (a persisted session finds its
 * proxy again). Providers often expose one host:port with many user names (one exit IP each); the
 * second and later entries of a host:port get `#2`, `#3`… in list order.
 */
export function proxyEndpoints(urls: readonly string[]): ProxyEndpoint[] {
  const seen = new Map<string, number>();
  return urls.map((url) => {
    const base = proxyIdOf(url);
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return { id: count === 1 ? base : `${base}#${count}`, url };
  });
}

/**
 * Round-robin from `cursor`, skipping `avoidId` (the proxy of the session a block just retired) when
 * another proxy exists. Returns the proxy for the new session and the cursor for the next pick.
 */
export function pickProxy(proxies: readonly ProxyEndpoint[], cursor: number, avoidId: string | null = null): { proxy: ProxyEndpoint | null; cursor: number } {
  if (proxies.length === 0) return { proxy: null, cursor };
  const skip = proxies.length > 1 && proxies[cursor % proxies.length].id === avoidId ? 1 : 0;
  return { proxy: proxies[(cursor + skip) % proxies.length], cursor: cursor + skip + 1 };
}
