// Secret-valued query, fragment and path parameters of URLs in text (`?api_key=…`, `#access_token=…`, `;jsessionid=…`), named as the server reads them.
import { SECRET_MASK } from './secret-names';

/**
 * A parameter's name after its separator, up to its `=`: `?`, `&` (or HTML's `&amp;`), `#` for a fragment's first one
 * (OAuth 2.0's implicit grant, RFC 6749 §4.2.2, hands the callback `#access_token=…`), `;` for a path parameter.
 * Names are at most 256 characters: a longer run is no parameter name and is not read to its end from each separator.
 */
const PARAMETER_NAME = /([?&#](?:amp;)?|;)([^=&#;?/\s"'<>\\]{1,256})=/g;
/** The value, up to the next parameter, fragment, whitespace, quote or bracket: where the URL ends in a log line, JSON text or HTML. */
const QUERY_VALUE = /[^&#;\s"'<>\\]+/y;
/** A path parameter's (`/cart;jsessionid=…?key=…`) also ends at the path's next segment or the query, whose own parameters are read in turn. */
const PATH_VALUE = /[^&#;/?\s"'<>\\]+/y;

/**
 * Text with the values of parameters `isSecret` names replaced by `***`. A name is read percent-decoded, as the server
 * reading it does (`pass%77ord`, `api%5Fkey`), and a bracketed one by its last part, as Rails and PHP nest form fields
 * (`user[password]`, `api_key[]`). A value is skipped over only when masked: a parameter's value may hold a URL whose own
 * parameters are read in turn (`?next=/login?token=…`).
 */
export function maskUrlParameters(text: string, isSecret: (name: string) => boolean): string {
  let out = '';
  let copiedTo = 0;
  for (const match of text.matchAll(PARAMETER_NAME)) {
    if (match.index < copiedTo || !isSecret(parameterName(match[2]))) continue;
    const valueAt = match.index + match[0].length;
    const value = match[1] === ';' ? PATH_VALUE : QUERY_VALUE;
    value.lastIndex = valueAt;
    const found = value.exec(text);
    if (found === null) continue;
    out += `${text.slice(copiedTo, valueAt)}${SECRET_MASK}`;
    copiedTo = valueAt + found[0].length;
  }
  return copiedTo === 0 ? text : out + text.slice(copiedTo);
}

/** A parameter's name as its reader takes it: each `%XX` decoded (an invalid sequence stays), then a bracketed name's last field. */
function parameterName(raw: string): string {
  const decoded = raw.includes('%') ? raw.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : raw;
  const bracketed = /^(.*?)((?:\[[^\]]*\])+)$/.exec(decoded);
  if (bracketed === null) return decoded;
  // An index (`api_key[0]`, `api_key[]`) names no field: the name before it does.
  const parts = bracketed[2].slice(1, -1).split('][').filter((part) => !/^\d*$/.test(part));
  return parts.length > 0 ? parts[parts.length - 1] : bracketed[1];
}
