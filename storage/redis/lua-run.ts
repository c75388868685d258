// Lua for runs and reports: open/join a run, finish it once, the ledger summary, the live status.
import { KEEP_RUN_KEYS_LUA, KEPT_MARK, LUA_PRELUDE, RUN_KEPT_LUA } from './lua-prelude';

/**
 * KEYS[2]: the spider's run index. ARGV: runId, spider, mode (create | join), seedingTtlMs (0: no seeder),
 * fence (the fencing token of the opener's claim on the spider, '' for none).
 * Returns {existed (1/0, or -1 no such run, -2 run already finished), startedAtMs, fence ('' for none)}.
 * The seeding marker and the fence are set in the same step, so a worker joining early never sees an empty,
 * seedless run, nor one without the claim its writes must be made under.
 */
export const OPEN_RUN_LUA = `${LUA_PRELUDE}
local runId, spider, mode, seeding, fence = ARGV[1], ARGV[2], ARGV[3], tonumber(ARGV[4]), ARGV[5]
local meta = k('meta')
local owner = redis.call('HGET', meta, 'spider')
if owner and owner ~= spider then return redis.error_reply('run ' .. runId .. ' belongs to spider ' .. owner .. ', not ' .. spider) end
if mode == 'join' then
  if not owner then return {-1, 0} end
  if redis.call('HGET', meta, 'status') ~= 'running' then return {-2, 0} end
else
  local now = now_ms()
  if not owner then
    redis.call('HSET', meta, 'spider', spider, 'startedAt', now, 'status', 'running')
    redis.call('ZADD', KEYS[2], now, runId)
  else
    redis.call('HSET', meta, 'status', 'running')
    redis.call('HDEL', meta, 'finishedAt')
    -- A resume takes the run's end over from a claimant that died before finishing it.
    redis.call('DEL', k('closer'))
  end
  -- 'unseeded' is the durable half of the marker: the TTL'd key says a seeder is at work, this field that
  -- none has finished yet (seedingDone clears both). A seeder killed mid-start() leaves the field, and the
  -- run cannot end as finished with only the requests it got to (see pick_one).
  if seeding > 0 then
    redis.call('SET', k('seeding'), '1', 'PX', seeding)
    redis.call('HSET', meta, 'unseeded', '1')
  end
  -- The latest claim's: a resume under a new claim fences out the workers that joined under the lost one.
  if fence ~= '' then redis.call('HSET', meta, 'fence', fence) end
end
${KEEP_RUN_KEYS_LUA}
return {owner and 1 or 0, tonumber(redis.call('HGET', meta, 'startedAt')), redis.call('HGET', meta, 'fence') or ''}
`;

/**
 * ARGV: worker, leaseTtlMs. Claims the run's end work: 1 for one worker, which then writes history and
 * catalog and only after that marks the run finished (FINISH_RUN_LUA). The run stays 'running' meanwhile,
 * so a claimant killed part-way leaves a run that --resume (or a later worker, once the claimant's
 * heartbeat is older than a lease) ends again, instead of a finished run whose end was never written.
 */
export const CLAIM_END_LUA = `${LUA_PRELUDE}${RUN_KEPT_LUA}
local worker, ttl = ARGV[1], tonumber(ARGV[2])
if redis.call('HGET', k('meta'), 'status') ~= 'running' then return 0 end
local closer = redis.call('GET', k('closer'))
if closer and closer ~= worker then
  local beat = tonumber(redis.call('ZSCORE', k('workers'), closer))
  if beat and now_ms() - beat < ttl then return 0 end
end
redis.call('SET', k('closer'), worker)
return 1
`;

/** ARGV: worker. Marks the run finished once its claimant's end work is durable. */
export const FINISH_RUN_LUA = `${LUA_PRELUDE}${RUN_KEPT_LUA}
if redis.call('HGET', k('meta'), 'status') ~= 'running' or redis.call('GET', k('closer')) ~= ARGV[1] then return 0 end
redis.call('HSET', k('meta'), 'status', 'finished', 'finishedAt', now_ms())
redis.call('DEL', k('closer'))
return 1
`;

