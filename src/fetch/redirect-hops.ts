// Refuses a document's redirect hop to a host the page may not reach, before Chromium sends it; drops its speculation rules header.
import type { CDPSession, Page } from 'playwright-core';
import { FetchError } from '../core/errors';
import { withoutRulesHeader } from './speculation-rules';
import { attachFrameSessions, type DevToolsSession } from './frame-sessions';
import { answerProxyChallenges, proxyCredentialsOf, type ProxyCredentials } from './proxy-auth';
import { confineWorkerResponse, markedWorkerKind } from './worker-confinement';
import { admittingWorkerPolicy } from './worker-policy-csp';
import { answerWholeDocument } from './rewritten-response';
import { redirectWaitAsked } from './redirect-wait';

/** What decides for one page; `null` when nobody guards it (the hop goes, confinement closes the page). */
export interface HopJudge {
  /** Whether the page (its current guard) may reach `url`. */
  allows(url: string): boolean;
  /** Once `allows` passed, the caller's check of a hop of any document of the page (robots.txt): null, or why not. */
  checkDocument(from: string, to: string): FetchError | null;
  /**
   * Told of each refused hop; `mainFrame`: the page's own document, which then fails (as offsite/redirect,
   * or with `reason`, the caller's check's error; null when `allows` refused it).
   */
  refused(from: string, to: string, mainFrame: boolean, reason: FetchError | null): void;
  /**
   * Whether a hop of one of the page's parts (a fetch, a script: no document) to `to` is refused, as the
   * route refuses a first request there (`offsiteSubresources: block`, robots.txt, blocked patterns); counts it.
   */
  refusesPart(from: string, to: string, resourceType: string): boolean;
  /**
   * Whether a hop that got past the other checks is over the page's cap on requests to its own host
   * (host-request-cap.ts), which counts it: each hop reaches the server as a request of its own. Asked of
   * every hop but the main document's (the host slot's, as its first request is).
   */
  overCap(to: string): boolean;
  /**
   * Awaited before the page's own document follows a hop that passed every check: its host's slot, as an HTTP
   * fetch's hop waits for it. A FetchError refuses the hop (its host has no slot soon enough).
   */
  beforeHop(to: string): Promise<void>;
  /** Told of a verdict that threw (the response is refused); `mainFrame`: the page's own document, which then fails. */
  failed(from: string, to: string, mainFrame: boolean, error: unknown): void;
  /** Told of each chunk of a document or part the target received (page-bytes-cap.ts counts them against the page's cap). */
  received(bytes: number): void;
  /** Whether a response whose Content-Length is `bytes` may be received within the page's cap on bytes. */
  admitsDeclared(bytes: number): boolean;
}

interface PausedResponse {
  requestId: string;
  frameId: string;
  /** DevTools' name of the request's type: `Document`, `Script`, `Fetch`, … */
  resourceType: string;
  request: { url: string; urlFragment?: string };
  responseStatusCode?: number;
  responseHeaders?: Array<{ name: string; value: string }>;
}

/**
 * Playwright's routes never see a redirect hop: Chromium follows a 3xx itself, so a shop URL that redirects
 * (a frame's src, a link a script follows, the request's own URL) reached any host before the page was
 * checked. A CDP session of the page's own pauses every response, and a 3xx whose Location the guard
 * refuses (a document's: off-site, or the caller's check, robots.txt; a part's: what the route refuses
 * for a first request) is failed as BlockedByClient there, so the next hop is never requested. Parts too:
 * under `offsiteSubresources: block` a fetch or script of the shop's own URL redirecting to another host
 * reached it, its price written into the page, and one redirecting to a path robots.txt disallows was
 * fetched. A document's `Speculation-Rules` header is dropped here (speculation-rules.ts), its CSP's
 * `trusted-types` list admits the worker confinement's policy (worker-policy-csp.ts), and a worker's script
 * gets `workerPrelude` in front (worker-confinement.ts). Each hop but the main document's is a request to
 * count against the page's cap on its host (host-request-cap.ts). One Node round trip per response that is not refused
 * before it is sent (blocked types and patterns never get one).
 */
