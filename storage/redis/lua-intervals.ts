// Lua for the shared host gate: the throttle's views (the slowest live one spaces everyone), Crawl-delay, out-of-band sends, breakers, restore.
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
  local before = gate(host)
  -- al is what the run keeps over a resume: the interval in force when the last view changed.
  if slowest == nil then redis.call('HDEL', hk('g', host), 'ai') else redis.call('HSET', hk('g', host), 'ai', slowest, 'al', slowest) end
  regrow(host, before, now)
end
return 1
`;

/**
 * ARGV: host, origin, crawlDelayMs. An origin's robots.txt Crawl-delay, kept per origin ('cdo:<host>'); the
 * longest of the host's origins ('cd') is a floor under its interval for every worker. Workers read different
 * origins' files: a host key's one 'cd' written by each was the last worker's, so a worker that read img.'s
 * 0.5 s undid the 2 s another had read for www. under one domain key.
 */
export const CRAWL_DELAY_LUA = `${LUA_PRELUDE}
local host, origin, ms = ARGV[1], ARGV[2], tonumber(ARGV[3])
local before = gate(host)
if ms > 0 then redis.call('HSET', hk('cdo', host), origin, ms) else redis.call('HDEL', hk('cdo', host), origin) end
local cd = 0
for _, each in ipairs(redis.call('HVALS', hk('cdo', host))) do cd = math.max(cd, tonumber(each)) end
redis.call('HSET', hk('g', host), 'cd', cd)
regrow(host, before, now_ms())
return 1
`;

/** ARGV: host. A request went to the host outside the slots (robots.txt): the next one waits a full interval. */
export const NOTE_SEND_LUA = `${LUA_PRELUDE}
local host = ARGV[1]
local now = now_ms()
local g = gate(host)
redis.call('HINCRBY', hk('g', host), 'serial', 1)
redis.call('HSET', hk('g', host), 'next', math.max(g.next, now + spacing(g)))
if redis.call('ZSCORE', k('hosts'), host) then rescore(host, now) end
return 1
`;

/**
 * ARGV: host, breaker snapshot JSON, state. Hosts whose breaker is not closed are listed in 'broken' for the
 * other workers. A transition ends the host's streak of throttling answers ('bs', see THROTTLED_LUA); one to
 * closed or open ends the probe's claim ('bp', see PROBE_LUA): its answer is in.
 */
export const BREAKER_LUA = `${LUA_PRELUDE}
local host, json, state = ARGV[1], ARGV[2], ARGV[3]
-- 'bk' marks the gate broken for the pick, which reads the gate hash anyway (no command of its own per page).
if state == 'closed' then
  redis.call('HSET', hk('g', host), 'br', json)
  redis.call('HDEL', hk('g', host), 'bs', 'bk', 'bp', 'bpu')
  redis.call('SREM', k('broken'), host)
else
  redis.call('HSET', hk('g', host), 'br', json, 'bk', 1)
  if state == 'open' then redis.call('HDEL', hk('g', host), 'bs', 'bp', 'bpu') else redis.call('HDEL', hk('g', host), 'bs') end
  redis.call('SADD', k('broken'), host)
end
return 1
`;

/**
 * ARGV: host, threshold, cooldownMs (the configured one), retryAfterMs (-1: none). A throttling answer of a
 * closed breaker: one more in the host's streak ('bs'), whichever worker got it (a batch op 'K' of any
 * worker's other answer ends it). At the threshold the breaker opens here, in the same step: the host paused
 * until max(cooldown, Retry-After) for every worker's pick, its snapshot kept and listed in 'broken'. Each
 * worker counted its own streak before, so a storm split between two workers opened nothing until one of
 * them had seen the threshold on its own (or never). A breaker that is not closed counts nothing: its probe
 * decides. Returns {opened (1|0), state, ms left open (0 unless open), cooldownMs}, in Redis' time.
 */
export const THROTTLED_LUA = `${LUA_PRELUDE}
local host, threshold, configured, retryAfter = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local now = now_ms()
local json = redis.call('HGET', hk('g', host), 'br')
local br = json and cjson.decode(json) or { state = 'closed', openUntilMs = 0, cooldownMs = configured }
if br.state ~= 'closed' then
  return {0, br.state, math.max(0, (tonumber(br.openUntilMs) or 0) - now), tonumber(br.cooldownMs) or configured}
