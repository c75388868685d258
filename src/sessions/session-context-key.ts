// Which browser context a request's page opens in: sessions share one until what they carry (cookies, proxy) sets them apart.
import type { CrawlRequest } from '../core/request';
import type { ContextKey } from '../fetch/context-set';

/**
 * Without a session, one context per host. With sessions, a context costs Chromium a profile of its own
 * (cache, storage, renderers): a context per session roughly doubled its work on a JS shop. So it is
 * decided by what the session carries:
 * - cookies for the URL: a context of its own, started with its jar (cookies never cross sessions);
 * - otherwise one context per host and proxy, shared by the cookie-less sessions on that proxy, and kept
 *   cookie-free: a page that leaves a cookie there gives it to its session and retires the context
 *   (fetch/cookie-free-context.ts), so from its next page on that session has its own.
 * A proxy is fixed per context, so sessions on different proxies never share one.
 */
export function sessionContextKey(hostKeyOf: (url: string) => string): (request: CrawlRequest) => ContextKey {
  return (request) => {
    const host = hostKeyOf(request.url);
    const { session } = request;
    if (!session) return { key: host };
    const proxy = session.proxyUrl ? { proxyUrl: session.proxyUrl } : {};
    const cookieHeader = session.cookieHeader(request.url);
    if (cookieHeader === '') return { key: `${host}/proxy/${session.proxyId ?? 'direct'}`, cookieFree: true, ...proxy };
    return { key: `${host}/session/${session.id}`, cookies: cookiesOf(cookieHeader, request.url), ...proxy };
  };
}

/**
 * A `Cookie` header back into name/value pairs for the URL's origin. Scoped to path `/`: Playwright would
 * scope a cookie given with the page URL to that URL's directory, and the session's next page elsewhere
 * on the site would go without it.
 */
function cookiesOf(header: string, url: string): Array<{ name: string; value: string; url: string }> {
  const originRoot = `${new URL(url).origin}/`;
  return header.split('; ').flatMap((pair) => {
    const eq = pair.indexOf('=');
    return eq > 0 ? [{ name: pair.slice(0, eq), value: pair.slice(eq + 1), url: originRoot }] : [];
  });
}
