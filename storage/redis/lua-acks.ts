// Lua for a resume's check of the item store: successes whose items it lacks go back to their queues.
import { LUA_PRELUDE, RUN_KEPT_LUA } from './lua-prelude';

/**
 * ARGV: ids of requests acknowledged with items ('acked', kept by settle in LUA_OPS) that the item store does not
 * back. Each still settled goes back to its host's queue as a pending request: its success leaves the ledger (run
 * and host counters, its status) so planned = succeeded + failed + pending holds, and its token stays as its last
 * lease's, so the refetch is a later lease and retires what an older one stored. Returns how many went back.
 */
export const REQUEUE_ACKS_LUA = `${LUA_PRELUDE}${RUN_KEPT_LUA}
local now, requeued = now_ms(), 0
for _, id in ipairs(ARGV) do
  local acked = redis.call('HGET', k('acked'), id)
  if acked and redis.call('HGET', k('st'), id) == 's' then
    local fence, status = string.match(acked, '^(%S+) ?(.*)$')
    local host = redis.call('HGET', k('host'), id)
    redis.call('HSET', k('st'), id, 'p')
    redis.call('HSET', k('att'), id .. '#f', fence)
    redis.call('HINCRBY', k('ledger'), 'succeeded', -1)
    redis.call('HINCRBY', k('ledger'), 'h:' .. host .. ':succeeded', -1)
    if status ~= '' then redis.call('HINCRBY', k('statuses'), status, -1) end
    enqueue(id, host)
    rescore(host, now)
    requeued = requeued + 1
  end
  redis.call('HDEL', k('acked'), id)
end
return requeued
`;
