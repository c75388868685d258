// The one masking of secrets for whatever is shown or stored: credentials and tokens in URLs anywhere in text, values under secret-named keys.
import { SECRET_MASK, SECRET_NAME, isRecordSecretParameter, isSecretName } from './secret-names';
import { maskUrlParameters } from './mask-url-parameters';
import { AUTH_SCHEME, maskCredentialLines, maskCredentialsValue } from './credential-shape';

export { SECRET_MASK, isSecretName } from './secret-names';

/**
 * `scheme://user:password@` (or `scheme://token@`) anywhere in text. The user info ends at the last
 * `@` before the authority ends (`/ ? #`, whitespace, a double quote), as a URL parser reads it, so a raw
 * `@` inside a password cannot leave a tail behind. Both parts are masked: proxy providers put
 * account and session tokens in the user name. A single quote does not end it: the parser keeps one
 * raw in user info (it percent-encodes `"`, `<` and spaces), so a page URL's `pa'ss` reached log lines
 * as written. The scheme is at most 64 characters (the longest registered ones have about 40): unbounded,
 * it was tried from every word boundary of a run like `a-a-a-…` to the run's end, quadratic in hostile text.
 * The slashes may be JSON-escaped (`https:\/\/user:pw@…`): PHP's json_encode writes them so by default, and an
 * API's error body quoting a URL reached the screen and logs unmasked. After a special scheme (http, https, ws, wss,
 * ftp) any run of slashes and backslashes, none included, leads to the authority as the WHATWG parser reads it
 * (`http:/u:pw@proxy`, `http:\\u:pw@h`): a proxy set so was used with its password and shown with it. A
 * protocol-relative link's (`//u:pw@cdn/…`, a page's raw href quoted in a message) too, with a `:` in it.
 */
const URL_USERINFO = new RegExp(
  String.raw`\b((?:https?|wss?|ftp):[\\/]*|[a-z][a-z0-9+.-]{0,63}:(?:\/\/|\\\/\\\/))[^\s/?#"<>\\]*@|((?<![\w:/\\])\/\/)[^\s/?#"<>\\:@]+:[^\s/?#"<>\\]*@`,
  'gi',
);

/**
 * A secret-named field of JSON text (`"cookie":"sid=…"`): the logger writes objects it did not build
 * (a client's options, a response's headers), so their secrets are masked by name too. The value may be a
 * list (Node and undici give `set-cookie` as one, a cookie per entry) or a number (a PIN, a numeric
 * password in a client's options).
 */
const JSON_STRING = String.raw`"(?:[^"\\]|\\.)*"`;
const JSON_SECRET = new RegExp(
  String.raw`("${SECRET_NAME}"\s*:\s*)(?:"(?:[^"\\]|\\.)+"|\[\s*${JSON_STRING}(?:\s*,\s*${JSON_STRING})*\s*\]|-?\d[\d.eE+-]*)`,
  'gi',
);

/**
 * A name and its value as a pair in a JSON list (`["Authorization","Bearer …"]`): Node's rawHeaders and
 * undici's raw headers hold headers that way. The value is the entry after the name; the lookahead keeps to
 * lists, where an entry is followed by `,` or `]`, not an object's key, followed by `:`. An entry that is a
 * secret name itself is no value: a list of header names (`["Authorization","Cookie"]`) stays readable.
 */
const JSON_PAIR_SECRET = new RegExp(String.raw`("${SECRET_NAME}"\s*,\s*)(?!"${SECRET_NAME}")"(?:[^"\\]|\\.)+"(?=\s*[,\]])`, 'gi');

