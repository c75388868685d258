// The product tokens robots.txt groups may name this crawl by: the one its User-Agent sends, and robots.userAgentToken when set.
import type { Settings } from '../settings/schema';
import { leadingName, productToken } from './product-token';

type NameSettings = { http: Pick<Settings['http'], 'userAgent' | 'headers'>; robots: Pick<Settings['robots'], 'userAgentToken'> };

/** A `User-Agent` among headers, in any case. */
export function userAgentHeader(headers: Readonly<Record<string, string>>): string | undefined {
  return Object.entries(headers).find(([name]) => name.toLowerCase() === 'user-agent')?.[1];
}

/** The User-Agent the HTTP fetcher sends: a `User-Agent` in `http.headers` replaces `http.userAgent`. */
export function sentUserAgent(http: NameSettings['http']): string {
  return userAgentHeader(http.headers) ?? http.userAgent;
}

/**
 * The crawler a User-Agent names: its leading run of token characters, read as a file's `User-agent:` value
 * is (`AcmeBot-2.0` and a file's `AcmeBot-2.0` both give `acmebot-`); null when it starts with none. After a
 * browser-like `Mozilla/5.0` prefix, the product in its `(compatible; Name/2.1; …)` comment, as those
 * crawlers write theirs (Googlebot, bingbot, YandexBot). Only there: a crawler that leads with its own
 * product may name anything in that comment (LinkedInBot's is `(compatible; Mozilla/5.0; …)`), and
 * `AcmePrices/2.0 (compatible; Mozilla/5.0)` was read as `mozilla`, so the site's AcmePrices group was passed over.
 */
function userAgentName(userAgent: string): string | null {
  const token = productToken(userAgent);
  // Also inside a longer comment: `(KHTML, like Gecko; compatible; Googlebot/2.1; …)`.
  const compatible = token === 'mozilla' ? /[(;]\s*compatible\s*;\s*([A-Za-z_-]+[A-Za-z0-9_.-]*)/i.exec(userAgent) : null;
  // The whole name (`Shop24Bot`), digits included: a file's group for exactly it is ours (product-token.ts `nameRunsOn`).
  if (compatible) return leadingName(compatible[1]);
  return token === '' || token === '*' ? null : leadingName(userAgent);
}

/**
 * A site names a crawler by what it sees in its logs: the product token of the User-Agent we send (a
 * request's own `User-Agent` header replaces the settings' one, as in the fetcher). With a team's own
 * `AcmePrices/2.0 (+https://…)`, the file's `User-agent: AcmePrices` group is the one meant for us;
 * matching only a fixed `pricecrawl` ignored it and fetched what it disallowed. A token set in
 * `robots.userAgentToken` is a name too: both are obeyed, and only what every name may fetch is fetched
 * (RobotsRules.forAgents). A browser's `Mozilla/5.0 (X11; …)` names no crawler group: the `*` group applies.
 * Empty when the User-Agent starts with no product token and none is set (the settings refuse that).
 */
export function crawlerNames(settings: NameSettings, requestHeaders: Readonly<Record<string, string>> = {}): string[] {
  const names = new Set<string>();
  const userAgent = userAgentHeader(requestHeaders) ?? sentUserAgent(settings.http);
  const name = userAgentName(userAgent);
  if (name !== null) names.add(name);
  const { userAgentToken } = settings.robots;
  if (userAgentToken !== undefined) names.add(productToken(userAgentToken));
  return [...names];
}

/**
 * Why no robots.txt group can name this crawler (its User-Agent starts with no product token and
 * robots.userAgentToken is unset), or null. Checked on the merged settings only: the User-Agent and the
 * token may come from different layers.
 */
export function unnamedCrawler(settings: NameSettings & { robots: Pick<Settings['robots'], 'obey'> }): string | null {
  if (!settings.robots.obey || crawlerNames(settings).length > 0) return null;
  return `the User-Agent "${sentUserAgent(settings.http)}" starts with no RFC 9309 product token, so no robots.txt group can name this crawler; set robots.userAgentToken`;
}
