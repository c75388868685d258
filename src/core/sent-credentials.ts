// The credentials a request carried to the site (its URLs' user info and secret parameters, its credential headers), and whether a body quotes one back.
import { credentialsIn } from './credential-shape';
import type { CrawlResponse } from './response';
import { secretParameterValues } from './mask-url-parameters';
import { SECRET_MASK, isSecretName } from './secret-names';

/**
 * Values shorter than this are not looked for: a four-character PIN or `pass=1` turns up in any page by chance, and
 * refusing every such page would keep nothing. A real key or token is far longer.
 */
const MIN_CREDENTIAL_CHARS = 6;
/** A session cookie is the site's own, set by it: shops print theirs into links (`;jsessionid=`), and that is no echo of ours. */
const SITE_OWN_HEADERS = new Set(['cookie', 'set-cookie']);

/**
 * Each credential the request sent, in every form a page may print it back: as written in the URL, percent-decoded,
 * and percent-encoded. From the URLs asked for (the request's, each redirect hop's: a Location may add a token) and the
 * headers sent (the settings' `http.headers` and the request's own): a secret-named header's value, or any header's
 * credentials by their shape (`X-Custom: Basic …`), the scheme word left out.
 */
export function sentCredentials(urls: readonly string[], headers: ReadonlyArray<Readonly<Record<string, string>>>): string[] {
  const found = new Set<string>();
  const add = (value: string) => {
    for (const form of forms(value)) if (form.length >= MIN_CREDENTIAL_CHARS) found.add(form);
  };
  for (const url of urls) {
    for (const value of secretParameterValues(url, isSecretName)) add(value);
    const userInfo = /^[a-z][a-z0-9+.-]*:[\\/]*([^/?#\\]*)@/i.exec(url)?.[1];
    if (userInfo !== undefined) for (const part of userInfo.split(':')) add(part);
  }
  for (const map of headers) {
    for (const [name, value] of Object.entries(map)) {
      if (SITE_OWN_HEADERS.has(name.toLowerCase())) continue;
      const credentials = credentialsIn(value) ?? (isSecretName(name) ? value.trim() : null);
      if (credentials !== null) add(credentials);
    }
  }
  return [...found];
}

function forms(value: string): string[] {
  let decoded = value;
  try {
    decoded = decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    // a stray `%`: the value as written is the form a page prints
  }
  return [...new Set([value, decoded, encodeURIComponent(decoded)])];
}

/**
 * Whether the answer's body quotes a credential its request sent (a canonical link or form action printing the URL
 * asked for with its `?api_key=`, a page echoing a header). Such bytes are not kept at rest: the raw capture's hash
 * names exact bytes, so no masked copy can stand in for them (the raw-capture middleware).
 */
export function quotesSentCredential(response: CrawlResponse, settingsHeaders: Readonly<Record<string, string>>): boolean {
  const credentials = credentialsSentFor(response, settingsHeaders);
  return credentials.length > 0 && credentials.some((credential) => response.body.includes(credential));
}

/**
 * The body with each credential its request sent written `***`: a contract fixture is committed with the spider and
 * names no raw hash, and its URL is stored masked, so its page is kept as that masked URL would have been answered.
 */
export function withoutSentCredentials(response: CrawlResponse, settingsHeaders: Readonly<Record<string, string>>): Buffer {
  // Longest first: a value's encoded form may hold its decoded one.
  const credentials = credentialsSentFor(response, settingsHeaders).sort((a, b) => b.length - a.length);
  let body = response.body;
  for (const credential of credentials) body = replaceAll(body, Buffer.from(credential), Buffer.from(SECRET_MASK));
  return body;
}

function credentialsSentFor(response: CrawlResponse, settingsHeaders: Readonly<Record<string, string>>): string[] {
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