/**
 * A secret's value in text after its name and `:` or `=`: an API's error body or a debug line that echoes the
 * request's headers (`Authorization: Bearer …`, `x-api-key: …`), a libpq connection string in a driver's message
 * (`password=…`), a Python dict or keyword in an error body (`{'password': '…'}`, `password='…'`). An authorization
 * scheme word stays readable; a bare value goes to the next space, quote, comma, semicolon or backslash (a JSON `\r\n`),
 * a quoted one whole, in single or double quotes (a YAML or .env line's `password: "…"`, a Python keyword's `token="…"`:
 * the double-quoted one was shown in clear); one opening a list or a back quote is inspected notation's, masked by its own patterns. A JSON field or an inspected value of that name is masked whole by the patterns for those.
 * A name starts a word (`bypass: 1` names no pass) that is no URL's parameter (maskUrlParameters reads those), and the bare words a query uses for a secret but prose for other
 * things (`pass: 3`, `sig: 2`, `auth: ok`) are not read so. Records only: in an item it is the shop's text
 * (`Cookie: chocolate chip`), where only Authorization is.
 */
const namedValue = (names: string) =>
  new RegExp(String.raw`(?<![\w.?&#;-])('?)((?:${names})\1\s*[:=]\s*(?:${AUTH_SCHEME})?)('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|(?![[{(\x60])[^\s"',;\\]+)`, 'gi');
