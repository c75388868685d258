// The HTTP fetcher: undici with keep-alive per origin, manual redirects, capped decoded bodies, coded errors.
import type { LookupFunction, Socket } from 'node:net';
import { setImmediate as nextLoopTurn } from 'node:timers/promises';
import type { Logger } from 'pino';
import type * as Undici from 'undici';
import type { Dispatcher, ProxyAgent } from 'undici';
import { FetchError, RedirectChainError } from '../core/errors';
import { redirectWaitAsked } from './redirect-wait';
import type { CrawlRequest } from '../core/request';
import { CrawlResponse } from '../core/response';
import type { Settings } from '../settings/schema';
import { readAnswerBody } from './answer-body';
import { hopKey, storeCookies, withSessionCookies } from './hop-cookies';
import { noteResumePoint, tryChain } from './redirect-resume-point';
import { discardBody } from './unwanted-body';
import { unaskedAnswer, unclosedDocument, watchBodyEnd } from './body-end-check';
import { sniffCharset } from './charset';
import { sendHookTag, type SendHook } from './send-hook';
import { answeredOutOfStep, closedWhileIdle, timedOutWhileIdle } from './stale-connection';
import { headerValue, lowerCaseKeys, normalizeHeaders } from './answer-headers';
import { connectionClosed, watchConnection } from './connection-end';
import { watchTlsRecords } from './tls-record-break';
import { tapCloseTail } from './close-tail';
import { unfoldNextHead } from './head-unfolder';
import { refusedHead } from './refused-head';
import type { Fetcher, FetchOptions } from './fetcher';
import { FetchDeadline } from './fetch-deadline';
import { KeptDispatchers } from './kept-dispatchers';
import { proxyAgentFactory, proxyFetchError } from './proxy-agents';
import { untilAborted } from './until-aborted';
import { Pool } from './undici-parts';
import { proxyFailureNoted, type RequestSession } from '../core/request-session';
import { nextHop, REDIRECT_STATUSES, resolveLocation, type HopRequest } from './redirect-policy';

export type HttpSettings = Settings['http'];

/** A hop's answer, headers in, body unread (its `opaque`: the send hook's tag, send-hook.ts). */
type HopAnswer = Dispatcher.ResponseData<object>;

/** A hop's answer, the connection it came on, and whether that had carried an earlier answer (send-hook.ts). */
interface SentHop {
  response: HopAnswer;
  socket: Socket | undefined;
  reused: boolean;
}

export interface HttpFetcherOptions {
  /** Host name resolver; tests map names such as `shop-a.test` to 127.0.0.1. Defaults to the OS resolver. */
  lookup?: LookupFunction;
  /** Told about charset labels it had to ignore (the body still decodes). */
  logger?: Logger;
}

/**
 * Response header bytes accepted, as Chromium accepts (256 KiB, ERR_RESPONSE_HEADERS_TOO_BIG beyond).
 * undici's default is node's 16 KiB: a page with a long Content-Security-Policy or a pile of Set-Cookie
 * headers, which a browser shows, failed as fetch/failed.
 */
const MAX_HEADER_BYTES = 256 * 1024;

