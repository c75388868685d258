// The request a hop sends for another request (a refresh the chain follows, a redirect handed to the browser): its GET, its headers, its session.
import { CrawlRequest } from './request';

/** Headers that describe a body (a refresh navigates with a GET) or carry one origin's credentials. */
const BODY_HEADERS = ['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location'];
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

/**
 * What the hop sends: a GET of the target (a browser's refresh navigates so, whatever brought the page),
 * the request's headers without those of a body, and without credentials when it leaves the origin (as
 * for a 3xx hop); the same session, so the cookies the interstitial set go with it.
 */
export function followedRequest(request: CrawlRequest, fromUrl: string, toUrl: string): CrawlRequest {
  const crossOrigin = new URL(toUrl).origin !== new URL(fromUrl).origin;
  const dropped = new Set([...BODY_HEADERS, ...(crossOrigin ? CREDENTIAL_HEADERS : [])]);
  const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !dropped.has(name.toLowerCase())));
  const hop = new CrawlRequest({ url: toUrl, callback: request.callback, headers, meta: request.meta, fetchMode: request.fetchMode ?? undefined, browser: request.browser ?? undefined });
  hop.id = request.id;
  hop.attempt = request.attempt;
  hop.depth = request.depth;
  hop.session = request.session;
  return hop;
}
