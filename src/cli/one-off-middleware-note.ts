// `fetch`, `parse` and `shell` send one request without the project's downloader middlewares: they say so.

import type { Settings } from '../settings/schema';

/**
 * These commands fetch through the crawl's fetcher, proxies and robots.txt, not through its downloader chain, so
 * a middleware the project adds (a signed header a partner API wants, a token) does not run there. A page that
 * needs one answered these commands otherwise than the crawl (a 401, another price) with nothing saying why;
 * Scrapy's `parse` and `fetch` do run the project's middlewares, so a team ported from it expects them. Until
 * they run here too, the line names them.
 */
export function projectMiddlewaresNote(settings: Settings, command: string): string | null {
  const added = Object.keys(settings.middlewares.add).filter((name) => !settings.middlewares.disabled.includes(name));
  if (added.length === 0) return null;
  return `note: ${command} sends its request without the project's downloader middlewares (${added.join(', ')}); a crawl sends through them, so a page that needs one may answer differently here\n`;
}
