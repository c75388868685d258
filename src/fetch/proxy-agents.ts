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
      // The client that sends CONNECTs (https targets) and nothing else.
      clientFactory: (origin: URL, poolOptions: object) => tunnelClient(new Pool(origin, { ...poolOptions, headersTimeout: options.connectTimeoutMs })),
    });
}

/** Marks a tunnel the proxy would not set up; `proxyFailureCode` reads it as FETCH_PROXY_TUNNEL. */
const TUNNEL_NOT_SET_UP = 'Proxy tunnel not set up';

/**
 * The CONNECT client, with its failures made final. undici reads a CONNECT whose connection the proxy closed
 * (UND_ERR_SOCKET) as a recoverable socket error and sends the CONNECT again at once, for as long as a request
 * waits: a proxy closing every CONNECT got ~1,500 a second, going on after our fetch had given up. And a
 * CONNECT the proxy never answered waited out undici's 300 s headers timeout. Setting up the tunnel is part of
 * connecting, so it gets the connect timeout, and either failure now fails the requests waiting on it.
 */
function tunnelClient(pool: Undici.Pool): Undici.Pool {
  const connect = pool.connect.bind(pool) as (options: Undici.Dispatcher.ConnectOptions) => Promise<Undici.Dispatcher.ConnectData>;
  const finalConnect = (connectOptions: Undici.Dispatcher.ConnectOptions) =>
    connect(connectOptions).catch((error: unknown) => {
      const code = (error as { code?: unknown }).code;
      if (code === 'UND_ERR_SOCKET') throw tunnelError('the proxy closed the connection without answering the CONNECT');
      if (code === 'UND_ERR_HEADERS_TIMEOUT') throw tunnelError('the proxy did not answer the CONNECT within the connect timeout');
      throw error;
    });
  return Object.assign(pool, { connect: finalConnect }) as Undici.Pool;
}

function tunnelError(why: string): Error {
  // No cause: its code (a socket error, a timeout) would be read before ours and name the site's failure.
  return Object.assign(new Error(`${TUNNEL_NOT_SET_UP}: ${why}`), { code: 'UND_ERR_PROXY_TUNNEL' });
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

/** undici's words for a 407 (forward requests and tunnels) and for any other status a CONNECT got (or ours for none). */
const PROXY_AUTH_MESSAGE = /Proxy Authentication Required \(407\)|Proxy response \(407\)/;
const TUNNEL_REFUSED_MESSAGE = /Proxy response \(\d{3}\) !== 200 when HTTP Tunneling|Proxy tunnel not set up: /;

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
