// Which names hold a secret (a setting, a log field, a header, a query parameter), and the mask that replaces one.

export const SECRET_MASK = '***';

/**
 * A name that holds a secret. The secret word may follow a prefix (`x-api-key`, `access_token`, `client_secret`,
 * `proxy-authorization`, `set-cookie`): services name their tokens that way. Unmistakable words also end a camelCase or run-on
 * name (`clientSecret`, `dbPassword`, `PGPASSWORD`); a token or key does after the words services put
 * before one (`accessToken`, `sessionToken`, `Ocp-Apim-Subscription-Key`, `X-Access-Key`, `privateKey`; 3scale's
 * gateways take `user_key`, or `app_id` with `app_key`, and YouTube's and Google's old APIs a `developerKey`),
 * not after any word: `userAgentToken` is the robots.txt name, `hostKey` a setting. A word inside
 * another (`bypass`, `monkey`) is no secret. A signature is one too: a pre-signed link (`X-Amz-Signature`,
 * `X-Goog-Signature`, an Azure SAS `sig`, CloudFront's `Signature`, `oauth_signature`) lets whoever holds
 * it fetch what it signs until it expires, as a token does. A custom header named for a key (`X-RapidAPI-Key`,
 * `X-Partner-Key`, `x-functions-key`) holds one whatever the word before: `X-` names a header a service made up,
 * and those that end in `Key` carry its key; query names and data fields seldom start with `x`, and a key's id
 * (`x-key-id`) ends otherwise.
 */
const TOKEN_OR_KEY = String.raw`(?:(?:access|refresh|session|auth|id|bearer|api|client|security)[-_]?)?token|(?:api|access|secret|private|subscription|auth|signing|license|master|app|user|developer)[-_]?key`;
const CUSTOM_HEADER_KEY = String.raw`x[-_](?:[a-z0-9]+[-_])*key`;
export const SECRET_NAME = String.raw`(?:[a-z0-9]+[-_.])*(?:[a-z0-9]*(?:password|passwd|passphrase|secret|credentials?|signature)|${TOKEN_OR_KEY}|${CUSTOM_HEADER_KEY}|apikey|pass|auth|authorization|cookie|sig)`;
const SECRET_KEY = new RegExp(`^${SECRET_NAME}$`, 'i');

/**
 * Bare query names that hold a secret in a URL someone gave the crawl (Google's, Bing Maps' and many search
 * APIs' `key`, a `pwd`, a `jwt`, a session id a login put in the URL: whoever holds it is logged in) but that a
 * shop also gives its own links as data (`/p?key=blue-kettle`, `;jsessionid=` on every link of an old Java
 * shop; OpenWeatherMap's key is its `appid`, Steam's store names a game `appid=730`). Records of a run (logs,
 * fetch log, run record, report, screen) mask them as log scrubbers do; an item's URL is data and its identity,
 * so items keep them (maskItemSecretsInText).
 */
const RECORD_ONLY_QUERY_NAME = String.raw`key|appid|pwd|jwt|session_?id|phpsessid|jsessionid`;
const RECORD_QUERY_KEY = new RegExp(`^(?:${SECRET_NAME}|${RECORD_ONLY_QUERY_NAME})$`, 'i');

/** A key, header or dotted settings path (`http.headers.Cookie`) that names a secret. */
export function isSecretName(name: string): boolean {
  return SECRET_KEY.test(name);
}

/** A query parameter's name that holds a secret in a record of a run (isSecretName, and the record-only names). */
export function isRecordSecretParameter(name: string): boolean {
  return RECORD_QUERY_KEY.test(name);
}

/** A name for a password a person chose (`password`, `db_passwd`, `user[pass]`'s `pass`, `pwd`), not a machine-made key or token. */
const PASSWORD_KEY = /^(?:[a-z0-9]+[-_.])*(?:[a-z0-9]*(?:password|passwd|passphrase)|pass|pwd)$/i;

/** Whether a secret's name says a person chose it: its value may be words, and is a secret all the same (sent-credentials.ts). */
export function isPasswordName(name: string): boolean {
  return PASSWORD_KEY.test(name);
}
