// Lua for taking work: add (seen-set + host queues) and pick (reap, host gate reservation, lease) atomically.
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
local out, touched = {}, {}
local mode = ARGV[3]
for i = 4, #ARGV, ${ADD_FIELDS} do
  local fp, host, prio, json = ARGV[i], ARGV[i + 1], ARGV[i + 2], ARGV[i + 3]
  if redis.call('SADD', k('seen'), fp) == 1 then
    local id = tostring(redis.call('INCR', k('ids')))
    redis.call('HSET', k('req'), id, json)
    redis.call('HSET', k('prio'), id, prio)
    redis.call('HSET', k('host'), id, host)
    redis.call('HSET', k('st'), id, 'p')
    redis.call('HSET', k('fid'), fp, id)
    enqueue(id, host)
    if not touched[host] then
      touched[host] = true
      if mode == 'set' or redis.call('HEXISTS', hk('g', host), 'mc') == 0 then
        redis.call('HSET', hk('g', host), 'mc', ARGV[i + 4], 'mi', ARGV[i + 5], 'jt', ARGV[i + 6], 'mg', ARGV[2])
      end
      redis.call('SADD', k('hostset'), host)
    end
    redis.call('HINCRBY', k('ledger'), 'planned', 1)
    redis.call('HINCRBY', k('ledger'), 'h:' .. host .. ':planned', 1)
    out[#out + 1] = id
  else
    out[#out + 1] = ''
  end
end
for host in pairs(touched) do rescore(host, now) end
redis.call('PEXPIRE', k('seen'), tonumber(ARGV[1]))
redis.call('PEXPIRE', k('fid'), tonumber(ARGV[1]))
return out
`;

/**
 * ARGV: worker, leaseTtlMs, jitterFraction in [0, 1), pollMs.
 * Returns {'lease', id, json, host, attempt, serial, reservedAtMs, nextOpenAtMs, previousNextOpenAtMs},
 * {'wait', ms} or {'empty'} (nothing queued, no lease in flight, no seeder at work: the run is done).
 * The gate check and the reservation are one script: two workers can never both see a slot open.
 */
export const PICK_LUA = `${LUA_PRELUDE}
local worker, ttl, rand, poll = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local now = now_ms()
reap(now, 100)
for _ = 1, 64 do
  local top = redis.call('ZRANGE', k('hosts'), 0, 0, 'WITHSCORES')
  if #top == 0 then
    if redis.call('ZCARD', k('leases')) > 0 or redis.call('EXISTS', k('seeding')) == 1 then return {'wait', poll} end
    return {'empty'}
  end
  local host, at = top[1], tonumber(top[2])
  -- Other workers may add work or free slots meanwhile: never sleep longer than the poll interval.
  if at > now then return {'wait', math.min(at - now, poll)} end
  local due = redis.call('ZRANGEBYSCORE', hk('d', host), '-inf', now, 'LIMIT', 0, 100)
  for _, id in ipairs(due) do
    redis.call('ZREM', hk('d', host), id)
    enqueue(id, host)
  end
  local g = gate(host)
  if g.inflight >= g.mc or g.next > now or redis.call('ZCARD', hk('q', host)) == 0 then
    rescore(host, now)
  else
    local id = redis.call('ZPOPMIN', hk('q', host))[1]
    local nxt = now + spacing(g) + math.floor(rand * (g.jt + 1))
    local serial = redis.call('HINCRBY', hk('g', host), 'serial', 1)
    redis.call('HSET', hk('g', host), 'next', nxt, 'inflight', g.inflight + 1)
    redis.call('ZADD', k('leases'), now + ttl, id)
    redis.call('HSET', k('lw'), id, worker)
    redis.call('SADD', k('slot'), id)
    redis.call('HSET', k('st'), id, 'l')
    rescore(host, now)
    local attempt = redis.call('HGET', k('att'), id) or '0'
    return {'lease', id, redis.call('HGET', k('req'), id), host, attempt, serial, now, nxt, g.next}
  end
end
return {'wait', 0}
`;