end
if redis.call('HINCRBY', hk('g', host), 'bs', 1) < threshold then return {0, 'closed', 0, tonumber(br.cooldownMs) or configured} end
local cooldown = tonumber(br.cooldownMs) or configured
local untilMs = now + math.max(cooldown, retryAfter)
redis.call('HSET', hk('g', host), 'br', cjson.encode({ state = 'open', openUntilMs = untilMs, cooldownMs = cooldown }), 'bk', 1)
redis.call('HDEL', hk('g', host), 'bs')
redis.call('SADD', k('broken'), host)
if untilMs > (tonumber(redis.call('HGET', hk('g', host), 'paused')) or 0) then
  redis.call('HSET', hk('g', host), 'paused', untilMs, 'pc', 'breaker')
end
if untilMs > gate(host).next then
  redis.call('HSET', hk('g', host), 'next', untilMs)
  if redis.call('ZSCORE', k('hosts'), host) then rescore(host, now) end
end
return {1, 'open', untilMs - now, cooldown}
`;

/**
 * ARGV: host, token (worker and request), probeTimeoutMs. A worker whose breaker would send the half-open
 * probe claims it here first. Each worker ran its own state machine, and a breaker they all held open until
 * the same time let one probe go from each at a concurrency above one. The claim ('bp', until 'bpu') holds
 * until the probe's answer moves the breaker (BREAKER_LUA), for a probe's timeout at most, and only while its
 * worker holds the probe's lease: a worker killed mid-probe stops renewing it, so the claim ends as that lease
 * expires (a lease TTL, when the run takes the request back) and not a whole probe's timeout later (40 s by
 * default, every worker held off the host meanwhile). A probe handed back unsent ends its claim the same way.
 * Returns {granted (1|0), state, ms left (open: of the period; half-open: of the other probe), cooldownMs}.
 */
export const PROBE_LUA = `${LUA_PRELUDE}
local host, token, timeout = ARGV[1], ARGV[2], tonumber(ARGV[3])
local now = now_ms()
local g = redis.call('HMGET', hk('g', host), 'br', 'bp', 'bpu')
local br = g[1] and cjson.decode(g[1]) or { state = 'closed', openUntilMs = 0 }
local cooldown = tonumber(br.cooldownMs) or 0
if br.state == 'closed' then return {0, 'closed', 0, cooldown} end
local openLeft = (tonumber(br.openUntilMs) or 0) - now
if br.state == 'open' and openLeft > 0 then return {0, 'open', openLeft, cooldown} end
if g[2] and g[2] ~= token then
  local worker, id = string.match(g[2], '^(.*) (%S+)$')
  local leaseUntil = (worker and leased_by(id, worker)) and (tonumber(redis.call('ZSCORE', k('leases'), id)) or 0) or 0
  local probeLeft = math.min(tonumber(g[3]) or 0, leaseUntil) - now
  if probeLeft > 0 then return {0, 'half-open', probeLeft, cooldown} end
end
redis.call('HSET', hk('g', host), 'bp', token, 'bpu', now + timeout)
return {1, br.state, 0, cooldown}
`;

/** ARGV: hosts whose breaker this worker holds open. Returns {host, br, ...} for those and every listed in 'broken'. */
export const BREAKERS_LUA = `${LUA_PRELUDE}
local hosts, out = {}, {}
for _, host in ipairs(redis.call('SMEMBERS', k('broken'))) do hosts[host] = true end
for i = 1, #ARGV do hosts[ARGV[i]] = true end
for host in pairs(hosts) do
  local br = redis.call('HGET', hk('g', host), 'br')
  if br then
    out[#out + 1] = host
    out[#out + 1] = br
  end
end
return out
`;

/**
 * What a joining or resumed worker restores per host: {host, al, cd, br, ...} ('' for unset). Pauses need
 * no restoring: they are in the gate every pick reads.
 */
export const GATES_LUA = `${LUA_PRELUDE}
local out = {}
for _, host in ipairs(redis.call('SMEMBERS', k('hostset'))) do
  local g = redis.call('HMGET', hk('g', host), 'al', 'cd', 'br')
  out[#out + 1] = host
  for i = 1, 3 do out[#out + 1] = g[i] or '' end
end
return out
`;
