// undici ProxyAgents for session proxies (forward mode for http targets); proxy credentials scrubbed from errors.
import type * as Undici from 'undici';
import { FetchError, FetchWait } from '../core/errors';
import { proxyIdOf } from '../sessions/proxy-endpoints';
import { ProxyAgent } from './undici-parts';

export interface ProxyAgentOptions {
  connections: number;
  connectTimeoutMs: number;
  headersTimeout: number;
  bodyTimeout: number;
}

/**
 * `proxyTunnel: false`: plain-http targets go through the proxy as forward-proxy requests (absolute URL
 * in the request line, one proxy connection reused for many hosts), https targets through a CONNECT
 * tunnel. Credentials in the URL become a `Proxy-Authorization` header inside undici.
 */
export function proxyAgentFactory(options: ProxyAgentOptions): (proxyUrl: string) => Undici.ProxyAgent {
  return (proxyUrl) =>
    new ProxyAgent({
      uri: proxyUrl,
      proxyTunnel: false,
      connections: options.connections,
      headersTimeout: options.headersTimeout,
      bodyTimeout: options.bodyTimeout,
      proxyTls: { timeout: options.connectTimeoutMs },
      requestTls: { timeout: options.connectTimeoutMs },
    });
}

/**
 * A failure on a proxied fetch, with the proxy's user name and password cut out of the message and the
 * undici cause dropped (its fields could carry the proxy URL). The code, which the ledger uses, stays,
 * except that a proxy refusing our credentials (407, forward or tunnel) becomes FETCH_PROXY_AUTH.
 */
export function proxyFetchError(error: FetchError, proxyUrl: string): FetchError {
  // A wait of our own (a redirect target's slot) never went through the proxy, and must stay a wait.
  if (error instanceof FetchWait) return error;
  const url = new URL(proxyUrl);
  const secrets = [url.username, url.password, decodeURIComponent(url.username), decodeURIComponent(url.password)].filter((s) => s.length > 0);
  let message = error.message;
  for (const secret of secrets) message = message.split(secret).join('***');
  const code = error.code === 'FETCH_FAILED' && /\b407\b/.test(message) ? 'FETCH_PROXY_AUTH' : error.code;
  return new FetchError(code, `${message} [proxy ${proxyIdOf(proxyUrl)}]`);
}
