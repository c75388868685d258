// Lua for one worker's batch: the sends, releases, cancels, settles and picks of one event-loop turn in one script call.
import { LUA_OPS } from './lua-ops';
import { LUA_PRELUDE, RUN_KEPT_LUA } from './lua-prelude';

/**
 * ARGV: worker, then ops in the order the worker made them, each an opcode and its arguments:
 *   S id host reservedAtMs nextOpenAtMs token                 markSent
 *   R id host token                                            releaseSlot
 *   C id host serial nextOpenAtMs previousNextOpenAtMs token   cancelReservation (token: the slot's lease's, see slot_of)
 *   H id host outcome reason status itemsFence token     settle (succeeded | failed; status, itemsFence '' = none; token: the lease's)
 * host is the slot's (or request's) host as the pick or hop booking told the worker: a request's host never
 * changes, so the script need not read it back ('' = read it).
 *   P leaseTtlMs pollMs n rand_1 .. rand_n          pick up to n leases
 *   B id host rand maxConcurrency minIntervalMs jitterMs marginMs   book a redirect hop's slot (see book_hop)
 *   W id host reservedAtMs                             a pause the host got after the slot was reserved (see paused_after)
 *   K host                                               an answer that is no throttling: ends the host's streak (see THROTTLED_LUA)
 * Returns one reply per op: 1/0 for S, R, C, H, K; book_hop's reply for B; ms of pause left (-1: none) for W; for P a list of pick replies (see pick_one) whose last one
 * alone may be a 'wait' or 'empty'. One TIME, one reap per pick, each touched host re-scored once, ledger
 * counters written once: the same steps as the one-op scripts, at a fraction of their cost.
 */
export const BATCH_LUA = `${LUA_PRELUDE}${LUA_OPS}${RUN_KEPT_LUA}
local worker = ARGV[1]
local now, dirty, tally, out = now_ms(), {}, {}, {}
local i = 2
while i <= #ARGV do
  local op = ARGV[i]
  -- The host of S, R, C and H ('' = unknown to the worker: the op reads it).
  local host = ARGV[i + 2] ~= '' and ARGV[i + 2] or nil
  if op == 'S' then
    out[#out + 1] = slot_of(ARGV[i + 1], ARGV[i + 5]) and mark_sent(ARGV[i + 1], host, tonumber(ARGV[i + 3]), tonumber(ARGV[i + 4]), now, dirty) or 0
    i = i + 6
  elseif op == 'R' then
    out[#out + 1] = slot_of(ARGV[i + 1], ARGV[i + 3]) and release(ARGV[i + 1], host, now, dirty) or 0
    i = i + 4
  elseif op == 'C' then
    out[#out + 1] = slot_of(ARGV[i + 1], ARGV[i + 6]) and cancel(ARGV[i + 1], host, tonumber(ARGV[i + 3]), tonumber(ARGV[i + 4]), tonumber(ARGV[i + 5]), dirty) or 0
    i = i + 7
  elseif op == 'H' then
    out[#out + 1] = settle(worker, ARGV[i + 1], host, ARGV[i + 3], ARGV[i + 4], ARGV[i + 5], ARGV[i + 6], ARGV[i + 7], now, dirty, tally)
    i = i + 8
  elseif op == 'B' then
    local a = function(n) return tonumber(ARGV[i + n]) end
    out[#out + 1] = book_hop(ARGV[i + 1], ARGV[i + 2], a(3), a(4), a(5), a(6), a(7), now, dirty)
    i = i + 8
  elseif op == 'W' then
    out[#out + 1] = paused_after(ARGV[i + 1], ARGV[i + 2], tonumber(ARGV[i + 3]), now)
    i = i + 4
  elseif op == 'K' then
    out[#out + 1] = redis.call('HDEL', hk('g', ARGV[i + 1]), 'bs')
    i = i + 2
  elseif op == 'P' then
    local ttl, poll, n = tonumber(ARGV[i + 1]), tonumber(ARGV[i + 2]), tonumber(ARGV[i + 3])
    -- The settles before it in the ledger first: a pick that finds nothing left checks the ledger (unbalanced_queue).
    flush_tally(tally, now)
    reap(now, 100)
    local picks = {}
    for j = 1, n do
      local reply = pick_one(worker, ttl, tonumber(ARGV[i + 3 + j]), poll, now, dirty, j > 1)
      -- The ops before it stand (settles are written): the run is stopped as lost all the same.
      if reply[1] == 'lost' then
        flush_tally(tally, now)
        rescore_dirty(dirty, now)
        return lost_reply(reply[2])
      end
      if reply[1] ~= 'lease' and #picks > 0 then break end
      picks[#picks + 1] = reply
      if reply[1] ~= 'lease' then break end
    end
    out[#out + 1] = picks
    i = i + 4 + n
  else
    return redis.error_reply('unknown batch op ' .. tostring(op))
  end
end
flush_tally(tally, now)
rescore_dirty(dirty, now)
return out
`;