/** We decode these ourselves, with a cap, so we advertise exactly these. */
const ACCEPT_ENCODING = 'gzip, deflate, br';
const DEFAULT_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,application/json;q=0.8,*/*;q=0.7';

export class HttpFetcher implements Fetcher {
  /**
   * One Pool per origin rather than undici's Agent: Agent 7.x counts connections per origin key, and the
   * disconnect of a pool it already closed decrements the count of its replacement, so after one closed
   * socket (e.g. undici's close-after-HEAD) every later sequential request got a fresh connection.
   * Measured: GET, HEAD, then 5 GETs = 6 connections with Agent, 2 with a Pool kept per origin.
   */
  private readonly pools: KeptDispatchers<Undici.Pool>;
  /** One ProxyAgent per session proxy URL. */
  private readonly proxies: KeptDispatchers<ProxyAgent>;
  private closed = false;
  private readonly baseHeaders: Record<string, string>;

  constructor(
    private readonly settings: HttpSettings,
    private readonly options: HttpFetcherOptions = {},
  ) {
    const poolOptions: Undici.Pool.Options = {
      connections: settings.keepAliveConnectionsPerHost,
      maxHeaderSize: MAX_HEADER_BYTES,
      // undici's idle timers also map to FETCH_TIMEOUT; the whole-request deadline below is the real bound.
      headersTimeout: settings.timeoutMs,
      bodyTimeout: settings.timeoutMs,
      connect: { timeout: settings.connectTimeoutMs, ...(options.lookup ? { lookup: options.lookup } : {}) },
    };
    this.pools = new KeptDispatchers((origin) => new Pool(origin, poolOptions));
    this.proxies = new KeptDispatchers(proxyAgentFactory({
      connections: settings.keepAliveConnectionsPerHost,
      maxHeaderSize: MAX_HEADER_BYTES,
      connectTimeoutMs: settings.connectTimeoutMs,
      headersTimeout: settings.timeoutMs,
      bodyTimeout: settings.timeoutMs,
    }));
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
    const chain = tryChain(request, {
      url: request.url,
      method: request.method,
      body: request.body,
      headers: { ...this.baseHeaders, ...lowerCaseKeys(request.headers) },
    });
    const { redirectChain, visited } = chain;
    let { hop } = chain;
    const wire: { socket?: Socket } = {};
    try {
      // Going on from a hop an earlier try gave back: its target is judged again (robots.txt, offsite) as the hop was.
      const resumedFrom = redirectChain.at(-1);
      if (resumedFrom !== undefined) {
        await options.prepareHop?.(resumedFrom, hop.url, deadline);
        options.checkRedirect?.(resumedFrom, hop.url);
      }
      // A resumed hop to another host may be given back again (its slot still too far off): the next try goes on from it still.
      await options.beforeSend?.(deadline).catch((error: unknown) => {
        throw noteResumePoint(error, hop, chain, request.session);
      });
      for (let outOfStep = 0; ; ) {
        const { response, socket, reused } = await this.send(hop, request.session, deadline, options, wire);
        const headers = normalizeHeaders(response.headers);
        const bodyEnd = watchBodyEnd(response.body, headers, socket, hop);
        const body = await readAnswerBody(response, headers, socket, { hop, options, deadline, maxBodyBytes: this.settings.maxBodyBytes, logger: this.options.logger });
        const ended = bodyEnd();
        if (ended && outOfStep < this.settings.keepAliveConnectionsPerHost && answeredOutOfStep(ended.bytesAfterEnd, hop.method, reused)) {
          // What was read may be an answer the connection owed from before: the page is asked for again on a new one.
          outOfStep++;
          options.onStaleConnection?.();
          await options.beforeHop?.(hop.url, deadline);
          continue;
        }
        const badEnd = ended?.error ?? unaskedAnswer(response.statusCode, hop, headers) ?? unclosedDocument(body, headers, hop);
        if (badEnd) throw badEnd;
        storeCookies(request.session, hop.url, response.headers['set-cookie']);
        if (REDIRECT_STATUSES.has(response.statusCode)) {
          await nextLoopTurn(); // see below: lets the next hop reuse this socket
          const next = this.redirect(hop, response, redirectChain, visited, request.session);
          const waitAsked = redirectWaitAsked(headers, next.url);
          if (waitAsked) throw waitAsked;
          await options.prepareHop?.(hop.url, next.url, deadline);
          options.checkRedirect?.(hop.url, next.url);
          redirectChain.push(hop.url);
          hop = next;
          await options.beforeHop?.(hop.url, deadline).catch((error: unknown) => {
            throw noteResumePoint(error, next, chain, request.session);
          });
          continue;
        }
        const finishedAtMs = Date.now();
        // undici returns a kept-alive socket to its pool one event-loop turn after the body ends (it
        // waits for servers that close despite keep-alive); waiting for that turn lets the next request
        // to this host reuse the socket instead of opening another connection.
        await nextLoopTurn();
        // Only the charset now: the response decodes its text when first read (see CrawlResponse.text).
        const charset = sniffCharset(headerValue(headers, 'content-type'), body);
        if (charset.unknownLabels.length > 0) {
          this.options.logger?.warn({ url: hop.url, labels: charset.unknownLabels, encoding: charset.encoding }, 'unknown charset label ignored');
        }
        return new CrawlResponse({
          request,
          url: hop.url,
          status: response.statusCode,
          headers,
          body,
          encoding: charset.encoding,
          timings: { startedAtMs, finishedAtMs },
          redirectChain,
        });
      }
    } catch (error) {
      // An abort destroyed the connection; the host's slot is freed when our caller sees this error, so
      // not before the server can have seen the connection end (connection-end.ts).
      if (deadline.signal.aborted) await connectionClosed(wire.socket);
      const failure = deadline.explain(error, hop.url);
      const { session } = request;
      throw session?.proxyUrl ? proxyFailureNoted(session, proxyFetchError(failure, session.proxyUrl)) : failure;
    } finally {
      deadline.dispose();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([this.pools.destroy(), this.proxies.destroy()]);
  }

  /**
   * One hop's send, again on another connection when a kept-alive one turns out to have been closed by the
   * server, silently or with a 408 (stale-connection.ts); as many times as the pool may hold idle sockets, each a stale one at most.
   * The server may have read the request it then dropped, so a send again waits for the host's slot
   * (`beforeHop`) like any further send of the fetch: it came 2 to 7 ms after the first at the server.
   */
  private async send(hop: HopRequest, session: RequestSession | null, deadline: FetchDeadline, options: FetchOptions, wire: { socket?: Socket }): Promise<SentHop> {
    const { signal } = deadline;
    for (let resends = 0; ; resends++) {
      if (resends > 0) await options.beforeHop?.(hop.url, deadline);
      let reused = false;
      try {
        const response = await this.sendOnce(hop, session, signal, (onReused, onSocket) => {
          reused = onReused;
          wire.socket = onSocket; // the fetch's failure path waits on it too (connection-end.ts)
          watchConnection(onSocket);
          watchTlsRecords(onSocket);
          tapCloseTail(onSocket);
          unfoldNextHead(onSocket, hop.method);
          options.onSend?.();
        });
        if (resends < this.settings.keepAliveConnectionsPerHost && timedOutWhileIdle(response.statusCode, hop.method, reused)) {
          // Its server is closing the connection: the body and the socket go, the request goes on another one.
          discardBody(response.body);
          wire.socket?.destroy();
          options.onStaleConnection?.();
          continue;
        }
        return { response, socket: wire.socket, reused };
      } catch (error) {
        if (resends >= this.settings.keepAliveConnectionsPerHost || signal.aborted || !closedWhileIdle(error, hop.method, reused)) {
          throw signal.aborted ? error : (refusedHead(error, hop.url) ?? error);
        }
        options.onStaleConnection?.();
      }
    }
  }

  /** Through the session's proxy when it has one, else straight to the origin; with the session's cookies. */
  private sendOnce(hop: HopRequest, session: RequestSession | null, signal: AbortSignal, onSend: SendHook): Promise<HopAnswer> {
    if (this.closed) throw new FetchError('FETCH_FAILED', `fetcher is closed (${hop.url})`);
    const url = new URL(hop.url);
    const dispatcher: Dispatcher = session?.proxyUrl ? this.proxies.get(session.proxyUrl) : this.pools.get(url.origin);
    const sent = dispatcher.request({
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method: hop.method,
      // A copy: undici's ProxyAgent writes `host` into the headers it is given, and the next hop copies
      // this hop's, so a redirect to another host went out naming the first one (a tunnel serves that name).
      headers: { ...withSessionCookies(hop.headers, session, hop.url) },
      body: hop.body ?? undefined,
      signal,
      opaque: sendHookTag(onSend),
    });
    return untilAborted(sent, signal);
  }

  /** Validates one hop; `followed`: the URLs of the hops already taken (the request's first). */
  private redirect(hop: HopRequest, response: HopAnswer, followed: readonly string[], visited: Set<string>, session: RequestSession | null): HopRequest {
    const nextUrl = resolveLocation(response.headers.location, hop.url);
    const next = nextHop(hop, response.statusCode, nextUrl);
    const key = hopKey(next, session);
    const chain = [...followed, hop.url];
    if (visited.has(key)) {
      throw new RedirectChainError('FETCH_REDIRECT_LOOP', chain, next.url, `redirect loop: ${hop.url} → ${next.url} was already visited`);
    }
    if (followed.length >= this.settings.maxRedirects) {
      throw new RedirectChainError('FETCH_TOO_MANY_REDIRECTS', chain, next.url, `more than ${this.settings.maxRedirects} redirects, last ${hop.url} → ${next.url}`);
    }
    visited.add(key);
    return next;
  }
}