const RECORD_NAMED_VALUE = namedValue(String.raw`(?!(?:pass|sig|auth)'?\s*[:=])${SECRET_NAME}`);
const ITEM_NAMED_VALUE = namedValue(String.raw`(?:proxy-)?authorization`);
/** A cookie header's value is every cookie in it, to the line's end (or a JSON-escaped one's `\r\n`, or its closing quote). */
const COOKIE_LINE = /(?<![\w.-])((?:set-)?cookie\s*:)(?!\s*[[{('`])(\s*)[^\r\n"\\]+/gi;
/** Words one of which SECRET_NAME holds: text without any skips the patterns that read names. */
const SECRET_WORD = /pass|secret|credential|sig|token|key|auth|cookie/i;
/** The same for parameter names, with the record-only ones' words and a `%` that may encode any of them. */
const PARAMETER_WORD = /pass|secret|credential|sig|token|key|auth|cookie|pwd|jwt|sess|%/i;

/**
 * A secret-named field of JSON quoted in text (`{\"password\":\"…\"}`: an API's error body in an error's message,
 * JSON.stringify'd once more): JSON_SECRET does not see a name between escaped quotes.
 */
const ESCAPED_JSON_SECRET = new RegExp(String.raw`(\\"${SECRET_NAME}\\"\s*:\s*\\")(?:[^"\\]|\\[^"])+(?=\\")`, 'gi');

/** Text with every URL's user info and secret query values replaced by `***`: `redis://***@10.0.0.5:6379/0`, `/feed?api_key=***`. */
export function maskSecretsInText(text: string): string {
  return maskText(text, isRecordSecretParameter, maskRecordNamedValues);
}

/** maskSecretsInText for an item's text (its URL, its fields): a bare `?key=`, session ids and header-like words are the shop's data there. */
export function maskItemSecretsInText(text: string): string {
  return maskText(text, isSecretName, maskItemNamedValues);
}

/**
 * Each pattern needs a character or word of its own: user info an `@` (for the URL parser as for URL_USERINFO), a query
 * value a `=` and a secret word (or a `%`), a JSON field or pair a `"`, a named value a secret word. Text without it skips that step: most strings masked are an item's
 * name, price or SKU, and `new URL` throwing on each of them cost ~30 µs an item (bench/README.md, perf-cpu2).
 */
function maskText(text: string, isSecretParameter: (name: string) => boolean, maskNamedValues: (text: string) => string): string {
  let masked = text.includes('@') ? maskWholeUrl(text) ?? text.replace(URL_USERINFO, `$1$2${SECRET_MASK}@`) : text;
  if (masked.includes('=') && PARAMETER_WORD.test(masked)) masked = maskUrlParameters(masked, isSecretParameter);
  if (masked.includes('"')) masked = masked.replace(JSON_SECRET, `$1"${SECRET_MASK}"`).replace(JSON_PAIR_SECRET, `$1"${SECRET_MASK}"`);
  if (masked.includes('\\"')) masked = masked.replace(ESCAPED_JSON_SECRET, `$1${SECRET_MASK}`);
  return maskNamedValues(masked);
}

const maskRecordNamedValues = (text: string): string =>
  maskCredentialLines(SECRET_WORD.test(text) ? text.replace(COOKIE_LINE, `$1$2${SECRET_MASK}`).replace(RECORD_NAMED_VALUE, maskNamedValue) : text);
const maskItemNamedValues = (text: string): string => (/authorization/i.test(text) ? text.replace(ITEM_NAMED_VALUE, maskNamedValue) : text);

/** A named value's replacement: a quoted one stays quoted, in its own quotes. */
function maskNamedValue(_match: string, quote: string, named: string, value: string): string {
  const valueQuote = value[0] === "'" || value[0] === '"' ? value[0] : '';
  return `${quote}${named}${valueQuote}${SECRET_MASK}${valueQuote}`;
}

/**
 * util.inspect's notation (the shell's REPL prints values so): a key bare or in single quotes, a string in single,
 * double or back quotes (whichever the string does not hold), a list in brackets, spread over lines when long.
 */
const INSPECT_STRING = String.raw`'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|\x60(?:[^\x60\\]|\\.)*\x60`;
const INSPECT_SECRET = new RegExp(
  String.raw`((?:^|[\s{,])(?:'${SECRET_NAME}'|${SECRET_NAME}):\s*)(?:${INSPECT_STRING}|\[\s*(?:${INSPECT_STRING})(?:\s*,\s*(?:${INSPECT_STRING}))*\s*\]|-?\d[\d.eE+-]*n?)`,
  'gi',
);
const INSPECT_PAIR_SECRET = new RegExp(String.raw`('${SECRET_NAME}',\s*)(?!'${SECRET_NAME}')(?:${INSPECT_STRING})(?=\s*[,\]])`, 'gi');

/** maskSecretsInText for what util.inspect wrote: secret-named fields and raw header pairs in its notation too. */
export function maskSecretsInInspected(text: string): string {
  // Its own patterns first: a secret's list or number there is no named value of text (`apiKey: 7`, `'set-cookie': [`).
  return maskSecretsInText(text.replace(INSPECT_SECRET, `$1'${SECRET_MASK}'`).replace(INSPECT_PAIR_SECRET, `$1'${SECRET_MASK}'`));
}

/** Schemes whose authority also ends at a backslash (WHATWG URL "special" schemes). */
const SPECIAL_SCHEMES = new Set(['http:', 'https:', 'ws:', 'wss:', 'ftp:', 'file:']);

/**
 * A string that is one URL with user info (a setting's value, a URL a message is about), masked as the
 * URL parser reads it. The parser takes a raw quote, space or `<` in a password (percent-encoding it),
 * where URL_USERINFO, made to find URLs inside text, stops: such a proxy password went to the start-up
 * log and the run record in clear.
 */
function maskWholeUrl(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.username === '' && url.password === '') return null;
  // The authority begins after the scheme's slashes: any run of them, or none, for a special scheme (`http:/u:pw@h`).
  const special = SPECIAL_SCHEMES.has(url.protocol);
  const start = /^[^:]*:[\\/]*/.exec(text)?.[0].length ?? -1;
  if (start === -1 || (!special && text.slice(start - 2, start) !== '//')) return null;
  const authorityLength = text.slice(start).search(special ? /[/?#\\]/ : /[/?#]/);
  const at = text.lastIndexOf('@', authorityLength === -1 ? text.length : start + authorityLength - 1);
  return at < start ? null : `${text.slice(0, start)}${SECRET_MASK}${text.slice(at)}`;
}

/**
 * A JSON log line masked field by field: JSON quoted inside a string (an API's error body in a message, a
 * request serialized into a Redis command an error carries) has its quotes escaped on the line, where the
 * text patterns do not see `\"token\":\"…\"`; each string is masked again as the text it is. A line with
 * no escaped quote holds no such text and takes the plain text masking (no parse on the common path).
 */
export function maskSecretsInJsonLine(line: string): string {
  const masked = maskSecretsInText(line);
  if (!masked.includes('\\"')) return masked;
  const end = /\r?\n$/.exec(masked)?.[0] ?? '';
  let value: unknown;
  try {
    value = JSON.parse(masked);
  } catch {
    return masked;
  }
  return `${JSON.stringify(maskSecrets(value))}${end}`;
}

/** A copy of a JSON-like value with URL credentials masked in every string and secret-named keys' values replaced. */
export function maskSecrets<T>(value: T): T {
  return maskValue(value, null, maskSecretsInText) as T;
}

/**
 * maskSecrets for a value found at a settings path (`http.headers.X-Partner`, as the start-up log lists overrides):
 * masked as it would be in place, its last segment as its key and a header map's value when a segment before names one.
 */
export function maskSecretsAt<T>(path: readonly string[], value: T): T {
  return maskValue(value, path.at(-1) ?? null, maskSecretsInText, path.slice(0, -1).some(isHeaderMapKey)) as T;
}

/** maskSecrets for an item's data, its strings masked by maskItemSecretsInText. */
export function maskItemSecrets<T>(value: T): T {
  return maskValue(value, null, maskItemSecretsInText) as T;
}

/**
 * `headers` is set inside a header map (`headers`, `rawHeaders`, `extraHeaders`: an object or a raw pair list), where a
 * value shaped as credentials (`X-Custom: Basic …`) is masked whatever its header's name.
 */
function maskValue(value: unknown, key: string | null, maskString: (text: string) => string, headers = false, inProgress = new Map<object, unknown>()): unknown {
  const secretKey = key !== null && isSecretName(key);
  if (typeof value === 'string') {
    if (secretKey && value !== '') return SECRET_MASK;
    return maskString(headers ? maskCredentialsValue(value) : value);
  }
  // A number under a secret name is one too (a PIN, a numeric password in a component's options).
  if (typeof value === 'number' || typeof value === 'bigint') return secretKey ? SECRET_MASK : value;
  const headerMap = headers || (key !== null && isHeaderMapKey(key));
  const isList = Array.isArray(value);
  if (!isList && !isPlainObject(value)) return value;
  // A value that holds itself (one typed in the shell) is copied as it is, its cycle pointing at its own copy.
  const cycle = inProgress.get(value);
  if (cycle !== undefined) return cycle;
  const copy: Record<string, unknown> | unknown[] = isList ? [] : {};
  inProgress.set(value, copy);
  if (Array.isArray(value)) {
    const pairs = isPairList(value);
    value.forEach((entry, i) => (copy as unknown[]).push(maskValue(entry, (pairs ? pairName(value, i) : null) ?? key, maskString, headerMap, inProgress)));
  } else {
    for (const [name, entry] of Object.entries(value)) (copy as Record<string, unknown>)[name] = maskValue(entry, name, maskString, headerMap, inProgress);
  }
  inProgress.delete(value);
  return copy;
}

/**
 * An object literal's or JSON's object, of any realm: the shell's REPL makes its values in a context of its own, whose
 * Object.prototype is not ours. A class's instance (a CrawlResponse, a Decimal) is no such object, and is left whole.
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === null || Object.getPrototypeOf(proto) === null;
}

/** A key holding headers: `headers`, `rawHeaders`, `extraHTTPHeaders`. */
function isHeaderMapKey(key: string): boolean {
  return /headers$/i.test(key);
}

/** A list shaped as name, value, name, value (raw headers): strings only, an even count. Judged once per list. */
function isPairList(list: readonly unknown[]): list is readonly string[] {
  return list.length % 2 === 0 && list.every((entry) => typeof entry === 'string');
}

/**
 * In such a list, the secret name an entry at an odd index is the value of. A list of names (components to
 * disable, headers to drop) is no such list once an entry there is a secret name itself, and keeps its entries.
 */
function pairName(list: readonly string[], index: number): string | null {
  if (index % 2 === 0) return null;
  const name = list[index - 1];
  return isSecretName(name) && !isSecretName(list[index]) ? name : null;
}
