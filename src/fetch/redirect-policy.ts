// How one redirect hop is followed: which statuses redirect, the next URL, method, body and headers.
import type { HttpMethod } from '../core/request';
import { FetchError } from '../core/errors';

export const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

export interface HopRequest {
  url: string;
  method: HttpMethod;
  body: string | null;
  /** Lower-cased names. */
  headers: Record<string, string>;
}

/** Headers that carry credentials or describe the body; dropped where the spec says they no longer apply. */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];
const BODY_HEADERS = ['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location'];

/** The absolute URL a Location header points to; FETCH_BAD_REDIRECT when it is missing or unusable. */
export function resolveLocation(header: string | string[] | undefined, currentUrl: string): string {
  const location = singleLocation(header, currentUrl);
  if (location === undefined || location.trim() === '') {
    throw new FetchError('FETCH_BAD_REDIRECT', `redirect from ${currentUrl} has no Location header`);
  }
  let next: URL;
  try {
    next = new URL(repairUtf8(location.trim()), currentUrl);
  } catch (error) {
    throw new FetchError('FETCH_BAD_REDIRECT', `redirect from ${currentUrl} has an invalid Location "${location}"`, { cause: error });
  }
  if (next.protocol !== 'http:' && next.protocol !== 'https:') {
    throw new FetchError('FETCH_BAD_REDIRECT', `redirect from ${currentUrl} to a non-HTTP URL "${next.href}"`);
  }
  // RFC 9110 §10.2.2: a Location without a fragment inherits the one of the request URL.
  if (next.hash === '') next.hash = new URL(currentUrl).hash;
  return next.href;
}

/**
 * Location is a single URL (RFC 9110 §10.2.2); a response with two that differ does not say where to go,
 * and following either could land on another product's page. Chromium refuses it too. Repeats of one
 * value are harmless.
 */
function singleLocation(header: string | string[] | undefined, currentUrl: string): string | undefined {
  if (!Array.isArray(header)) return header;
  const distinct = new Set(header.map((value) => value.trim()));
  if (distinct.size > 1) throw new FetchError('FETCH_BAD_REDIRECT', `redirect from ${currentUrl} has ${distinct.size} different Location headers`);
  return header[0];
}

/** The request for the next hop (RFC 9110 §15.4 and what browsers do about POST on 301/302). */
export function nextHop(current: HopRequest, status: number, nextUrl: string): HopRequest {
  const toGet = status === 303 ? current.method !== 'HEAD' : (status === 301 || status === 302) && current.method === 'POST';
  const headers = { ...current.headers };
  if (toGet) for (const name of BODY_HEADERS) delete headers[name];
  // Credentials meant for one origin must not leak to another (the fetch spec strips them too).
  if (new URL(nextUrl).origin !== new URL(current.url).origin) for (const name of CREDENTIAL_HEADERS) delete headers[name];
  return {
    url: nextUrl,
    method: toGet ? 'GET' : current.method,
    body: toGet ? null : current.body,
    headers,
  };
}

/**
 * The hop a try sends first when an earlier try gave its redirect hop back (core/redirect-resume.ts): what
 * `nextHop` made of the request along `urls` (the sent hops, then the target). Its method changes only to a
 * GET without the body; credentials, once the chain left the request's origin, stay dropped.
 */
export function resumedHop(first: HopRequest, urls: readonly string[], method: HttpMethod): HopRequest {
  const toGet = method !== first.method;
  const headers = { ...first.headers };
  if (toGet) for (const name of BODY_HEADERS) delete headers[name];
  const origins = urls.map((url) => new URL(url).origin);
  if (origins.some((origin) => origin !== origins[0])) for (const name of CREDENTIAL_HEADERS) delete headers[name];
  return { url: urls[urls.length - 1], method, body: toGet ? null : first.body, headers };
}

/**
 * undici hands header values over as latin1; a Location with raw UTF-8 bytes (common on European shops)
 * would become mojibake. Browsers read it as UTF-8, so re-read it when it is valid UTF-8.
 */
function repairUtf8(value: string): string {
  if (!/[^\x00-\x7f]/.test(value) || /[^\x00-\xff]/.test(value)) return value;
  const utf8 = Buffer.from(value, 'latin1').toString('utf8');
  return utf8.includes('\ufffd') ? value : utf8;
}