export async function guardRedirectHops(page: Page, judgeOf: () => HopJudge | null, workerPrelude: string): Promise<void> {
  const session: CDPSession = await page.context().newCDPSession(page);
  const { frameTree } = (await session.send('Page.getFrameTree')) as { frameTree: { frame: { id: string } } };
  const credentials = proxyCredentialsOf(page.context());
  await guardSession(session, frameTree.frame.id, judgeOf, credentials, workerPrelude);
  // A frame of another site runs in a process of its own, whose responses this session never sees: before, its
  // fetch's and its frame's hops reached any host, and a robots-disallowed path (cross-site-frames.test.ts).
  await attachFrameSessions(session, (frame) => guardSession(frame, null, judgeOf, credentials, workerPrelude));
  await refuseDefaultFavicon(session);
}

/**
 * Chromium fetches a document's /favicon.ico itself once its load ends, as no page part: Playwright aborts it
 * while the page's route is on, but a page closed as its load ended let it through (its DevTools session, whose
 * route would have aborted it, was gone): 14 to 16 of 120 pages closed four at a time, a request no host slot or
 * robots.txt saw (in CI: 128 ms after a document at a 600 ms interval). This session's blocklist (its Network domain
 * is on already, for the byte count) left 2 of 120; the browser's own session (tab-icons.ts) refuses those, and the
 * icons a page names. A crawler never needs a tab's icon.
 */
async function refuseDefaultFavicon(session: CDPSession): Promise<void> {
  await session.send('Network.setBlockedURLs', { urls: ['*/favicon.ico'] });
}

/** Pauses every response of one target's session and refuses the hops `judgeOf` refuses; `mainFrameId` is null in a frame's own process. */
async function guardSession(session: DevToolsSession, mainFrameId: string | null, judgeOf: () => HopJudge | null, credentials: ProxyCredentials | null, workerPrelude: string): Promise<void> {
  session.on('Fetch.requestPaused', (event: PausedResponse) => {
    const judge = judgeOf();
    try {
      judgeResponse(session, event, mainFrameId, judge, workerPrelude);
    } catch (error) {
      // A verdict that throws still ends the pause: left paused, the request held its page until the deadline.
      const mainDocument = event.resourceType === 'Document' && event.frameId === mainFrameId;
      judge?.failed(event.request.url, redirectTarget(event) ?? event.request.url, mainDocument, error);
      void session.send('Fetch.failRequest', { requestId: event.requestId, errorReason: 'BlockedByClient' }).catch(() => undefined);
    }
  });
  await countReceivedBytes(session, judgeOf);
  if (credentials === null) return void (await session.send('Fetch.enable', { patterns: [{ urlPattern: '*', requestStage: 'Response' }] }));
  // A proxy's challenge comes to this session only for requests it pauses (proxy-auth.ts).
  answerProxyChallenges(session, credentials);
  await session.send('Fetch.enable', { patterns: [{ urlPattern: '*', requestStage: 'Request' }, { urlPattern: '*', requestStage: 'Response' }], handleAuthRequests: true });
}

/** Ends one paused response: refused, held for its host's slot, or sent on (a worker's script with the prelude, a document without its rules header). */
function judgeResponse(session: DevToolsSession, event: PausedResponse, mainFrameId: string | null, judge: HopJudge | null, workerPrelude: string): void {
  const target = redirectTarget(event);
  const document = event.resourceType === 'Document';
  if (judge && !judge.admitsDeclared(declaredLength(event))) {
    void session.send('Fetch.failRequest', { requestId: event.requestId, errorReason: 'BlockedByClient' }).catch(() => undefined);
    return;
  }
  const mainDocument = document && event.frameId === mainFrameId;
  if (target !== null && judge && refusesHop(judge, event, target, mainDocument)) {
    void session.send('Fetch.failRequest', { requestId: event.requestId, errorReason: 'BlockedByClient' }).catch(() => undefined);
    return;
  }
  const worker = target === null && isSuccess(event) ? markedWorkerKind(event) : null;
  if (worker !== null) return void confineWorkerResponse(session, event, worker, workerPrelude);
  if (!document) return void session.send('Fetch.continueRequest', { requestId: event.requestId }).catch(() => undefined);
  const withoutRules = withoutRulesHeader(event.responseHeaders);
  const sendOn = async (): Promise<void> => {
    if (withoutRules === null) await session.send('Fetch.continueRequest', { requestId: event.requestId }).catch(() => undefined);
    else await session.send('Fetch.continueResponse', { requestId: event.requestId, responseCode: event.responseStatusCode, responseHeaders: withoutRules }).catch(() => undefined);
  };
  if (target !== null && judge && mainDocument) return void spaceHop(session, event, judge, target, sendOn);
  const admitting = target === null ? admittingWorkerPolicy(withoutRules ?? event.responseHeaders) : null;
  // A CSP is enforced as first parsed whatever headers go on: the document is answered anew (rare: a trusted-types list).
  void (admitting === null ? sendOn() : answerWholeDocument(session, event, admitting, sendOn));
}

