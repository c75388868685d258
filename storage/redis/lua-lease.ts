// Lua for the lease lifecycle outside the batch: settle (a Crawlee client's), defer, renew, hand back; and host pauses.
import { LUA_OPS } from './lua-ops';
import { LUA_PRELUDE, RUN_KEPT_LUA } from './lua-prelude';

/**
 * ARGV: worker, id, outcome (succeeded | failed), reason, status ('' = none), token (the client's lock's, '' = none
 * held). Returns 1, or 0 when another worker holds the request now, it is settled, or the id names another request
 * than the locked one (see settle in LUA_OPS). A Crawlee client's: its items carry no token.
 */
export const SETTLE_LUA = `${LUA_PRELUDE}${LUA_OPS}
local now, dirty, tally = now_ms(), {}, {}
local done = settle(ARGV[1], ARGV[2], nil, ARGV[3], ARGV[4], ARGV[5], '', ARGV[6] or '', now, dirty, tally)
flush_tally(tally, now)
rescore_dirty(dirty, now)
return done
`;

/**
 * ARGV: worker, id, delayMs, attemptBump, json ('' = unchanged: the request with its deferral count), token (the
 * lease's, see own_lease). Back to its host queue (retry, Retry-After, shutdown).
 */
export const DEFER_LUA = `${LUA_PRELUDE}${RUN_KEPT_LUA}
local worker, id, delay, bump, json, token = ARGV[1], ARGV[2], tonumber(ARGV[3]), tonumber(ARGV[4]), ARGV[5], ARGV[6] or ''
if not leased_by(id, worker) or not own_lease(id, token) then return 0 end
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
export const RENEW_LUA = `${LUA_PRELUDE}${RUN_KEPT_LUA}
local worker, ttl, seeding = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3])
local now = now_ms()
redis.call('ZADD', k('workers'), now, worker)
-- SET, not PEXPIRE: a seeder whose marker ran out while its loop stalled is at work again, not dead.
if seeding > 0 then redis.call('SET', k('seeding'), '1', 'PX', seeding) end
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
