// The one masking of secrets for whatever is shown or stored: credentials in URLs anywhere in text, values under secret-named keys.

export const SECRET_MASK = '***';

/**
 * `scheme://user:password@` (or `scheme://token@`) anywhere in text. The user info ends at the last
 * `@` before the authority ends (`/ ? #`, whitespace, a quote), as a URL parser reads it, so a raw
 * `@` inside a password cannot leave a tail behind. Both parts are masked: proxy providers put
 * account and session tokens in the user name.
 */
const URL_USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#"'<>\\]*@/gi;

/** Keys whose string values are secrets wherever they sit (a settings tree, a log object, a client's options). */
const SECRET_KEY = /^(password|passwd|pass|secret|token|api[-_]?key|auth(orization)?|credentials?)$/i;

/** Text with every URL's user info replaced by `***`: `redis://***@10.0.0.5:6379/0`. */
export function maskSecretsInText(text: string): string {
  return text.replace(URL_USERINFO, `$1${SECRET_MASK}@`);
}

/** A copy of a JSON-like value with URL credentials masked in every string and secret-named keys' values replaced. */
export function maskSecrets<T>(value: T): T {
  return maskValue(value, null) as T;
}

function maskValue(value: unknown, key: string | null): unknown {
  if (typeof value === 'string') return key !== null && SECRET_KEY.test(key) && value !== '' ? SECRET_MASK : maskSecretsInText(value);
  if (Array.isArray(value)) return value.map((entry) => maskValue(entry, key));
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(Object.entries(value).map(([name, entry]) => [name, maskValue(entry, name)]));
}
