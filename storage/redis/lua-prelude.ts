// Lua shared by every frontier script: key names, Redis time, host gates, lease hand-back, host re-scoring.

/** The error reply a script gives for a run whose keys are gone (see RUN_KEPT_LUA). */
export const RUN_LOST_REPLY = 'PRICECRAWL_RUN_LOST';

/**
 * KEYS[1] is the run's key prefix `pricecrawl:{<runId>}:`; per-host keys are built from it inside the
 * scripts. The `{runId}` hash tag keeps a run's keys in one slot, so a run also fits one Redis Cluster shard.
 * Every time is Redis TIME in ms: one clock for all workers, whatever their machines' clocks say.
 */
export const LUA_PRELUDE = `
local P = KEYS[1]
local CAP_RECHECK_MS = 1000
local function k(name) return P .. name end
local function hk(name, host) return P .. name .. ':' .. host end
local function now_ms()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
-- mi is the interval in force: the adaptive throttle's (ai, the slowest live worker's view) else the configured
-- one, and never under robots.txt's Crawl-delay (cd); cause says which of the three it is.
local function gate(host)
  local g = redis.call('HMGET', hk('g', host), 'next', 'inflight', 'mc', 'mi', 'jt', 'ai', 'mg', 'cd', 'us', 'serial', 'bk')
  local configured = tonumber(g[4]) or 0
  local mi, cause = configured, 'configured'
  if g[6] then mi, cause = tonumber(g[6]), 'throttle' end
  local cd = tonumber(g[8]) or 0
  if cd > mi then mi, cause = cd, 'crawl-delay' end
  return { next = tonumber(g[1]) or 0, inflight = tonumber(g[2]) or 0, mc = tonumber(g[3]) or 1,
           mi = mi, cause = cause, configured = configured, jt = tonumber(g[5]) or 0, mg = tonumber(g[7]) or 0, us = g[9],
           serial = tonumber(g[10]) or 0, broken = g[11] and 1 or 0 }
end
-- The interval plus politeness.intervalMarginMs; no margin on a host without an interval.
local function spacing(g)
  if g.mi > 0 then return g.mi + g.mg end
  return 0
end
-- When the host can next yield work, or nil when nothing of it is queued or deferred.
local function ready_at(host, now)
  local at = 0
  if redis.call('ZCARD', hk('q', host)) == 0 then
    local d = redis.call('ZRANGE', hk('d', host), 0, 0, 'WITHSCORES')
    if #d == 0 then return nil end
    at = tonumber(d[2])
  end
  local g = gate(host)
  -- At its concurrency cap (or with a reservation not yet sent, see 'us') a release or send re-scores the
  -- host; the recheck only guards against a lost one.
  if g.inflight >= g.mc or g.us then return math.max(at, g.next, now + CAP_RECHECK_MS) end
  return math.max(at, g.next)
end
local function rescore(host, now)
  local at = ready_at(host, now)
  if at == nil then redis.call('ZREM', k('hosts'), host) else redis.call('ZADD', k('hosts'), at, host) end
end
-- After a change of the interval in force (before: the gate as it was): a longer one applies to the slot
-- already reserved, as in HostSlots; a shorter one from the next reservation on.
local function regrow(host, before, now)
  local grown = gate(host).mi - before.mi
  if grown > 0 and before.next > 0 then
    redis.call('HSET', hk('g', host), 'next', before.next + grown)
    if redis.call('ZSCORE', k('hosts'), host) then rescore(host, now) end
  end
end
-- prio: the request's priority when the caller has it in hand (an add), else read from 'prio'.
local function enqueue(id, host, prio)
  redis.call('ZADD', hk('q', host), -tonumber(prio or redis.call('HGET', k('prio'), id)), id)
end
-- A spaced host's reservation is 'unsent' (g.us = its id) until its send, release, cancel or end is known:
-- no other reservation of the host is made meanwhile, so the next one always counts from a known send,
-- however late a stalled worker sends (the interval is exact whatever happens between pick and send).
local function sent_or_gone(id, host)
  if redis.call('HGET', hk('g', host), 'us') == id then redis.call('HDEL', hk('g', host), 'us') end
end
-- A redirect hop's slot is '<id>>', a send beside the request's '<id>~>' (see book_hop): its host is kept under that name until the slot ends.
local function is_hop(slot) return string.sub(slot, -1) == '>' end
local function forget_hop(slot) if is_hop(slot) then redis.call('HDEL', k('host'), slot) end end
-- Ends a lease: frees its host slot if still held, and the slot its redirect hop booked (a worker that dies
-- mid-hop leaves it to the lease's expiry). host: the request's host when the caller knows it (the worker
-- that holds the lease was told it by the pick), else read. Returns the host and whether its gate changed
-- (the slot was still held): a lease whose slot its release or cancel freed already leaves the gate as it
-- is, so the host needs no re-score. The 'unsent' mark is only ever set together with the slot and cleared
-- whenever the slot is freed, so it can only still be this lease's while the slot is held.
local function drop_lease(id, host)
  redis.call('ZREM', k('leases'), id)
  redis.call('HDEL', k('lw'), id)
  host = host or redis.call('HGET', k('host'), id)
  -- One look at every slot: after a release (every answered request) none is held any more. A hop's and a send
  -- beside the request's (a robots.txt read again: '<id>~>') are booked under names of their own.
  local hops = { id .. '>', id .. '~>' }
  local slots = redis.call('SMISMEMBER', k('slot'), id, hops[1], hops[2])
  local held = slots[1] == 1
  if held then
    redis.call('SREM', k('slot'), id)
    redis.call('HINCRBY', hk('g', host), 'inflight', -1)
    sent_or_gone(id, host)
  end
  for n, hop in ipairs(hops) do
    if slots[n + 1] == 1 then
      redis.call('SREM', k('slot'), hop)
      local hopHost = redis.call('HGET', k('host'), hop)
      redis.call('HINCRBY', hk('g', hopHost), 'inflight', -1)
      sent_or_gone(hop, hopHost)
      forget_hop(hop)
      rescore(hopHost, now_ms())
    end
  end
  return host, held
end
-- Back to its host queue, eligible at 'at' (now or later).
local function requeue(id, at, now)
  local host = drop_lease(id)
  redis.call('HSET', k('st'), id, 'p')
  if at <= now then enqueue(id, host) else redis.call('ZADD', hk('d', host), at, id) end
  rescore(host, now)
  return host
end
-- Leases whose worker stopped renewing them (it died): their requests go back to their queues.
local function reap(now, limit)
  local expired = redis.call('ZRANGEBYSCORE', k('leases'), '-inf', now, 'LIMIT', 0, limit)
  for _, id in ipairs(expired) do requeue(id, now, now) end
  if #expired > 0 then redis.call('HINCRBY', k('ledger'), 'reclaimed', #expired) end
  return #expired
end
-- The run-lost error reply naming what is gone (space-separated names; see RUN_KEPT_LUA).
local function lost_reply(names) return redis.error_reply('${RUN_LOST_REPLY} ' .. P .. ' ' .. names) end
-- With nothing queued, deferred or leased, every planned request must be settled. The sorted sets that hold the
-- queue (the host index, a host's queue or deferrals, the leases) carry no '~kept' mark (their members are
-- ranked, and readers take the first), so a deleted one is seen here, where the run would end: the host
-- index lost names 'hosts' (work still queued, no pick reaching it; a resume ended 'interrupted' again and
-- again), else each host whose requests are neither queued, leased nor settled ('queue:<host>'). nil: balanced.
local function unbalanced_queue()
  local l = redis.call('HMGET', k('ledger'), 'planned', 'succeeded', 'failed')
  if (tonumber(l[1]) or 0) <= (tonumber(l[2]) or 0) + (tonumber(l[3]) or 0) then return nil end
  local names = {}
  for _, host in ipairs(redis.call('SMEMBERS', k('hostset'))) do
    if redis.call('ZCARD', hk('q', host)) + redis.call('ZCARD', hk('d', host)) > 0 then return 'hosts' end
    local h = redis.call('HMGET', k('ledger'), 'h:' .. host .. ':planned', 'h:' .. host .. ':succeeded', 'h:' .. host .. ':failed')
    if (tonumber(h[1]) or 0) > (tonumber(h[2]) or 0) + (tonumber(h[3]) or 0) then names[#names + 1] = 'queue:' .. host end
  end
  if #names == 0 then return 'queues' end
  return table.concat(names, ' ')
end
local function leased_by(id, worker)
  return redis.call('HGET', k('st'), id) == 'l' and redis.call('HGET', k('lw'), id) == worker
end
-- Whether the request's last lease is the one with this fencing token ('' = not checked). An id names one request
-- only while the server keeps its counter: restarted from an older snapshot (or a lagging replica promoted), the
-- counter goes back and a request added since takes the id of a lease still out, whose settle must not land on it.
local function own_lease(id, token)
  return token == '' or tonumber(redis.call('HGET', k('att'), id .. '#f')) == tonumber(token)
end
-- Whether a slot is held for the lease of this token ('' = not checked): slots are named by their request's id (a
-- hop's '<id>>', a send beside it '<id>~>'), so a stale lease's send, release or cancel would end the slot of the
-- request that took its id.
local function slot_of(slot, token)
  return own_lease(string.match(slot, '^(.-)~?>$') or slot, token)
end
`;

