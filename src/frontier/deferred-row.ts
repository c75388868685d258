// What a deferral writes back into a stored request, alike in every frontier.
import type { CrawlRequest, SerializedRequest } from '../core/request';
import type { DeferOptions } from '../ports/frontier';

/**
 * The request as stored again by a deferral, or null when its stored form stays as it is: the deferral
 * count and a redirect's resume point (core/redirect-resume.ts) live there, not in columns of their own.
 * Dropped, a resumed run sent the start URL again and the chain restarted.
 */
export function storedForDefer(request: CrawlRequest, options: DeferOptions): SerializedRequest | null {
  if (!options.countDeferral && request.resumeAt === null) return null;
  return { ...request.toJSON(), deferrals: request.deferrals + (options.countDeferral ? 1 : 0) };
}
