// Blocks resource types and URL patterns inside Chromium, so allowed requests never make a trip through Node.
import type { Page } from 'playwright-core';
import type { UrlPattern } from '../core/browser-options';
import { urlMatches } from '../core/browser-options';

export interface BlockingSettings {
  /** Playwright resource types (`image`, `font`, `media`, …). */
  blockResourceTypes: readonly string[];
  /** URL substrings, or `/regex/`. */
  blockUrlPatterns: readonly UrlPattern[];
}

/** CDP's Network.ResourceType values. */
const CDP_TYPES = ['Document', 'Stylesheet', 'Image', 'Media', 'Font', 'Script', 'TextTrack', 'XHR', 'Fetch', 'Prefetch', 'EventSource', 'WebSocket', 'Manifest', 'SignedExchange', 'Ping', 'CSPViolationReport', 'Preflight', 'FedCM', 'Other'] as const;
/** Playwright's resource types are CDP's, lower-cased. */
const CDP_TYPE_OF = new Map<string, (typeof CDP_TYPES)[number]>(CDP_TYPES.map((type) => [type.toLowerCase(), type]));

interface FetchPattern {
  urlPattern?: string;
  resourceType?: (typeof CDP_TYPES)[number];
  requestStage: 'Request';
}

/**
 * Launch switches that block whole resource types in Blink itself: with images off, Blink never asks for one
 * (img, CSS backgrounds, favicons from the page), so they cost neither a request nor an interception.
 */
export function blockingLaunchArgs(settings: BlockingSettings): string[] {
  return settings.blockResourceTypes.includes('image') ? ['--blink-settings=imagesEnabled=false'] : [];
}

/**
 * Asks Chromium (CDP `Fetch.enable`) to pause only requests of a blocked type or URL, and fails each one
 * as blocked-by-client: every other request goes out untouched, never through Node, unlike a Playwright
 * `page.route('**')` that stops every request for a JavaScript decision. Our own CDP session: a
 * Playwright route on the page (navigation confinement) still sees every request it asks for.
 * Only a `/regex/` URL pattern, which CDP's wildcards cannot express, makes every request pause here.
 */
export async function blockResources(page: Page, settings: BlockingSettings): Promise<void> {
  const patterns = fetchPatterns(settings);
  if (patterns.length === 0) return;
  const regexes = settings.blockUrlPatterns.filter(isRegexPattern);
  const session = await page.context().newCDPSession(page);
  session.on('Fetch.requestPaused', (event: { requestId: string; request: { url: string } }) => {
    const blocked = regexes.length === 0 || regexes.some((pattern) => urlMatches(event.request.url, pattern)) || blockedByWildcard(event, settings);
    const reply = blocked
      ? session.send('Fetch.failRequest', { requestId: event.requestId, errorReason: 'BlockedByClient' })
      : session.send('Fetch.continueRequest', { requestId: event.requestId });
    void reply.catch(() => undefined); // the page closed meanwhile
  });
  await session.send('Fetch.enable', { patterns });
}

function fetchPatterns(settings: BlockingSettings): FetchPattern[] {
  // With a regex among the URL patterns, every request pauses and is judged in blockResources.
  if (settings.blockUrlPatterns.some(isRegexPattern)) return [{ urlPattern: '*', requestStage: 'Request' }];
  // Images stay listed although Blink no longer asks for them: whatever still would (a browser-side fetch) is caught here.
  return [
    // A type Chromium does not know could never match, as with Playwright's resourceType().
    ...settings.blockResourceTypes.flatMap((type) => (CDP_TYPE_OF.has(type) ? [{ resourceType: CDP_TYPE_OF.get(type), requestStage: 'Request' as const }] : [])),
    ...settings.blockUrlPatterns.map((pattern) => ({ urlPattern: `*${escapeWildcards(pattern)}*`, requestStage: 'Request' as const })),
  ];
}

/** Only consulted when every request pauses (a regex pattern is set): the type and substring rules, in Node. */
function blockedByWildcard(event: { request: { url: string }; resourceType?: string }, settings: BlockingSettings): boolean {
  const type = event.resourceType?.toLowerCase();
  return (type !== undefined && settings.blockResourceTypes.includes(type)) || settings.blockUrlPatterns.some((pattern) => !isRegexPattern(pattern) && urlMatches(event.request.url, pattern));
}

function isRegexPattern(pattern: UrlPattern): boolean {
  return pattern.length > 2 && pattern.startsWith('/') && pattern.endsWith('/');
}

/** CDP URL patterns know `*`, `?` and the backslash escape: a literal substring escapes all three. */
function escapeWildcards(literal: string): string {
  return literal.replace(/[\\*?]/g, (char) => `\\${char}`);
}