/**
 * A field of the run's request-keyed hashes and a member of its slot set that no request id, hop slot or host
 * takes, planted when a process opens or joins the run (KEEP_RUN_KEYS_LUA). Those keys are empty, so absent,
 * at times of a living run: with the mark, a key absent was deleted (DEL by hand, an evicting server).
 */
export const KEPT_MARK = '~kept';
const KEPT_NAMES = "{'ledger', 'st', 'lw', 'host', 'req', 'prio', 'att', 'slot'}";

/**
 * Plants the marks, and the run's 'kept' key that says they are there: a run opened before them is checked for
 * its meta hash alone until its next open or join plants them (a status or report of it must not call it lost).
 */
export const KEEP_RUN_KEYS_LUA = `
for _, name in ipairs(${KEPT_NAMES}) do
  if name == 'slot' then redis.call('SADD', k(name), '${KEPT_MARK}') else redis.call('HSETNX', k(name), '${KEPT_MARK}', '') end
end
redis.call('SET', k('kept'), '1')
`;

/**
 * First statement of the scripts a crawl runs on its run: the run's meta hash is written when the run
 * opens and never deleted while it lives, so its absence means the run's keys are gone (a Redis restarted
 * without persistence, flushed, or evicting keys). Without this check a pick of a lost run answered
 * 'empty', settles answered 'not yours', and the crawl ended `finished`, exit 0, with its queue gone.
 * One key of it deleted is the run lost too, named: a deleted slot set, ledger or state hash left a run that
 * ended `finished`, exit 0, its counts or host slots wrong. One EXISTS of them all while all are there (the
 * check runs before every script: the commands per page are counted, redis-commands.test.ts).
 */
export const RUN_KEPT_LUA = `
local kept_names = ${KEPT_NAMES}
local kept_keys = { k('meta'), k('kept') }
for _, name in ipairs(kept_names) do kept_keys[#kept_keys + 1] = k(name) end
if redis.call('EXISTS', unpack(kept_keys)) < #kept_keys then
  if redis.call('EXISTS', k('meta')) == 0 then return redis.error_reply('${RUN_LOST_REPLY} ' .. P) end
  if redis.call('EXISTS', k('kept')) == 1 then
    local lost_keys = {}
    for _, name in ipairs(kept_names) do
      if redis.call('EXISTS', k(name)) == 0 then lost_keys[#lost_keys + 1] = name end
    end
    if #lost_keys > 0 then return lost_reply(table.concat(lost_keys, ' ')) end
  end
end
`;