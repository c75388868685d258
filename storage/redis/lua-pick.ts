// Lua for taking work: add (seen-set + host queues) and pick (reap, host gate reservation, lease) atomically.
import { LUA_OPS } from './lua-ops';
import { LUA_PRELUDE } from './lua-prelude';

/** Fields per request in ADD's ARGV after the seen-set TTL. */
export const ADD_FIELDS = 7;

/**
 * ARGV: seenTtlMs, intervalMarginMs, policyMode, then per request: fingerprint, host, priority, json,
 * maxConcurrency, minIntervalMs, jitterMs. policyMode `set` (a crawl: its settings are the host's
 * policy) or `keep` (a Crawlee queue client: a host the crawl configured keeps its policy).
 * fid maps each fingerprint to its request id, so a duplicate added through the queue reports the stored request.
 */
export const ADD_LUA = `${LUA_PRELUDE}
local now = now_ms()
local out, fresh, touched = {}, {}, {}
local mode = ARGV[3]
for i = 4, #ARGV, ${ADD_FIELDS} do
  if redis.call('SADD', k('seen'), ARGV[i]) == 1 then fresh[#fresh + 1] = i end
  out[#out + 1] = ''
end
-- The new requests' ids in one step, in the order they came; the ledger's planned counts summed per host.
local first = redis.call('INCRBY', k('ids'), #fresh) - #fresh
for n, i in ipairs(fresh) do
  local fp, host, prio, json = ARGV[i], ARGV[i + 1], ARGV[i + 2], ARGV[i + 3]
  local id = tostring(first + n)
  redis.call('HSET', k('req'), id, json)
  redis.call('HSET', k('prio'), id, prio)
  redis.call('HSET', k('host'), id, host)
  redis.call('HSET', k('st'), id, 'p')
  redis.call('HSET', k('fid'), fp, id)
  enqueue(id, host, prio)
  if not touched[host] then
    touched[host] = 0
    if mode == 'set' or redis.call('HEXISTS', hk('g', host), 'mc') == 0 then
      redis.call('HSET', hk('g', host), 'mc', ARGV[i + 4], 'mi', ARGV[i + 5], 'jt', ARGV[i + 6], 'mg', ARGV[2])
    end
    redis.call('SADD', k('hostset'), host)
  end
  touched[host] = touched[host] + 1
  out[(i - 4) / ${ADD_FIELDS} + 1] = id
end
if #fresh > 0 then redis.call('HINCRBY', k('ledger'), 'planned', #fresh) end
for host, n in pairs(touched) do
  redis.call('HINCRBY', k('ledger'), 'h:' .. host .. ':planned', n)
  rescore(host, now)
end
redis.call('PEXPIRE', k('seen'), tonumber(ARGV[1]))
redis.call('PEXPIRE', k('fid'), tonumber(ARGV[1]))
return out
`;

/**
 * ARGV: worker, leaseTtlMs, jitterFraction in [0, 1), pollMs.
 * Returns {'lease', id, json, host, attempt, serial, reservedAtMs, nextOpenAtMs, previousNextOpenAtMs, intervalMs, broken, fence, earlier},
 * {'wait', ms} or {'empty'} (nothing queued, no lease in flight, no seeder at work: the run is done).
 * The gate check and the reservation are one script: two workers can never both see a slot open.
 */
export const PICK_LUA = `${LUA_PRELUDE}${LUA_OPS}
local now, dirty = now_ms(), {}
reap(now, 100)
local reply = pick_one(ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), now, dirty, false)
rescore_dirty(dirty, now)
if reply[1] == 'lost' then return lost_reply(reply[2]) end
return reply
`;
