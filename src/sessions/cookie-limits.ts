// The limits a browser puts on a cookie jar, so a site cannot grow a session's jar (and its stored state) without bound.
import type { Session } from '@crawlee/core';

/** tough-cookie's types as Crawlee's Session holds them (tough-cookie is Crawlee's dependency, not ours). */
type CookieJar = Session['cookieJar'];
type Cookie = ReturnType<CookieJar['getCookiesSync']>[number];

/** RFC 6265bis §5.6: a cookie whose name and value together pass 4096 octets is ignored entirely. */
export const MAX_COOKIE_PAIR_BYTES = 4096;

/**
 * Cookies one session keeps. A session serves one host key, so this is the per-site cap browsers use
 * (Chromium and Firefox: 180 per domain; RFC 6265 §6.1 asks for at least 50). tough-cookie has none: a
 * site that set a fresh tracking cookie on every page grew the jar, every request's Cookie header and
 * the session's stored state for as long as the session lived.
 */
export const MAX_COOKIES_PER_SESSION = 180;

/** Whether a Set-Cookie value's name=value pair is within the size a browser accepts. */
export function cookieSizeAccepted(setCookie: string): boolean {
  const pair = setCookie.split(';', 1)[0]!.trim();
  return Buffer.byteLength(pair) - (pair.includes('=') ? 1 : 0) <= MAX_COOKIE_PAIR_BYTES;
}

/** Stores a response's Set-Cookie values, each within a browser's size limit; a malformed one is dropped, as a browser would, instead of failing the page. */
export function storeSetCookies(jar: CookieJar, url: string, setCookie: readonly string[]): void {
  for (const raw of setCookie) if (cookieSizeAccepted(raw)) jar.setCookieSync(raw, url, { ignoreError: true });
}

/** Every cookie of a jar. Crawlee's jars are tough-cookie memory stores, whose callbacks run synchronously. */
export function jarCookies(jar: CookieJar): Cookie[] {
  let all: Cookie[] = [];
  void jar.store.getAllCookies((error, cookies) => {
    if (!error && cookies) all = cookies;
  });
  return all;
}

export function cookieId(cookie: Cookie): string {
  return `${cookie.domain ?? ''}\t${cookie.path ?? ''}\t${cookie.key}`;
}

/**
 * Brings a jar back under the cap after a response's cookies were stored, dropping cookies that response
 * added (last set first) before any the session had. Browsers drop the least recently used instead, but
 * every request sends (so touches) a site's session cookie and its tracking cookies alike: the least
 * recently used is then the oldest, the very cookie that makes the session who it is. A replaced cookie
 * is not new. Returns how many were dropped.
 */
export function dropOverflow(jar: CookieJar, before: ReadonlySet<string>, cap = MAX_COOKIES_PER_SESSION): number {
  const all = jarCookies(jar);
  if (all.length <= cap) return 0;
  const added = all.filter((cookie) => !before.has(cookieId(cookie))).reverse();
  const kept = all.filter((cookie) => before.has(cookieId(cookie))).sort((a, b) => lastUse(a) - lastUse(b));
  const dropped = [...added, ...kept].slice(0, all.length - cap);
  for (const cookie of dropped) void jar.store.removeCookie(cookie.domain ?? '', cookie.path ?? '', cookie.key, () => undefined);
  return dropped.length;
}

function lastUse(cookie: Cookie): number {
  for (const value of [cookie.lastAccessed, cookie.creation]) if (value instanceof Date) return value.getTime();
  return 0;
}
