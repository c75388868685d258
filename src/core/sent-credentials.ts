// The credentials a request carried to the site (its URLs' user info and secret parameters, its credential headers), and whether what came back quotes one.
import { types } from 'node:util';
import { credentialsIn } from './credential-shape';
import { isDistinctiveSecret } from './distinctive-value';
import { isPlainObject, maskSecretsInText } from './mask-secrets';
import type { CrawlResponse } from './response';
import { secretParameterValues } from './mask-url-parameters';
import { SECRET_MASK, isPasswordName, isSecretName } from './secret-names';

/** A session cookie is the site's own, set by it: shops print theirs into links (`;jsessionid=`), and that is no echo of ours. */
const SITE_OWN_HEADERS = new Set(['cookie', 'set-cookie']);

/**
 * Each credential the request sent, in every form a page may print it back: as written in the URL, percent-decoded,
 * and percent-encoded. From the URLs asked for (the request's, each redirect hop's: a Location may add a token) and the
 * headers sent (the settings' `http.headers` and the request's own): a secret-named header's value, or any header's
 * credentials by their shape (`X-Custom: Basic …`), the scheme word left out. Only values that are secrets
 * (isDistinctiveSecret): `?auth=required` or `X-Plan: Basic standard` send words a page holds on its own.
 */