/**
 * Tells the judge of every chunk the target receives. DevTools keeps bodies for a session that asks
 * (`Network.getResponseBody`): this one never does, so it asks for no buffer (a page's streamed megabytes
 * would be copied once more in the browser).
 */
async function countReceivedBytes(session: DevToolsSession, judgeOf: () => HopJudge | null): Promise<void> {
  session.on('Network.dataReceived', (event: { dataLength: number }) => judgeOf()?.received(event.dataLength));
  await session.send('Network.enable', { maxTotalBufferSize: 0, maxResourceBufferSize: 0 });
}

/**
 * Chromium follows the page's own 3xx at once: a URL redirecting twice on the shop's host reached it three
 * times within 15 ms at a 600 ms interval. The hop is held here, its response paused, until its host's slot;
 * one the slot refuses (too far off) fails the page with that reason, and one cut off meanwhile (the
 * deadline) is aborted quietly.
 */
function spaceHop(session: DevToolsSession, event: PausedResponse, judge: HopJudge, target: string, sendOn: () => Promise<void>): void {
  // A wait the redirect asks for (Retry-After) fails the page with it, deferred as over HTTP: Chromium followed it at once.
  const waitAsked = redirectWaitAsked(headerRecord(event.responseHeaders), target);
  const turn = waitAsked ? Promise.reject(waitAsked) : judge.beforeHop(target);
  turn.then(sendOn, (error: unknown) => {
    if (error instanceof FetchError) judge.refused(event.request.url, target, true, error);
    const errorReason = error instanceof FetchError ? 'BlockedByClient' : 'Aborted';
    return session.send('Fetch.failRequest', { requestId: event.requestId, errorReason }).catch(() => undefined);
  });
}

/** Whether the hop to `target` is refused: as a document's or a part's, else as one over the page's cap on its host. */
function refusesHop(judge: HopJudge, event: PausedResponse, target: string, mainDocument: boolean): boolean {
  const document = event.resourceType === 'Document';
  if (document ? refusesDocument(judge, event, target, mainDocument) : judge.refusesPart(event.request.url, target, event.resourceType.toLowerCase())) return true;
  return !mainDocument && judge.overCap(target);
}

/** Whether a document's hop to `target` is refused (off-site, or by the caller's check); the judge is told. */
function refusesDocument(judge: HopJudge, event: PausedResponse, target: string, mainFrame: boolean): boolean {
  const offsite = !judge.allows(target);
  const reason = offsite ? null : judge.checkDocument(event.request.url, target);
  if (offsite || reason) judge.refused(event.request.url, target, mainFrame, reason);
  return offsite || reason !== null;
}

/** DevTools' header list as a record of lower-cased names (repeated names kept as a list). */
function headerRecord(headers: PausedResponse['responseHeaders']): Record<string, string | string[]> {
  const record: Record<string, string | string[]> = {};
  for (const { name, value } of headers ?? []) {
    const key = name.toLowerCase();
    const seen = record[key];
    record[key] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return record;
}

/** The body length a response declares, 0 when it declares none (a coded one declares its coded length: less than it holds). */
function declaredLength(event: PausedResponse): number {
  const value = event.responseHeaders?.find((header) => header.name.toLowerCase() === 'content-length')?.value ?? '';
  return /^\d+$/.test(value.trim()) ? Number(value.trim()) : 0;
}

function isSuccess(event: PausedResponse): boolean {
  const status = event.responseStatusCode ?? 0;
  return status >= 200 && status <= 299;
}

/** The absolute URL a 3xx response sends its document to, or null for any other response. */
function redirectTarget(event: PausedResponse): string | null {
  const status = event.responseStatusCode ?? 0;
  if (status < 300 || status > 399) return null;
  const location = event.responseHeaders?.find((header) => header.name.toLowerCase() === 'location')?.value;
  if (!location) return null;
  try {
    return new URL(location, event.request.url).href;
  } catch {
    return null;
  }
}
