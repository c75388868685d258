// undici ProxyAgents for session proxies (forward mode for http targets); proxy credentials scrubbed from errors.
import type * as Undici from 'undici';
import { FetchError, FetchWait, type ErrorCode } from '../core/errors';
import { proxyIdOf } from '../sessions/proxy-endpoints';
import { Pool, ProxyAgent } from './undici-parts';

export interface ProxyAgentOptions {
  connections: number;
  maxHeaderSize: number;
  connectTimeoutMs: number;
  headersTimeout: number;
  bodyTimeout: number;
}

/**
 * `proxyTunnel: false`: plain-http targets go through the proxy as forward-proxy requests (absolute URL
 * in the request line, one proxy connection reused for many hosts), https targets through a CONNECT
 * tunnel. Credentials in the URL become a `Proxy-Authorization` header on both (`proxyAuthorization`).
 */
export function proxyAgentFactory(options: ProxyAgentOptions): (proxyUrl: string) => Undici.ProxyAgent {
  return (proxyUrl) =>
    new ProxyAgent({
      uri: proxyUrl,
      ...proxyAuthorization(proxyUrl),
      proxyTunnel: false,
      connections: options.connections,
      maxHeaderSize: options.maxHeaderSize,
      headersTimeout: options.headersTimeout,
      bodyTimeout: options.bodyTimeout,
      proxyTls: { timeout: options.connectTimeoutMs },
      requestTls: { timeout: options.connectTimeoutMs },
      // undici builds the forward-mode client to the proxy with its connector alone: the header limit goes in here.
      factory: (origin: string | URL, poolOptions: Undici.Pool.Options) => new Pool(origin, { ...poolOptions, maxHeaderSize: options.maxHeaderSize }),
    });
}

/**
 * Basic credentials from the URL's user info, given as undici's `token`. undici builds the header itself
 * only when both user name and password are there, and providers that take an API key as the user name
 * with an empty password (`http://APIKEY:@proxy:8010`) or a token alone had every request refused (407).
 */
function proxyAuthorization(proxyUrl: string): { token?: string } {
  const { username, password } = new URL(proxyUrl);
  if (username === '') return {};
  return { token: `Basic ${Buffer.from(`${decodeURIComponent(username)}:${decodeURIComponent(password)}`).toString('base64')}` };
}

/**
 * Through a proxy every connection we open goes to the proxy: a refused or timed-out connect, or a proxy
 * name that does not resolve, is the proxy's failure, never the site's (a forward proxy answers a site it
 * cannot reach with a 502 of its own, a tunnel with a CONNECT status).
 */
const PROXY_CONNECT_CODES = new Set(['FETCH_CONNECTION_REFUSED', 'FETCH_CONNECT_TIMEOUT', 'FETCH_DNS']);

/** undici's words for a 407 (forward requests and tunnels) and for any other status a CONNECT got. */
const PROXY_AUTH_MESSAGE = /Proxy Authentication Required \(407\)|Proxy response \(407\)/;
const TUNNEL_REFUSED_MESSAGE = /Proxy response \(\d{3}\) !== 200 when HTTP Tunneling/;

/**
 * A failure on a proxied fetch, with the proxy's user name and password cut out of the message and the
 * undici cause dropped (its fields could carry the proxy URL). Failures of the proxy itself get codes of
 * their own, so neither the ledger nor the site's breaker counts them as the site's: FETCH_PROXY_AUTH (a
 * 407), FETCH_PROXY_UNREACHABLE (no connection to the proxy), FETCH_PROXY_TUNNEL (a CONNECT refused).
 */
export function proxyFetchError(error: FetchError, proxyUrl: string): FetchError {
  // A wait of our own (a redirect target's slot) never went through the proxy, and must stay a wait.
  if (error instanceof FetchWait) return error;
  const url = new URL(proxyUrl);
  const secrets = [url.username, url.password, decodeURIComponent(url.username), decodeURIComponent(url.password)].filter((s) => s.length > 0);
  let message = error.message;
  for (const secret of secrets) message = message.split(secret).join('***');
  return new FetchError(proxyFailureCode(error), `${message} [proxy ${proxyIdOf(proxyUrl)}]`);
}

function proxyFailureCode(error: FetchError): ErrorCode {
  if (PROXY_CONNECT_CODES.has(error.code)) return 'FETCH_PROXY_UNREACHABLE';
  if (error.code !== 'FETCH_FAILED') return error.code;
  if (PROXY_AUTH_MESSAGE.test(error.message)) return 'FETCH_PROXY_AUTH';
  return TUNNEL_REFUSED_MESSAGE.test(error.message) ? 'FETCH_PROXY_TUNNEL' : error.code;
}
