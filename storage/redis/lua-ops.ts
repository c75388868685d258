// Lua functions for the hot path of a lease (pick, send, release, cancel, settle), shared by the batch script and the one-op settle.

/**
 * Each function takes Redis' `now` from its caller (one TIME per script call) and marks the hosts it
 * touched in `dirty` instead of re-scoring them itself: a batch re-scores each host once, before its next
 * pick and at its end (`rescore_dirty`). Ledger counters are summed into `tally` and written once per
 * script call (`flush_tally`): a batch of 30 settles costs 4 counter writes, not 120.
 */
export const LUA_OPS = `
local function rescore_dirty(dirty, now)
  for host in pairs(dirty) do rescore(host, now) end
  for host in pairs(dirty) do dirty[host] = nil end
end
local function count(tally, key, n) tally[key] = (tally[key] or 0) + n end
local function flush_tally(tally, now)
  local settled = 0
  for key, n in pairs(tally) do
    local hash, field = string.match(key, '^(%a+)|(.*)$')
    redis.call('HINCRBY', k(hash), field, n)
    if hash == 'ledger' and (field == 'succeeded' or field == 'failed') then settled = settled + n end
  end
  for key in pairs(tally) do tally[key] = nil end
  if settled > 0 then
    local bucket = k('tp:' .. math.floor(now / 10000))
    -- Its expiry is set once, when this write made the bucket.
    if redis.call('INCRBY', bucket, settled) == settled then redis.call('PEXPIRE', bucket, 60000) end
  end
end
-- Takes the host's next slot in one write (the gate g was read in the same script step): the serial that
-- names this reservation, the next opening, one more in flight, and the 'unsent' mark of a spaced one.
local function reserve(host, g, nxt, unsent)
  local serial = g.serial + 1
  if unsent then
    redis.call('HSET', hk('g', host), 'next', nxt, 'inflight', g.inflight + 1, 'serial', serial, 'us', unsent)
  else
    redis.call('HSET', hk('g', host), 'next', nxt, 'inflight', g.inflight + 1, 'serial', serial)
  end
  return serial
end
-- A lease's attempt, its fencing token (the item rows of its request keep it: item-fence.ts) and whether the request
-- was leased before (1: an earlier lease may have stored items). The token is the pick's time in Redis' clock, but
-- always above every token the run gave out ('att' field 'fence', src/frontier/lease-fence.ts): a Redis clock stepped
-- back (NTP, a restored snapshot, a failover to a replica whose clock is behind) would otherwise give a later lease
-- the smaller token, and a stale worker's items would win over newer ones of the same key. The request's own last
-- token ('<id>#f') is kept until it settles only to tell a later lease from a first one. One read, one write per pick.
local function lease_fence(id, now)
  local held = redis.call('HMGET', k('att'), id, id .. '#f', 'fence')
  local last = math.max(tonumber(held[2]) or 0, tonumber(held[3]) or 0)
  local fence = now
  if last >= now then fence = last + 1 end
  redis.call('HSET', k('att'), id .. '#f', fence, 'fence', fence)
  return held[1] or '0', fence, held[2] and 1 or 0
end
-- One pick (the gate check and the reservation in one step): {'lease', id, json, host, attempt, serial,
-- reservedAtMs, nextOpenAtMs, previousNextOpenAtMs, intervalMs (the one in force, before margin and jitter),
-- broken (1: the host's breaker is not closed in the run, whatever the worker's own says), fence, earlier (see lease_fence)}, {'wait', ms[, readyInMs]}, {'empty'}, {'unseeded'}
-- or {'lost', names} (nothing left to pick, yet the ledger has requests unsettled: see unbalanced_queue). unspaced_only: the next
-- ready host has an interval (or jitter) and this is not the first pick of a batch: {'wait', 0}, so a
-- spaced host's lease never waits in a worker behind others, and its send reaches Redis before its slot opens.
local function pick_one(worker, ttl, rand, poll, now, dirty, unspaced_only)
  for _ = 1, 64 do
    rescore_dirty(dirty, now)
    local top = redis.call('ZRANGE', k('hosts'), 0, 0, 'WITHSCORES')
    if #top == 0 then
      if redis.call('ZCARD', k('leases')) > 0 or redis.call('EXISTS', k('seeding')) == 1 then return {'wait', poll} end
      -- Nothing left, no seeder at work, and none ever finished: the seeder died mid-start(). Not 'empty':
      -- a run ended there was 'finished', exit 0, with the requests its start() never yielded unplanned.
      if redis.call('HEXISTS', k('meta'), 'unseeded') == 1 then return {'unseeded'} end
      local lost = unbalanced_queue()
      if lost then return {'lost', lost} end
      return {'empty'}
    end
    local host, at = top[1], tonumber(top[2])
    -- Other workers may add work or free slots meanwhile: never sleep longer than the poll interval. The
    -- third value is how far off the host really is, so a worker can tell a far server wait from a short one.
    if at > now then return {'wait', math.min(at - now, poll), at - now} end
    local due = redis.call('ZRANGEBYSCORE', hk('d', host), '-inf', now, 'LIMIT', 0, 100)
    for _, id in ipairs(due) do
      redis.call('ZREM', hk('d', host), id)
      enqueue(id, host)
    end
    local g = gate(host)
    if unspaced_only and (spacing(g) > 0 or g.jt > 0) then return {'wait', 0} end
    dirty[host] = true
    if g.inflight < g.mc and g.next <= now and not g.us and redis.call('ZCARD', hk('q', host)) > 0 then
      local id = redis.call('ZPOPMIN', hk('q', host))[1]
      local attempt, fence, earlier = lease_fence(id, now)
      local nxt = now + spacing(g) + math.floor(rand * (g.jt + 1))
      local serial = reserve(host, g, nxt, nxt > now and id or nil)
      redis.call('ZADD', k('leases'), now + ttl, id)
      redis.call('HSET', k('lw'), id, worker)
      redis.call('SADD', k('slot'), id)
      redis.call('HSET', k('st'), id, 'l')
      return {'lease', id, redis.call('HGET', k('req'), id), host, attempt, serial, now, nxt, g.next, g.mi, g.broken, fence, earlier}
    end
  end
  return {'wait', 0}
end
-- The request went on the wire: the interval counts from the send when it came after the reservation, and a
-- Crawl-delay put in force after it was reserved counts from the send too (the slot was spaced under the
-- shorter interval it was reserved with; with a concurrency above one the host's next pick came that much
-- after it). host: the slot's host as the worker has it from its pick or hop (nil: read it). The host is
-- re-scored only when its readiness can change: its 'unsent' mark went, or its next opening moved past now.
-- A send of a host without an interval moves 'next' to the send time at most (now), so the host stays due.
local function mark_sent(id, host, reserved, reservedNext, now, dirty)
  if redis.call('SISMEMBER', k('slot'), id) == 0 then return 0 end
  host = host or redis.call('HGET', k('host'), id)
  local g = redis.call('HMGET', hk('g', host), 'next', 'us', 'cd', 'mg')
  if g[2] == id then
    redis.call('HDEL', hk('g', host), 'us')
    dirty[host] = true
  end
  local late = now - reserved
  if late <= 0 then return 0 end
  local was = tonumber(g[1]) or 0
  local cd = tonumber(g[3]) or 0
  local nxt = math.max(was, reservedNext + late)
  if cd > 0 then nxt = math.max(nxt, now + cd + (tonumber(g[4]) or 0)) end
  if nxt ~= was then
    redis.call('HSET', hk('g', host), 'next', nxt)
    if nxt > now then dirty[host] = true end
  end
  return 1
end
-- The response arrived: the concurrency slot is free, the interval keeps running; a Crawl-delay also counts
-- from the answer (as HostSlots.release).
local function release(id, host, now, dirty)
  if redis.call('SREM', k('slot'), id) == 0 then return 0 end
  host = host or redis.call('HGET', k('host'), id)
  redis.call('HINCRBY', hk('g', host), 'inflight', -1)
  local g = redis.call('HMGET', hk('g', host), 'us', 'cd', 'next', 'mg')
  if g[1] == id then redis.call('HDEL', hk('g', host), 'us') end
  forget_hop(id)
  local cd = tonumber(g[2]) or 0
  if cd > 0 then
    redis.call('HSET', hk('g', host), 'next', math.max(tonumber(g[3]) or 0, now + cd + (tonumber(g[4]) or 0)))
  end
  dirty[host] = true
  return 1
end
-- Never sent: free the slot, give the interval back if no later reservation built on it.
local function cancel(id, host, serial, reservedNext, previous, dirty)
  if redis.call('SREM', k('slot'), id) == 0 then return 0 end
  host = host or redis.call('HGET', k('host'), id)
  redis.call('HINCRBY', hk('g', host), 'inflight', -1)
  sent_or_gone(id, host)
  forget_hop(id)
  local g = redis.call('HMGET', hk('g', host), 'serial', 'next', 'paused')
  if tonumber(g[1]) == serial and tonumber(g[2]) == reservedNext then
    redis.call('HSET', hk('g', host), 'next', math.max(previous, tonumber(g[3]) or 0))
  end
  dirty[host] = true
  return 1
end
-- A leased request's redirect hop books its host's next slot as a pick reserves one, with no queued request
-- behind it: {'booked', slot, waitMs, atMs, serial, nextOpenAtMs, previousNextOpenAtMs, intervalMs} or {'busy'} (at its
-- cap, or another worker's reservation not sent yet). The slot is named '<id>>', so the lease's end frees it
-- (drop_lease); its send, release and cancel are the ops of any slot. A host the run never queued gets the
-- worker's policy for it, as an add would.
local function book_hop(id, host, rand, mc, mi, jt, mg, now, dirty)
  if redis.call('HEXISTS', hk('g', host), 'mc') == 0 then
    redis.call('HSET', hk('g', host), 'mc', mc, 'mi', mi, 'jt', jt, 'mg', mg)
  end
  local g = gate(host)
  if g.inflight >= g.mc or g.us then return {'busy'} end
  local slot = id .. '>'
  local at = math.max(now, g.next)
  local nxt = at + spacing(g) + math.floor(rand * (g.jt + 1))
  local serial = reserve(host, g, nxt, nxt > now and slot or nil)
  redis.call('SADD', k('slot'), slot)
  redis.call('HSET', k('host'), slot, host)
  dirty[host] = true
  return {'booked', slot, at - now, at, serial, nxt, g.next, g.mi}
end
-- A pause the slot's host got after the slot was reserved for 'reserved', while the pause still runs: its ms
-- left, else -1. Before the slot is used after a wait (a hop's): a pause ending after both now and the
-- reserved time came later (the pick and book_hop never reserve inside a pause), from any worker's answer.
local function paused_after(slot, host, reserved, now)
  if redis.call('SISMEMBER', k('slot'), slot) == 0 then return -1 end
  local paused = tonumber(redis.call('HGET', hk('g', host), 'paused')) or 0
  if paused > math.max(now, reserved) then return paused - now end
  return -1
end
-- Settles a request leased by this worker, or one reclaimed from it but not yet taken again (its items are
-- durable already). 0 when another worker holds it now or it is settled: that worker's result stands.
-- A success's request data goes; a failure's is kept with its reason, status, retries and time in 'fail'
-- (ordered by id in 'fails'), so reports and the SKU catalog can name what the run lost.
-- host: the request's host as the worker has it from its pick (nil: read it). A lease whose slot was freed
-- already (its release came first, as it does for every answered request) leaves its host's readiness as it
-- was: no re-score. items_fence: the lease's token when the success stands for items stored under it ('' = none):
-- its request data stays and 'acked' keeps '<token> <status>', so a resume whose item store lacks them fetches
-- the page again (REQUEUE_ACKS_LUA). token: the lease's fencing token ('' = not checked, a Crawlee client's).
local function settle(worker, id, host, outcome, reason, status, items_fence, token, now, dirty, tally)
  if not own_lease(id, token) then return 0 end
  local state, changed = redis.call('HGET', k('st'), id), true
  if state == 'l' then
    -- A token that is the request's last names the lease the last pick gave, so its holder too: only an
    -- unfenced settle (a Crawlee client's update of a request it never locked) asks whose the lease is.
    if token == '' and redis.call('HGET', k('lw'), id) ~= worker then return 0 end
    host, changed = drop_lease(id, host)
  elseif state == 'p' then
    host = host or redis.call('HGET', k('host'), id)
    redis.call('ZREM', hk('q', host), id)
    redis.call('ZREM', hk('d', host), id)
  else
    return 0
  end
  redis.call('HSET', k('st'), id, outcome == 'succeeded' and 's' or 'f')
  count(tally, 'ledger|' .. outcome, 1)
  count(tally, 'ledger|h:' .. host .. ':' .. outcome, 1)
  if outcome == 'failed' then
    count(tally, 'reasons|' .. reason, 1)
    -- Per host too (a host key holds no space): a host lost before a resume or on another worker is named by whoever ends the run.
    count(tally, 'hostreasons|' .. host .. ' ' .. reason, 1)
  end
  if status ~= '' then count(tally, 'statuses|' .. status, 1) end
  if outcome == 'failed' then
    redis.call('HSET', k('fail'), id, cjson.encode({ req = redis.call('HGET', k('req'), id), reason = reason,
      status = tonumber(status), attempt = tonumber(redis.call('HGET', k('att'), id) or '0'), at = now }))
    redis.call('ZADD', k('fails'), tonumber(id), id)
  end
  if outcome == 'succeeded' and items_fence ~= '' then
    redis.call('HSET', k('acked'), id, items_fence .. ' ' .. status)
  else
    redis.call('HDEL', k('req'), id)
  end
  redis.call('HDEL', k('att'), id, id .. '#f')
  if changed then dirty[host] = true end
  return 1
end
`;
