// Lua for the adaptive throttle on a shared frontier: each worker publishes its view of a host's interval; the slowest live view spaces everyone.
import { LUA_PRELUDE } from './lua-prelude';

/**
 * ARGV: worker, ttlMs, then pairs of host and intervalMs (negative: withdraw this worker's view).
 *
 * Workers see different slices of a host's answers, so their throttles disagree; the longest interval
 * any live worker asks for wins (one worker's 429s slow every worker down). A view lives `ttlMs` unless
 * republished (the heartbeat does), so a dead worker's view fades. With no view left the configured
 * interval applies again. A longer interval applies to the slot already reserved (counted from the
 * last send, as in HostSlots); a shorter one from the next reservation on.
 */
export const INTERVALS_LUA = `${LUA_PRELUDE}
local worker, ttl = ARGV[1], tonumber(ARGV[2])
local now = now_ms()
for i = 3, #ARGV, 2 do
  local host, ms = ARGV[i], tonumber(ARGV[i + 1])
  local views = hk('ai', host)
  if ms < 0 then redis.call('HDEL', views, worker) else redis.call('HSET', views, worker, ms .. ':' .. (now + ttl)) end
  local slowest = nil
  local all = redis.call('HGETALL', views)
  for j = 1, #all, 2 do
    local view, expires = string.match(all[j + 1], '^(%d+):(%d+)$')
    if tonumber(expires) < now then redis.call('HDEL', views, all[j])
    elseif slowest == nil or tonumber(view) > slowest then slowest = tonumber(view) end
  end
  local g = gate(host)
  if slowest == nil then redis.call('HDEL', hk('g', host), 'ai') else redis.call('HSET', hk('g', host), 'ai', slowest) end
  local grown = (slowest or g.configured) - g.mi
  if grown > 0 and g.next > 0 then
    redis.call('HSET', hk('g', host), 'next', g.next + grown)
    if redis.call('ZSCORE', k('hosts'), host) then rescore(host, now) end
  end
end
return 1
`;