const LEDGER_LUA = `
-- A counter hash as numbers. The ledger's '~kept' mark (KEEP_RUN_KEYS_LUA) is skipped: its '' is no count.
local function hash_of(name)
  local flat, out = redis.call('HGETALL', k(name)), {}
  for i = 1, #flat, 2 do
    if flat[i] ~= '${KEPT_MARK}' then out[flat[i]] = tonumber(flat[i + 1]) end
  end
  return out
end
local ledger = hash_of('ledger')
local leasedByHost = {}
for _, id in ipairs(redis.call('ZRANGE', k('leases'), 0, -1)) do
  local host = redis.call('HGET', k('host'), id)
  leasedByHost[host] = (leasedByHost[host] or 0) + 1
end
-- Pending is counted from the queues and leases themselves, not derived from the other counters:
-- a bookkeeping bug breaks planned = succeeded + failed + pending instead of hiding in it.
local byHost, pending = {}, 0
for _, host in ipairs(redis.call('SMEMBERS', k('hostset'))) do
  local queued, delayed = redis.call('ZCARD', hk('q', host)), redis.call('ZCARD', hk('d', host))
  local p = queued + delayed + (leasedByHost[host] or 0)
  pending = pending + p
  byHost[host] = { planned = ledger['h:' .. host .. ':planned'] or 0, succeeded = ledger['h:' .. host .. ':succeeded'] or 0,
                   failed = ledger['h:' .. host .. ':failed'] or 0, pending = p, queued = queued, delayed = delayed,
                   leased = leasedByHost[host] or 0 }
end
`;

/** The ledger of the run as JSON: counts, failures by reason, statuses, per host (`hostReasons`: "<host> <reason>" → failures). */
export const SUMMARY_LUA = `${LUA_PRELUDE}${RUN_KEPT_LUA}${LEDGER_LUA}
return cjson.encode({ planned = ledger.planned or 0, succeeded = ledger.succeeded or 0, failed = ledger.failed or 0,
  pending = pending, reclaimed = ledger.reclaimed or 0, failedByReason = hash_of('reasons'), byStatus = hash_of('statuses'),
  byHost = byHost, hostReasons = hash_of('hostreasons') })
`;

/** The ledger plus live state: host gates and pauses, leases per worker, worker heartbeats, recent throughput. */
export const STATUS_LUA = `${LUA_PRELUDE}${LEDGER_LUA}
local now = now_ms()
for host, row in pairs(byHost) do
  local g = redis.call('HMGET', hk('g', host), 'next', 'inflight', 'paused', 'pc', 'br', 'cd')
  local in_force = gate(host)
  row.inflight = tonumber(g[2]) or 0
  row.intervalMs = in_force.mi
  row.intervalCause = in_force.cause
  row.crawlDelayMs = tonumber(g[6]) or 0
  row.nextOpenInMs = math.max(0, (tonumber(g[1]) or 0) - now)
  row.pausedForMs = math.max(0, (tonumber(g[3]) or 0) - now)
  if row.pausedForMs > 0 then row.pauseCause = g[4] end
  row.breaker = g[5] and cjson.decode(g[5]).state or 'closed'
end
local leasesByWorker = {}
-- Counted from the leases themselves: 'lw' also holds the '~kept' mark (KEEP_RUN_KEYS_LUA), whose '' is no worker.
for _, id in ipairs(redis.call('ZRANGE', k('leases'), 0, -1)) do
  local worker = redis.call('HGET', k('lw'), id)
  if worker then leasesByWorker[worker] = (leasesByWorker[worker] or 0) + 1 end
end
local workers = {}
local beats = redis.call('ZRANGE', k('workers'), 0, -1, 'WITHSCORES')
for i = 1, #beats, 2 do workers[beats[i]] = { heartbeatAgoMs = now - tonumber(beats[i + 1]), leases = leasesByWorker[beats[i]] or 0 } end
local bucket = math.floor(now / 10000)
local meta = hash_of('meta')
local raw = redis.call('HGETALL', k('meta'))
for i = 1, #raw, 2 do meta[raw[i]] = raw[i + 1] end
return cjson.encode({ nowMs = now, meta = meta, seeding = redis.call('EXISTS', k('seeding')) == 1,
  planned = ledger.planned or 0, succeeded = ledger.succeeded or 0, failed = ledger.failed or 0, pending = pending,
  reclaimed = ledger.reclaimed or 0, leases = redis.call('ZCARD', k('leases')), failedByReason = hash_of('reasons'),
  byHost = byHost, workers = workers,
  settledLast10s = tonumber(redis.call('GET', k('tp:' .. (bucket - 1))) or '0') })
`;
