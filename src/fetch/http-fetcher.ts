// The HTTP fetcher: undici with keep-alive per origin, manual redirects, capped decoded bodies, coded errors.
import type { LookupFunction } from 'node:net';
import { setImmediate as nextLoopTurn } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { Dispatcher } from 'undici';
import { FetchError } from '../core/errors';
import type { CrawlRequest } from '../core/request';
import { CrawlResponse } from '../core/response';
import type { Settings } from '../settings/schema';
import { readBody } from './body-reader';
import { decodeBody } from './charset';
import { withSendHook } from './send-hook';
import type { Fetcher, FetchOptions } from './fetcher';
import { FetchDeadline } from './fetch-deadline';
import { OriginPools } from './origin-pools';
import { nextHop, REDIRECT_STATUSES, resolveLocation, type HopRequest } from './redirect-policy';

export type HttpSettings = Settings['http'];

export interface HttpFetcherOptions {
  /** Host name resolver; tests map names such as `shop-a.test` to 127.0.0.1. Defaults to the OS resolver. */
  lookup?: LookupFunction;
  /** Told about charset labels it had to ignore (the body still decodes). */
  logger?: Logger;
}

/** We decode these ourselves, with a cap, so we advertise exactly these. */
const ACCEPT_ENCODING = 'gzip, deflate, br';
const DEFAULT_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,application/json;q=0.8,*/*;q=0.7';

export class HttpFetcher implements Fetcher {
  private readonly pools: OriginPools;
  private closed = false;
  private readonly baseHeaders: Record<string, string>;

  constructor(
    private readonly settings: HttpSettings,
    private readonly options: HttpFetcherOptions = {},
  ) {
    this.pools = new OriginPools({
      connections: settings.keepAliveConnectionsPerHost,
      // undici's idle timers also map to FETCH_TIMEOUT; the whole-request deadline below is the real bound.
      headersTimeout: settings.timeoutMs,
      bodyTimeout: settings.timeoutMs,
      connect: { timeout: settings.connectTimeoutMs, ...(options.lookup ? { lookup: options.lookup } : {}) },
    });
    this.baseHeaders = lowerCaseKeys({
      'user-agent': settings.userAgent,
      accept: DEFAULT_ACCEPT,
      'accept-encoding': ACCEPT_ENCODING,
      ...settings.headers,
    });
  }

  async fetch(request: CrawlRequest, options: FetchOptions = {}): Promise<CrawlResponse> {
    const startedAtMs = Date.now();
    const deadline = new FetchDeadline(this.settings.timeoutMs, options.signal);
    let hop: HopRequest = {
      url: request.url,
      method: request.method,
      body: request.body,
      headers: { ...this.baseHeaders, ...lowerCaseKeys(request.headers) },
    };
    try {
      const redirectChain: string[] = [];
      const visited = new Set([hopKey(hop)]);
      for (;;) {
        const response = await this.send(hop, deadline.signal, options.onSend);
        if (REDIRECT_STATUSES.has(response.statusCode)) {
          // Drain small redirect bodies so the socket goes back to the pool; big ones close it.
          await response.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
          await nextLoopTurn(); // see below: lets the next hop reuse this socket
          const next = this.redirect(hop, response, redirectChain.length, visited);
          options.checkRedirect?.(hop.url, next.url);
          redirectChain.push(hop.url);
          hop = next;
          continue;
        }
        const headers = normalizeHeaders(response.headers);
        const body = await readBody(response.body, {
          contentEncoding: headerValue(headers, 'content-encoding'),
          contentLength: headerValue(headers, 'content-length'),
          maxBodyBytes: this.settings.maxBodyBytes,
        });
        const finishedAtMs = Date.now();
        // undici returns a kept-alive socket to its pool one event-loop turn after the body ends (it
        // waits for servers that close despite keep-alive); waiting for that turn lets the next request
        // to this host reuse the socket instead of opening another connection.
        await nextLoopTurn();
        const decoded = decodeBody(body, headerValue(headers, 'content-type'));
        if (decoded.unknownLabels.length > 0) {
          this.options.logger?.warn({ url: hop.url, labels: decoded.unknownLabels, encoding: decoded.encoding }, 'unknown charset label ignored');
        }
        return new CrawlResponse({
          request,
          url: hop.url,
          status: response.statusCode,
          headers,
          body,
          text: decoded.text,
          encoding: decoded.encoding,
          timings: { startedAtMs, finishedAtMs },
          redirectChain,
        });
      }
    } catch (error) {
      throw deadline.explain(error, hop.url);
    } finally {
      deadline.dispose();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.pools.destroy();
  }

  private send(hop: HopRequest, signal: AbortSignal, onSend?: () => void): Promise<Dispatcher.ResponseData> {
    if (this.closed) throw new FetchError('FETCH_FAILED', `fetcher is closed (${hop.url})`);
    const url = new URL(hop.url);
    const pool = this.pools.get(url.origin);
    return withSendHook(onSend, () =>
      pool.request({
        path: `${url.pathname}${url.search}`,
        method: hop.method,
        headers: hop.headers,
        body: hop.body ?? undefined,
        signal,
      }),
    );
  }

  /** Validates one hop; `followed` is how many hops were already taken. */
  private redirect(hop: HopRequest, response: Dispatcher.ResponseData, followed: number, visited: Set<string>): HopRequest {
    const location = response.headers.location;
    const nextUrl = resolveLocation(Array.isArray(location) ? location[0] : location, hop.url);
    const next = nextHop(hop, response.statusCode, nextUrl);
    const key = hopKey(next);
    if (visited.has(key)) {
      throw new FetchError('FETCH_REDIRECT_LOOP', `redirect loop: ${hop.url} → ${next.url} was already visited`);
    }
    if (followed >= this.settings.maxRedirects) {
      throw new FetchError('FETCH_TOO_MANY_REDIRECTS', `more than ${this.settings.maxRedirects} redirects, last ${hop.url} → ${next.url}`);
    }
    visited.add(key);
    return next;
  }
}

function hopKey(hop: HopRequest): string {
  // Keyed on the method too: POST /cart → 303 → GET /cart is the normal form-submit dance, not a loop.
  return `${hop.method} ${hop.url}`;
}

function lowerCaseKeys(headers: Readonly<Record<string, string>>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) result[name.toLowerCase()] = value;
  return result;
}

/** Lower-cased names; repeats joined with ", " except set-cookie, which cannot be joined safely. */
function normalizeHeaders(raw: Dispatcher.ResponseData['headers']): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    const key = name.toLowerCase();
    if (key === 'set-cookie') headers[key] = Array.isArray(value) ? value : [value];
    else headers[key] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

function headerValue(headers: Record<string, string | string[]>, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