export function sentCredentials(urls: readonly string[], headers: ReadonlyArray<Readonly<Record<string, string>>>): string[] {
  const found = new Set<string>();
  const add = (value: string, chosenByPerson: boolean) => {
    const decoded = decodedForm(value);
    // Judged as the server read it: `%41%42` is two letters, not six characters of a random draw.
    if (isDistinctiveSecret(decoded, chosenByPerson)) for (const form of [value, decoded, encodeURIComponent(decoded)]) found.add(form);
  };
  for (const url of urls) {
    const passwords = new Set(secretParameterValues(url, isPasswordName));
    for (const value of secretParameterValues(url, isSecretName)) add(value, passwords.has(value));
    const userInfo = /^[a-z][a-z0-9+.-]*:[\\/]*([^/?#\\]*)@/i.exec(url)?.[1];
    if (userInfo !== undefined) userInfo.split(':').forEach((part, index) => add(part, index > 0));
  }
  for (const map of headers) {
    for (const [name, value] of Object.entries(map)) {
      if (SITE_OWN_HEADERS.has(name.toLowerCase())) continue;
      const credentials = credentialsIn(value) ?? (isSecretName(name) ? value.trim() : null);
      if (credentials !== null) add(credentials, isPasswordName(name));
    }
  }
  return [...found];
}

/** The value percent-decoded as a server reads a query (`+` a space); as written when a stray `%` leaves it undecodable. */
function decodedForm(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}

/**
 * Whether the answer's body quotes a credential its request sent (a canonical link or form action printing the URL
 * asked for with its `?api_key=`, a page echoing a header). Such bytes are not kept at rest: the raw capture's hash
 * names exact bytes, so no masked copy can stand in for them (the raw-capture middleware).
 */
export function quotesSentCredential(response: CrawlResponse, settingsHeaders: Readonly<Record<string, string>>): boolean {
  return quotesAny(response.body, credentialsSentFor(response, settingsHeaders));
}

/** Whether text or bytes hold any of the credentials (credentialsSentFor). */
export function quotesAny(text: string | Buffer, credentials: readonly string[]): boolean {
  return credentials.some((credential) => text.includes(credential));
}

/**
 * Text with each of the credentials written `***`: what an answer's header quotes back under a name that says nothing of
 * it (`X-Echo: <the key>`), in a record (the fetch log's Retry-After as sent) or on screen (`fetch`).
 */
export function withoutCredentials(text: string, credentials: readonly string[]): string {
  return longestFirst(credentials).reduce((out, credential) => out.split(credential).join(SECRET_MASK), text);
}

/**
 * A URL as a run's records keep it: its secret-named parameters and user info masked (maskSecretsInText), and any
 * credential the request sent written `***` wherever it stands. A redirect may move the token of `?auth=…` into a
 * parameter whose name says nothing of it (`Location: /p?x=<the token>`): the value is ours all the same.
 */
export function recordedUrl(url: string, credentials: readonly string[]): string {
  return withoutCredentials(maskSecretsInText(url), credentials);
}

/**
 * A copy of a value (an item a callback yielded, an error it threw) with each of the credentials written `***` in every
 * string of its plain objects, lists and errors; other values (a Decimal, a Date) as they are. With no credentials, the
 * value itself. An error is copied with its class, so what reads its kind (`instanceof`, `code`) reads the copy alike.
 */
export function withoutCredentialsIn<T>(value: T, credentials: readonly string[], seen = new Map<object, unknown>()): T {
  if (credentials.length === 0) return value;
  if (typeof value === 'string') return withoutCredentials(value, credentials) as T;
  const error = isNativeError(value);
  if (!error && !Array.isArray(value) && !isPlainObject(value)) return value;
  // A value that holds itself stays so, its cycle pointing at its own copy (storing it refuses it later, as before).
  if (seen.has(value)) return seen.get(value) as T;
  if (error) return errorWithoutCredentials(value, credentials, seen) as T;
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value) ? [] : {};
  seen.set(value, copy);
  for (const [key, entry] of Object.entries(value)) (copy as Record<string, unknown>)[key] = withoutCredentialsIn(entry, credentials, seen);
  return copy as T;
}

/**
 * An error as withoutCredentialsIn copies it: every own field, the ones an error does not list too (its message and
 * stack, which quote what the code that threw put in them: a page's URL, a header it sent), and its cause's.
 */
function errorWithoutCredentials(error: Error, credentials: readonly string[], seen: Map<object, unknown>): Error {
  const copy = Object.create(Object.getPrototypeOf(error) as object) as Error;
  seen.set(error, copy);
  for (const key of Reflect.ownKeys(error)) {
    const field = Object.getOwnPropertyDescriptor(error, key)!;
    if ('value' in field) field.value = withoutCredentialsIn(field.value, credentials, seen);
    Object.defineProperty(copy, key, field);
  }
  return copy;
}

/**
 * The body with each credential its request sent written `***`: a contract fixture is committed with the spider and
 * names no raw hash, and its URL is stored masked, so its page is kept as that masked URL would have been answered.
 */
export function withoutSentCredentials(response: CrawlResponse, settingsHeaders: Readonly<Record<string, string>>): Buffer {
  let body = response.body;
  for (const credential of longestFirst(credentialsSentFor(response, settingsHeaders))) body = replaceAll(body, Buffer.from(credential), Buffer.from(SECRET_MASK));
  return body;
}

/** An error of any realm (a vm context's, the shell's) or one made with our Error's prototype. */
const isNativeError = (value: unknown): value is Error => types.isNativeError(value) || value instanceof Error;

/** Longest first: a value's encoded form may hold its decoded one, which replaced first would leave the rest in clear. */
const longestFirst = (credentials: readonly string[]): string[] => [...credentials].sort((a, b) => b.length - a.length);

/** The credentials the response's request sent (sentCredentials of its URLs and headers, the settings' included). */
export function credentialsSentFor(response: CrawlResponse, settingsHeaders: Readonly<Record<string, string>>): string[] {
  const { request } = response;
  return sentCredentials([request.url, ...response.redirectChain, response.url], [settingsHeaders, request.headers]);
}

function replaceAll(bytes: Buffer, find: Buffer, by: Buffer): Buffer {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = bytes.indexOf(find); at !== -1; at = bytes.indexOf(find, from)) {
    parts.push(bytes.subarray(from, at), by);
    from = at + find.length;
  }
  return from === 0 ? bytes : Buffer.concat([...parts, bytes.subarray(from)]);
}
