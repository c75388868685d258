// Refresh redirects: the `Refresh` header and `<meta http-equiv="refresh">` of an HTTP answer, followed as a redirect hop.
import { accept, fail, follow, type DownloaderMiddleware, type MiddlewareContext, type ResponseOutcome } from '../src/downloader/middleware';
import { answerContext } from '../src/downloader/answer-context';
import { metaRefreshContents, parseRefreshContent, type DeclaredRefresh } from '../src/downloader/declarative-refresh';
import type { CrawlRequest } from '../src/core/request';
import type { CrawlResponse } from '../src/core/response';
import type { RefreshSettings } from '../src/settings/sections/fetching';

type RefreshRules = Omit<RefreshSettings, 'hosts'>;

/** Where a refresh came from: its stats and log name. */
export type RefreshSource = 'refresh-header' | 'meta-refresh';

/**
 * A shop that answers 200 with a "please wait" page (or a teaser with a price) and a refresh to the real
 * page had the interstitial parsed as the product. A browser goes on to the target, and so does Scrapy's
 * MetaRefreshMiddleware; so do we, as one more redirect hop of the same request: the chain checks and
 * spaces it like a 3xx hop (offsite, robots.txt, loops, http.maxRedirects, the target host's slot), so an
 * interstitial whose target we may not fetch ends as that hop's failure, never as the product.
 *
 * What is followed: an answer with a 2xx status (a 404 or 503 page that refreshes elsewhere keeps its
 * status: that is the server's answer), fetched over HTTP (Chromium follows a browser page's refreshes
 * itself), to a request other than HEAD; the `Refresh` header first, else the first refresh meta within
 * `scanChars` (wherever it stands, as a browser acts on it), not in `<noscript>` (several that browsers
 * would follow to different pages: `fetch/bad-redirect`, see refreshTarget); a delay of at most
 * `maxDelayMs`. Not followed, and the page is the page: a longer delay (a page to read, such as a
 * session-timeout refresh on a product page), a refresh of the page itself (no URL, or its own URL) other
 * than the cookie check, a URL that does not parse. A target that is no http(s) URL cannot be fetched: `fetch/bad-redirect`.
 */
export class MetaRefreshMiddleware implements DownloaderMiddleware {
  readonly name = 'meta-refresh';

  constructor(private readonly settings: RefreshSettings) {}

  processResponse(request: CrawlRequest, response: CrawlResponse, ctx: MiddlewareContext): ResponseOutcome {
    const decision = refreshTarget(request, response, this.settings, answerContext(response, ctx).hostKey, (why, source, to) => {
      ctx.stats.inc(`redirect/ignored/${source}/${why}`);
      ctx.log.debug({ url: response.url, to, why }, 'refresh not followed');
    });
    if (decision === null) return accept(response);
    return 'refused' in decision ? fail('fetch/bad-redirect', decision.refused) : follow(decision.url, decision.source);
  }
}

/** What to do about an answer's refreshes: nothing, follow one, or refuse the page (browsers disagree on it). */
export type RefreshDecision = null | { url: string; source: RefreshSource } | { refused: string };

interface Declared {
  refresh: DeclaredRefresh;
  source: RefreshSource;
}

/**
 * What to do about `response`'s refreshes (see MetaRefreshMiddleware), with `ignored` told why a refresh
 * there is not followed (`delay`, `bad-url`). Also used by the one-off commands (`fetch`, `parse`,
 * `shell`), so they show what a spider would see.
 *
 * A page may declare several (the header, then metas). The spec acts on the first that parses; Chromium
 * lets each later one whose delay is no longer replace it (two metas of delay 0: it goes to the second).
 * When the two readings lead to different pages, the page does not say which one is the product: refused.
 */
