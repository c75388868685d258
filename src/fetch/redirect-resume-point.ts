// A try's redirect chain as far as it went: where it starts (the request, or a hop an earlier try gave back) and what it leaves to the next.
import { FetchWait } from '../core/errors';
import type { CrawlRequest } from '../core/request';
import type { RequestSession } from '../core/request-session';
import { hopKey } from './hop-cookies';
import { resumedHop, type HopRequest } from './redirect-policy';

/** A try's chain: the hop it sends first, the URLs of the hops already sent and their keys (loop check). */
export interface TryChain {
  hop: HopRequest;
  redirectChain: string[];
  visited: Set<string>;
}

/**
 * Where this try starts: the request's own send, or the target of the same-host hop an earlier try gave back
 * (`request.resumeAt`), with that chain's hops, so that maxRedirects and the loop check count across tries.
 * `first` is the request as its own first hop (its method, body, and headers with the fetcher's).
 */
export function tryChain(request: CrawlRequest, first: HopRequest): TryChain {
  const resume = request.resumeAt;
  if (resume === null) return { hop: first, redirectChain: [], visited: new Set([hopKey(first, request.session)]) };
  const hop = resumedHop(first, [...resume.chain, resume.url], resume.method);
  return { hop, redirectChain: [...resume.chain], visited: new Set([...resume.visited, hopKey(hop, request.session)]) };
}

/**
 * A hop given back (`FetchWait.resumesAtHop`) learns where the next try goes on from: `hop`, not sent, after
 * the chain's hops that were. Any other error passes as it is.
 */
export function noteResumePoint(error: unknown, hop: HopRequest, chain: TryChain, session: RequestSession | null): unknown {
  if (!(error instanceof FetchWait) || !error.resumesAtHop) return error;
  const unsent = hopKey(hop, session);
  error.resumeAt = { url: hop.url, method: hop.method, chain: [...chain.redirectChain], visited: [...chain.visited].filter((key) => key !== unsent) };
  return error;
}
