// Lua for the lease lifecycle: send, release, cancel, settle, defer, renew, hand back; and host pauses.
import { LUA_PRELUDE } from './lua-prelude';

/** ARGV: id, reservedAtMs, nextOpenAtMs. The interval counts from the send when it came after the reservation. */
export const MARK_SENT_LUA = `${LUA_PRELUDE}
local id, reserved, reservedNext = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3])
if redis.call('SISMEMBER', k('slot'), id) == 0 then return 0 end
local now = now_ms()
local late = now - reserved
if late <= 0 then return 0 end
local host = redis.call('HGET', k('host'), id)
local g = gate(host)
redis.call('HSET', hk('g', host), 'next', math.max(g.next, reservedNext + late))
rescore(host, now)
return 1
`;

/**
 * ARGV: id. The response arrived: the concurrency slot is free, the interval keeps running; a Crawl-delay
 * also counts from the answer (as HostSlots.release).
 */
export const RELEASE_LUA = `${LUA_PRELUDE}
local id = ARGV[1]
if redis.call('SREM', k('slot'), id) == 0 then return 0 end
local host = redis.call('HGET', k('host'), id)
redis.call('HINCRBY', hk('g', host), 'inflight', -1)
local now = now_ms()
local cd = tonumber(redis.call('HGET', hk('g', host), 'cd')) or 0
if cd > 0 then
  local g = gate(host)
  redis.call('HSET', hk('g', host), 'next', math.max(g.next, now + cd + g.mg))
end
rescore(host, now)
return 1
`;

/** ARGV: id, serial, nextOpenAtMs, previousNextOpenAtMs. Never sent: free the slot, give the interval back if no later reservation built on it. */
export const CANCEL_LUA = `${LUA_PRELUDE}
local id, serial, reservedNext, previous = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
if redis.call('SREM', k('slot'), id) == 0 then return 0 end
local host = redis.call('HGET', k('host'), id)
redis.call('HINCRBY', hk('g', host), 'inflight', -1)
local g = redis.call('HMGET', hk('g', host), 'serial', 'next', 'paused')
if tonumber(g[1]) == serial and tonumber(g[2]) == reservedNext then
  redis.call('HSET', hk('g', host), 'next', math.max(previous, tonumber(g[3]) or 0))
end
rescore(host, now_ms())
return 1
`;

/**
 * ARGV: worker, id, outcome (succeeded | failed), reason, status ('' = none).
 * Settles a request leased by this worker, or one reclaimed from it but not yet taken again (its items are
 * durable already). Returns 0 when another worker holds it now or it is settled: that worker's result stands.
 */
export const SETTLE_LUA = `${LUA_PRELUDE}
local worker, id, outcome, reason, status = ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5]
local now = now_ms()
local state, host = redis.call('HGET', k('st'), id), nil
if state == 'l' then
  if redis.call('HGET', k('lw'), id) ~= worker then return 0 end
  host = drop_lease(id)
elseif state == 'p' then
  host = redis.call('HGET', k('host'), id)
  redis.call('ZREM', hk('q', host), id)
  redis.call('ZREM', hk('d', host), id)
else
  return 0
end
redis.call('HSET', k('st'), id, outcome == 'succeeded' and 's' or 'f')
redis.call('HINCRBY', k('ledger'), outcome, 1)
redis.call('HINCRBY', k('ledger'), 'h:' .. host .. ':' .. outcome, 1)
if outcome == 'failed' then redis.call('HINCRBY', k('reasons'), reason, 1) end
if status ~= '' then redis.call('HINCRBY', k('statuses'), status, 1) end
redis.call('HDEL', k('req'), id)
redis.call('HDEL', k('att'), id)
local bucket = k('tp:' .. math.floor(now / 10000))
redis.call('INCR', bucket)
redis.call('PEXPIRE', bucket, 60000)
rescore(host, now)
return 1
`;

/** ARGV: worker, id, delayMs, attemptBump, json ('' = unchanged: the request with its deferral count). Back to its host queue (retry, Retry-After, shutdown). */
export const DEFER_LUA = `${LUA_PRELUDE}
local worker, id, delay, bump, json = ARGV[1], ARGV[2], tonumber(ARGV[3]), tonumber(ARGV[4]), ARGV[5]
if not leased_by(id, worker) then return 0 end
if bump > 0 then redis.call('HINCRBY', k('att'), id, bump) end
if json ~= nil and json ~= '' then redis.call('HSET', k('req'), id, json) end
local now = now_ms()
requeue(id, now + math.max(0, delay), now)
return 1
`;

/**
 * ARGV: host, delayMs, cause (retry-after | breaker). Never moves the host's next slot backward;
 * the pause and its cause stay in the gate (status, resume, and a cancel never gives back its time).
 */
export const PAUSE_LUA = `${LUA_PRELUDE}
local host, delay, cause = ARGV[1], tonumber(ARGV[2]), ARGV[3]
local now = now_ms()
local untilMs = now + math.max(0, delay)
if untilMs > (tonumber(redis.call('HGET', hk('g', host), 'paused')) or 0) then
  redis.call('HSET', hk('g', host), 'paused', untilMs, 'pc', cause)
end
local g = gate(host)
if untilMs <= g.next then return 0 end
redis.call('HSET', hk('g', host), 'next', untilMs)
if redis.call('ZSCORE', k('hosts'), host) then rescore(host, now) end
return 1
`;

/** ARGV: worker, leaseTtlMs, seedingTtlMs (0: not seeding), ids... The heartbeat: extends this worker's leases. */
export const RENEW_LUA = `${LUA_PRELUDE}
local worker, ttl, seeding = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3])
local now = now_ms()
redis.call('ZADD', k('workers'), now, worker)
if seeding > 0 then redis.call('PEXPIRE', k('seeding'), seeding) end
local renewed = 0
for i = 4, #ARGV do
  if leased_by(ARGV[i], worker) then
    redis.call('ZADD', k('leases'), 'XX', now + ttl, ARGV[i])
    renewed = renewed + 1
  end
end
return renewed
`;

/** ARGV: worker, ids... A graceful exit (SIGTERM, close): this worker's leases go back at once, no attempt counted. */
export const RETURN_ALL_LUA = `${LUA_PRELUDE}
local worker = ARGV[1]
local now = now_ms()
local returned = 0
for i = 2, #ARGV do
  if leased_by(ARGV[i], worker) then
    requeue(ARGV[i], now, now)
    returned = returned + 1
  end
end
redis.call('ZREM', k('workers'), worker)
return returned
`;