export function refreshTarget(request: CrawlRequest, response: CrawlResponse, settings: RefreshSettings, hostKey: string, ignored?: (why: string, source: RefreshSource, to: string) => void): RefreshDecision {
  if (response.fetchMode !== 'http' || request.method === 'HEAD' || response.status < 200 || response.status >= 300) return null;
  const rules = rulesFor(settings, hostKey);
  if (!rules.enabled) return null;
  const declared = declaredRefreshes(response, rules.scanChars);
  if (declared.length === 0) return null;
  const first = declared[0]!;
  const latest = declared.reduce((kept, next) => (next.refresh.delaySeconds <= kept.refresh.delaySeconds ? next : kept));
  const decision = decide(first, response, rules, ignored);
  if (latest === first) return decision;
  const other = decide(latest, response, rules);
  if ((decision && 'url' in decision ? decision.url : null) === (other && 'url' in other ? other.url : null)) return decision;
  return { refused: `${response.url} declares refreshes that browsers follow differently (${first.refresh.url ?? 'itself'} or ${latest.refresh.url ?? 'itself'}): which page is the product is not determined` };
}

/** One refresh's outcome: followed to its target, or null (the page is read as itself). */
function decide({ refresh, source }: Declared, response: CrawlResponse, rules: RefreshRules, ignored?: (why: string, source: RefreshSource, to: string) => void): RefreshDecision {
  const target = refresh.url === null ? response.url : resolveTarget(refresh.url, response);
  if (target === null) {
    ignored?.('bad-url', source, refresh.url ?? '');
    return null;
  }
  // A reload of the page itself is no redirect, except the cookie check (see cookieCheck).
  if (sameDocument(target, response.url) && !cookieCheck(refresh, response)) return null;
  if (refresh.delaySeconds * 1000 > rules.maxDelayMs) {
    ignored?.('delay', source, target);
    return null;
  }
  return { url: target, source };
}

function rulesFor(settings: RefreshSettings, hostKey: string): RefreshRules {
  const { hosts, ...base } = settings;
  return { ...base, ...hosts[hostKey] };
}

/** Every refresh the answer declares that parses, in the order a browser meets them: the header, then the metas. */
function declaredRefreshes(response: CrawlResponse, scanChars: number): Declared[] {
  const declared: Declared[] = [];
  const header = response.header('refresh');
  const fromHeader = header === undefined ? null : parseRefreshContent(header);
  if (fromHeader) declared.push({ refresh: fromHeader, source: 'refresh-header' });
  if (!isHtml(response)) return declared;
  const text = response.text.length > scanChars ? response.text.slice(0, scanChars) : response.text;
  // Most pages name no refresh at all: one search instead of a pass over their tags.
  if (!/refresh/i.test(text)) return declared;
  for (const content of metaRefreshContents(text)) {
    const refresh = parseRefreshContent(content);
    if (refresh) declared.push({ refresh, source: 'meta-refresh' });
  }
  return declared;
}

/** A page a browser would parse as HTML: declared so, or undeclared (browsers sniff such pages as HTML). */
function isHtml(response: CrawlResponse): boolean {
  const type = response.header('content-type')?.split(';')[0]?.trim().toLowerCase();
  return !type || type === 'text/html' || type === 'application/xhtml+xml';
}

/**
 * The target as a browser resolves it (against the page's base URL, `<base href>` included); null when
 * it does not parse. A scheme we cannot fetch stays a URL: the chain fails it as a bad redirect.
 */
function resolveTarget(written: string, response: CrawlResponse): string | null {
  try {
    return /<base[\s>]/i.test(response.text) ? response.urljoin(written) : new URL(written, response.url).href;
  } catch {
    return null;
  }
}

/**
 * "Set a cookie and reload at once": how a cookie wall (nginx's testcookie, consent and region checks)
 * tells a browser from a bot without a script. A page that reloads itself at once is never one a person
 * could read, and the reload carries the cookie and gets the page, as a 3xx to the page itself that sets
 * a cookie does. Followed once: an answer that asks again is a loop (fetch/redirect-loop), as a browser
 * would reload for ever.
 */
function cookieCheck(refresh: DeclaredRefresh, response: CrawlResponse): boolean {
  return refresh.delaySeconds === 0 && response.headers['set-cookie'] !== undefined;
}

/** The same document: a fragment alone does not load another page. */
function sameDocument(a: string, b: string): boolean {
  return a.split('#')[0] === b.split('#')[0];
}
