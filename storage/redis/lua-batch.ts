// Lua for one worker's batch: the sends, releases, cancels, settles and picks of one event-loop turn in one script call.
import { LUA_OPS } from './lua-ops';
import { LUA_PRELUDE, RUN_KEPT_LUA } from './lua-prelude';

/**
 * ARGV: worker, then ops in the order the worker made them, each an opcode and its arguments:
 *   S id reservedAtMs nextOpenAtMs                 markSent
 *   R id                                            releaseSlot
 *   C id serial nextOpenAtMs previousNextOpenAtMs   cancelReservation
 *   H id outcome reason status                      settle (succeeded | failed; status '' = none)
 *   P leaseTtlMs pollMs n rand_1 .. rand_n          pick up to n leases
 *   B id host rand maxConcurrency minIntervalMs jitterMs marginMs   book a redirect hop's slot (see book_hop)
 * Returns one reply per op: 1/0 for S, R, C, H; book_hop's reply for B; for P a list of pick replies (see pick_one) whose last one
 * alone may be a 'wait' or 'empty'. One TIME, one reap per pick, each touched host re-scored once, ledger
 * counters written once: the same steps as the one-op scripts, at a fraction of their cost.
 */
export const BATCH_LUA = `${LUA_PRELUDE}${LUA_OPS}${RUN_KEPT_LUA}
local worker = ARGV[1]
local now, dirty, tally, out = now_ms(), {}, {}, {}
local i = 2
while i <= #ARGV do
  local op = ARGV[i]
  if op == 'S' then
    out[#out + 1] = mark_sent(ARGV[i + 1], tonumber(ARGV[i + 2]), tonumber(ARGV[i + 3]), now, dirty)
    i = i + 4
  elseif op == 'R' then
    out[#out + 1] = release(ARGV[i + 1], now, dirty)
    i = i + 2
  elseif op == 'C' then
    out[#out + 1] = cancel(ARGV[i + 1], tonumber(ARGV[i + 2]), tonumber(ARGV[i + 3]), tonumber(ARGV[i + 4]), dirty)
    i = i + 5
  elseif op == 'H' then
    out[#out + 1] = settle(worker, ARGV[i + 1], ARGV[i + 2], ARGV[i + 3], ARGV[i + 4], now, dirty, tally)
    i = i + 5
  elseif op == 'B' then
    local a = function(n) return tonumber(ARGV[i + n]) end
    out[#out + 1] = book_hop(ARGV[i + 1], ARGV[i + 2], a(3), a(4), a(5), a(6), a(7), now, dirty)
    i = i + 8
  elseif op == 'P' then
    local ttl, poll, n = tonumber(ARGV[i + 1]), tonumber(ARGV[i + 2]), tonumber(ARGV[i + 3])
    reap(now, 100)
    local picks = {}
    for j = 1, n do
      local reply = pick_one(worker, ttl, tonumber(ARGV[i + 3 + j]), poll, now, dirty, j > 1)
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
