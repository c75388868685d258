// Lua for the Crawlee queue client on a shared frontier: read, update, prolong and unlock a request; list the head.
import { LUA_PRELUDE } from './lua-prelude';

/** ARGV: id. Returns {json or false, state or false, attempt}. */
export const QUEUE_GET_LUA = `${LUA_PRELUDE}
local id = ARGV[1]
return {redis.call('HGET', k('req'), id), redis.call('HGET', k('st'), id), redis.call('HGET', k('att'), id) or '0'}
`;

/**
 * ARGV: worker, id, json, attempt, priority ('' = keep), token (the client's lock's, '' = none held: see own_lease).
 * A request not handled yet takes Crawlee's new data and retry count and stays where it is (pending, or leased by
 * this worker). Returns 1, 0 (unknown or settled: nothing written), -1 (leased by another worker) or -2 (the id
 * names another request than the one the lock was given for: the server went back to an older snapshot).
 */
export const QUEUE_UPDATE_LUA = `${LUA_PRELUDE}
local worker, id, json, attempt, prio, token = ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5], ARGV[6] or ''
local state = redis.call('HGET', k('st'), id)
if state ~= 'p' and state ~= 'l' then return 0 end
if not own_lease(id, token) then return -2 end
if state == 'l' and redis.call('HGET', k('lw'), id) ~= worker then return -1 end
redis.call('HSET', k('req'), id, json)
redis.call('HSET', k('att'), id, attempt)
if prio ~= '' then
  redis.call('HSET', k('prio'), id, prio)
  local host = redis.call('HGET', k('host'), id)
  if redis.call('ZSCORE', hk('q', host), id) then enqueue(id, host) end
end
return 1
`;

/** ARGV: worker, id, ttlMs, priority ('' = keep), token (as QUEUE_UPDATE_LUA's). Returns the lease's new expiry (Redis time, ms), or 0 when it is not this lock's. */
export const QUEUE_PROLONG_LUA = `${LUA_PRELUDE}
local worker, id, ttl, prio, token = ARGV[1], ARGV[2], tonumber(ARGV[3]), ARGV[4], ARGV[5] or ''
if not leased_by(id, worker) or not own_lease(id, token) then return 0 end
local untilMs = now_ms() + ttl
redis.call('ZADD', k('leases'), 'XX', untilMs, id)
if prio ~= '' then redis.call('HSET', k('prio'), id, prio) end
return untilMs
`;

/**
 * ARGV: worker, id, priority ('' = keep), token (as QUEUE_UPDATE_LUA's). Back to its host queue now. Returns 1, 0
 * (not leased, or not under this lock: the request of its id now is another's) or -1 (leased by another worker).
 */
export const QUEUE_UNLOCK_LUA = `${LUA_PRELUDE}
local worker, id, prio, token = ARGV[1], ARGV[2], ARGV[3], ARGV[4] or ''
if redis.call('HGET', k('st'), id) ~= 'l' or not own_lease(id, token) then return 0 end
if redis.call('HGET', k('lw'), id) ~= worker then return -1 end
if prio ~= '' then redis.call('HSET', k('prio'), id, prio) end
local now = now_ms()
requeue(id, now, now)
return 1
`;

/**
 * ARGV: limit. Without locking, in the order the pick hands requests out: round r holds the r-th
 * request of every host that is ready now. Returns flat {id, json, attempt, ...}.
 */
export const QUEUE_HEAD_LUA = `${LUA_PRELUDE}
local limit = tonumber(ARGV[1])
local hosts = redis.call('ZRANGEBYSCORE', k('hosts'), '-inf', now_ms(), 'LIMIT', 0, limit)
local out, count = {}, 0
for turn = 0, limit - 1 do
  local any = false
  for _, host in ipairs(hosts) do
    local id = redis.call('ZRANGE', hk('q', host), turn, turn)[1]
    if id then
      any = true
      out[#out + 1] = id
      out[#out + 1] = redis.call('HGET', k('req'), id)
      out[#out + 1] = redis.call('HGET', k('att'), id) or '0'
      count = count + 1
      if count >= limit then return out end
    end
  end
  if not any then break end
end
return out
`;
