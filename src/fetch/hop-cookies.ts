// A hop's cookies: the session's jar joins the request's own, each answer's Set-Cookie goes to the jar, and they tell hops apart.
import { createHash } from 'node:crypto';
import type { RequestSession } from '../core/request-session';
import type { HopRequest } from './redirect-policy';

/** The jar's cookies join any cookie the request set itself; `hop.headers` stays as the redirect policy left it. */
export function withSessionCookies(headers: Record<string, string>, session: RequestSession | null, url: string): Record<string, string> {
  const jar = session?.cookieHeader(url);
  if (!jar) return headers;
  return { ...headers, cookie: headers.cookie ? `${headers.cookie}; ${jar}` : jar };
}

/** Every hop's Set-Cookie goes to the session's jar (logins often set cookies on a redirect). */
export function storeCookies(session: RequestSession | null, url: string, raw: string | string[] | undefined): void {
  if (!session || raw === undefined) return;
  session.storeCookies(url, Array.isArray(raw) ? raw : [raw]);
}

/**
 * What makes a hop the same as an earlier one: method, URL and the cookies it carries. Keyed on the method
 * because POST /cart → 303 → GET /cart is the normal form-submit dance, not a loop; on the cookies because
 * "set a cookie and redirect to yourself" is how shops check that cookies work (consent, session, region):
 * the second visit carries the cookie and gets the page. A server that keeps changing its cookie still
 * ends at maxRedirects.
 */
export function hopKey(hop: HopRequest, session: RequestSession | null): string {
  // A digest: the keys of a chain given back mid-way are stored with the request (redirect-resume.ts), and cookies are secrets.
  return createHash('sha256').update(`${hop.method} ${hop.url} ${withSessionCookies(hop.headers, session, hop.url).cookie ?? ''}`).digest('base64url');
}
