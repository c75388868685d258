// Names what a Redis server's error reply means for a crawl: the run's keys gone, or writes refused (and why).
import { PricecrawlError } from '../../src/core/errors';
import { RUN_LOST_REPLY } from './lua-prelude';
import { redisAddress } from './redis-connect';

/**
 * The error replies an operated Redis gives while it keeps the connection (the first word of the reply),
 * with what an operator reads from each. Every one leaves the run's keys as they were: the crawl waits
 * (frontier.outageMs), then stops resumable.
 */
const REFUSALS: Record<string, string> = {
  OOM: 'it is full (maxmemory) and evicts nothing: raise maxmemory or free memory there',
  MISCONF: 'it cannot save its snapshot to disk and refuses writes until it can (stop-writes-on-bgsave-error)',
  READONLY: 'it is a read-only replica, as after a failover: point frontier.url at the primary',
  LOADING: 'it is still loading its data after a restart',
  BUSY: 'a script of another client is running past busy-reply-threshold',
  NOREPLICAS: 'it has too few replicas to accept writes (min-replicas-to-write)',
  MASTERDOWN: 'it is a replica that lost its primary',
};

/**
 * A script's error reply as the crawl treats it: RUN_LOST_REPLY becomes FRONTIER_RUN_LOST (the engine stops
 * at once: there is nothing to wait for); any other reply from the server becomes FRONTIER_REFUSED, whose
 * message says what the reply means. Before, the driver's bare text ("OOM command not allowed when used
 * memory > 'maxmemory'. script: <sha>, on @user_script:125.") ended the run with exit 1.
 */
export function frontierCallError(error: unknown, prefix: string): unknown {
  if (!(error instanceof Error) || error.name !== 'ReplyError') return error;
  if (error.message.startsWith(RUN_LOST_REPLY)) {
    const runId = /\{(.*)\}/.exec(prefix)?.[1] ?? prefix;
    // The reply names the keys lost when the run's meta hash is still there (RUN_KEPT_LUA).
    const keys = error.message.slice(RUN_LOST_REPLY.length).trim().split(/\s+/).slice(1).join(', ');
    if (keys !== '') return new PricecrawlError('FRONTIER_RUN_LOST', `run ${runId} lost keys: ${keys} (deleted mid-run by a command outside the crawl, or evicted): its queue and ledger cannot be trusted`, { cause: error });
    return new PricecrawlError('FRONTIER_RUN_LOST', `run ${runId} is gone from the frontier (its keys were deleted: a Redis restarted without persistence, flushed or evicting keys)`, { cause: error });
  }
  const word = /^[A-Z]+/.exec(error.message)?.[0] ?? '';
  // The reply's first sentence: the rest names the script's sha and line, nothing an operator can use.
  const said = error.message.split(/\.\s/, 1)[0];
  const meaning = REFUSALS[word];
  return new PricecrawlError('FRONTIER_REFUSED', meaning ? `${said}: ${meaning}` : said, { cause: error });
}

/**
 * A refusal while the run opens names the server: pointed at a replica (READONLY), the crawl ended with the
 * driver's bare "READONLY You can't write against a read only replica. script: <sha>, on @user_script:126."
 * and exit 1.
 */
export function openRefusal(error: unknown, url: string): unknown {
  if (!(error instanceof PricecrawlError) || error.code !== 'FRONTIER_REFUSED') return error;
  return new PricecrawlError('FRONTIER_REFUSED', `redis at ${redisAddress(url)} refused to open the run (${error.message}): no run was created`, { cause: error });
}
