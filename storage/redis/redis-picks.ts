// One pick round trip: up to frontier.pickBatch leases reserved in Redis, the rest of the answer read as empty, unseeded or wait.
import { steadyNowMs } from '../../src/politeness/clock';
import type { Lease, Pick } from '../../src/ports/frontier';
import type { PickedLeases } from './picked-leases';
import type { RedisBatch } from './redis-batch';
import type { RedisFrontierOptions } from './redis-frontier-options';
import type { RedisSeeding } from './redis-seeding';
import type { LeaseReply, PickReply } from './redis-slot-ops';

export interface PickParts {
  batch: RedisBatch;
  picked: PickedLeases;
  seeding: RedisSeeding;
  settings: RedisFrontierOptions['settings'];
  random: () => number;
  /** A lease reply made a Lease this worker holds. */
  toLease: (reply: LeaseReply) => Lease;
}

export async function pickMore(parts: PickParts): Promise<Pick> {
  const { leaseTtlMs, pollMs, pickBatch } = parts.settings;
  const { random } = parts;
  const reply = parts.batch.call(['P', leaseTtlMs, pollMs, pickBatch, ...Array.from({ length: pickBatch }, () => random())]);
  parts.batch.flush();
  const replies = (await reply) as PickReply[];
  const receivedAtMs = steadyNowMs();
  for (const pick of replies) if (pick[0] === 'lease') parts.picked.push(parts.toLease(pick), receivedAtMs);
  const lease = parts.picked.take();
  if (lease) return { type: 'lease', lease };
  const last = replies[replies.length - 1];
  if (last[0] === 'empty') return { type: 'empty' };
  if (last[0] === 'unseeded') return parts.seeding.unseeded(pollMs);
  if (last[0] !== 'wait') return { type: 'wait', atMs: steadyNowMs() };
  // Polled sooner than the earliest host opens (other workers may add work); that host's own time is
  // what tells the engine a far server wait (frontier.maxIdleWaitMs) from a short one.
  const readyAtMs = last[2] === undefined ? undefined : receivedAtMs + Number(last[2]);
  return { type: 'wait', atMs: steadyNowMs() + Number(last[1]), readyAtMs };
}
