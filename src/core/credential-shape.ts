// Credentials known by their shape, an auth scheme and what follows it (RFC 9110 §11.4), whatever the header carrying them is named.
import { SECRET_MASK } from './secret-names';

/**
 * The schemes services put before credentials: HTTP's registered ones, the API-key and bot schemes gateways use, and
 * AWS's signature. A header named for its service (`X-Custom: Basic …`, `X-Upstream: Bearer …`) carries one as
 * Authorization does, and its name says nothing of it.
 */
const SCHEME_WORDS = String.raw`basic|bearer|digest|token|negotiate|ntlm|apikey|api-key|bot|hoba|mutual|vapid|aws4-hmac-sha256`;
export const AUTH_SCHEME = String.raw`(?:${SCHEME_WORDS})\s+`;

/** A header's whole value that is credentials: the scheme, a space, then anything. */
const CREDENTIALS_VALUE = new RegExp(String.raw`^(\s*(?:${SCHEME_WORDS}))\s+\S[\s\S]*$`, 'i');

/** The credentials in a header's value, its scheme word dropped (`Bearer abc` → `abc`), or null when it has no credential's shape. */
export function credentialsIn(value: string): string | null {
  const match = new RegExp(String.raw`^\s*(?:${SCHEME_WORDS})\s+(\S[\s\S]*?)\s*$`, 'i').exec(value);
  return match === null ? null : match[1];
}

/** Header-value masking, the scheme word kept readable: `Basic ***`. Anything else as it was. */
export function maskCredentialsValue(value: string): string {
  return value.replace(CREDENTIALS_VALUE, `$1 ${SECRET_MASK}`);
}

/**
 * A header line quoting credentials in text (an API's error body echoing the request, a debug line): a hyphenated
 * header name, `:`, a scheme, then a token68 or a list of auth-params (Digest's, AWS's) to the line's end. The
 * hyphen keeps prose out (`Plan: Basic monthly`); names that say they hold a secret are masked by name already.
 */
const TOKEN = String.raw`[\w!#$%&'*+.^|~-]+`;
const AUTH_PARAM = String.raw`${TOKEN}\s*=\s*(?:\\?"(?:[^"\\]|\\[^"])*\\?"|[^\s,"\\]*)`;
const CREDENTIALS_LINE = new RegExp(
  String.raw`(?<![\w.-])([a-z0-9]+(?:-[a-z0-9]+)+\s*:\s*(?:${SCHEME_WORDS})\s+)(?:${AUTH_PARAM}(?:\s*,\s*${AUTH_PARAM})*|[\w.~+/-]+=*)`,
  'gi',
);
/** The same header as a JSON field (a logged object's headers, `"x-custom":"Basic …"`): the string's rest is masked. */
const CREDENTIALS_FIELD = new RegExp(String.raw`("[a-z0-9]+(?:-[a-z0-9]+)+"\s*:\s*"\s*(?:${SCHEME_WORDS}))\s+(?:[^"\\]|\\.)+"`, 'gi');
/** The same in util.inspect's notation (the shell's REPL, `{ 'x-custom': 'Basic …' }`): the key in single quotes, the string in whichever quotes it does not hold. */
const CREDENTIALS_INSPECTED = new RegExp(String.raw`('[a-z0-9]+(?:-[a-z0-9]+)+'\s*:\s*)(['"\x60])(\s*(?:${SCHEME_WORDS}))\s+(?:(?!\2)[^\\]|\\.)+\2`, 'gi');
const SCHEME_WORD = new RegExp(SCHEME_WORDS, 'i');

/** Text with the credentials of header lines and JSON or inspected header fields masked, the scheme word kept. */
export function maskCredentialLines(text: string): string {
  if (!SCHEME_WORD.test(text) || !text.includes(':')) return text;
  return text
    .replace(CREDENTIALS_FIELD, `$1 ${SECRET_MASK}"`)
    .replace(CREDENTIALS_INSPECTED, `$1$2$3 ${SECRET_MASK}$2`)
    .replace(CREDENTIALS_LINE, `$1${SECRET_MASK}`);
}
