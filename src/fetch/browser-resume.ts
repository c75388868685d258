// Where a browser page's try starts (its URL, or the redirect target an earlier try gave back) and what a hop it gives back leaves to the next try.
import { FetchWait, type FetchError } from '../core/errors';
import type { CrawlRequest } from '../core/request';

/** The URL a try's `goto` sends, and the URLs an earlier try's chain sent before it (the request's own first). */
export interface BrowserStart {
  url: string;
  earlier: string[];
}

/**
 * Chromium follows a page's redirects itself, so a hop to a host with no slot within the fetch's time fails
 * the page; sent from its start URL again, each try cost the start host one more request while the target's
 * own pages took the slot the hop waited for (the apex's URL 5 times for 4 `www.` pages at a 1.5 s Crawl-delay).
 * A try goes on from the hop instead, as over HTTP (redirect-resume-point.ts). A page's document is a GET,
 * so a resume point of any other method (an HTTP try's 307 of a POST) is not the browser's to go on from.
 */
export function browserStart(request: CrawlRequest): BrowserStart {
  const resume = request.resumeAt;
  if (resume === null || resume.method !== 'GET') return { url: request.url, earlier: [] };
  return { url: resume.url, earlier: [...resume.chain] };
}

/**
 * A hop of the page's own chain given back (`FetchWait.resumesAtHop`) tells the next try to go on from its
 * target, after this try's sent URLs (`ownChain`, in the order Chromium sent them). The loop check's keys are
 * the HTTP fetcher's (its cookies); Chromium stops a loop itself, so none go with a browser's resume point.
 */
export function noteBrowserResumePoint(reason: FetchError, from: string, to: string, start: BrowserStart, ownChain: ReadonlySet<string>): FetchError {
  if (!(reason instanceof FetchWait) || !reason.resumesAtHop || !ownChain.has(from)) return reason;
  reason.resumeAt = { url: to, method: 'GET', chain: [...start.earlier, ...ownChain], visited: [] };
  return reason;
}
