// Secret-valued query, fragment and path parameters of URLs in text (`?api_key=…`, `#access_token=…`, `;jsessionid=…`), named as the server reads them.
import { SECRET_MASK } from './secret-names';

/**
 * A parameter's name after its separator, up to its `=`: `?`, `&` (or HTML's `&amp;`), `#` for a fragment's first one
 * (OAuth 2.0's implicit grant, RFC 6749 §4.2.2, hands the callback `#access_token=…`), `;` for a path parameter or a
 * connection string's field. Names are at most 256 characters: a longer run is no parameter name and is not read to
 * its end from each separator.
 */
const PARAMETER_NAME = /([?&#](?:amp;)?|;)([^=&#;?/\s"'<>\\]{1,256})=/g;
/** The value, up to the next parameter, fragment, whitespace, quote or bracket: where the URL ends in a log line, JSON text or HTML. */
const QUERY_VALUE = /[^&#;\s"'<>\\]+/y;
/** A path parameter's (`/cart;jsessionid=…?key=…`) also ends at the path's next segment or the query, whose own parameters are read in turn. */
const PATH_VALUE = /[^&#;/?\s"'<>\\]+/y;
/**
 * A connection string's field (`Server=db;Password=pa?ss/w0rd;`: ADO.NET, ODBC, JDBC's `jdbc:sqlserver://db;password=…`)
 * runs to its `;`: read as a path parameter, a password's `?` or `/` ended it and left the rest in clear.
 */
const FIELD_VALUE = /[^;\s"'\\]+/y;
/** How many times a name is decoded: a proxy or framework in front of the server may decode it again (`%2574oken` is `token` to it). */
const MAX_DECODINGS = 3;

/**
 * Text with the values of parameters `isSecret` names replaced by `***`. A name is read percent-decoded, as the server
 * reading it does (`pass%77ord`, `api%5Fkey`, and again for each `%25`), and a bracketed one by its last part, as Rails and PHP nest form fields
 * (`user[password]`, `api_key[]`). A value is skipped over only when masked: a parameter's value may hold a URL whose own
 * parameters are read in turn (`?next=/login?token=…`).
 */
export function maskUrlParameters(text: string, isSecret: (name: string) => boolean): string {
  let out = '';
  let copiedTo = 0;
  for (const [start, end] of secretValueSpans(text, isSecret)) {
    out += `${text.slice(copiedTo, start)}${SECRET_MASK}`;
    copiedTo = end;
  }
  return copiedTo === 0 ? text : out + text.slice(copiedTo);
}

/** The values (as written, percent-encoding kept) of the parameters `isSecret` names in text: what maskUrlParameters masks. */
export function secretParameterValues(text: string, isSecret: (name: string) => boolean): string[] {
  return [...secretValueSpans(text, isSecret)].map(([start, end]) => text.slice(start, end));
}

/** Where each secret parameter's value starts and ends, in order, none inside another's value. */
function* secretValueSpans(text: string, isSecret: (name: string) => boolean): Generator<[number, number]> {
  let copiedTo = 0;
  for (const match of text.matchAll(PARAMETER_NAME)) {
    if (match.index < copiedTo || !namesSecret(match[2], isSecret)) continue;
    const valueAt = match.index + match[0].length;
    const value = match[1] !== ';' ? QUERY_VALUE : isPathParameter(text, match.index) ? PATH_VALUE : FIELD_VALUE;
    value.lastIndex = valueAt;
    const found = value.exec(text);
    if (found === null) continue;
    copiedTo = valueAt + found[0].length;
    yield [valueAt, copiedTo];
  }
}

/**
 * Whether the `;` at `at` follows a URL path's segment (`/cart;jsessionid=`), not another field of a `key=value;` list
 * or a host (`//db:1433;`): the fields before it are stepped over, and the first thing that is not one decides.
 */
function isPathParameter(text: string, at: number): boolean {
  for (let end = at; ; ) {
    let start = end;
    while (start > 0 && !/[/;=?&\s"'<>\\]/.test(text[start - 1])) start--;
    const before = text[start - 1];
    if (before === ';') end = start - 1;
    else return before === '/' && text[start - 2] !== '/' && !text.slice(start, end).includes('=');
  }
}

/** Whether a parameter's raw name reads as a secret's, at any of its decodings (each `%XX` decoded, an invalid sequence kept). */
function namesSecret(raw: string, isSecret: (name: string) => boolean): boolean {
  let name = raw;
  for (let decodings = 0; ; decodings++) {
    if (isSecret(fieldName(name))) return true;
    const decoded = name.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (decoded === name || decodings === MAX_DECODINGS) return false;
    name = decoded;
  }
}

/** A bracketed name's last field (`user[password]`), the name itself otherwise. */
function fieldName(name: string): string {
  const bracketed = /^(.*?)((?:\[[^\]]*\])+)$/.exec(name);
  if (bracketed === null) return name;
  // An index (`api_key[0]`, `api_key[]`) names no field: the name before it does.
  const parts = bracketed[2].slice(1, -1).split('][').filter((part) => !/^\d*$/.test(part));
  return parts.length > 0 ? parts[parts.length - 1] : bracketed[1];
}
