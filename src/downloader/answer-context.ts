// The context an answer is judged in: the host that gave it, which after a redirect to another host is not the request's own.
import type { CrawlResponse } from '../core/response';
import { hostKeyOf } from '../politeness/host-key';
import type { MiddlewareContext } from './middleware';

/**
 * A throttling status, a block page or a Retry-After speaks for the server that sent it: judged for the
 * request's host, a redirect target's 429 storm opened or slowed the host the redirect came from while the
 * target went on being asked. Returns `ctx` itself when the request's own host answered.
 */
export function answerContext(response: CrawlResponse, ctx: MiddlewareContext): MiddlewareContext {
  const hostKey = hostKeyOf(response.url, ctx.settings.politeness.hostKey);
  return hostKey === ctx.hostKey ? ctx : { ...ctx, hostKey };
}
