// The breaker state machine on a manual clock: opening, Retry-After, one probe, closing, longer capped cooldowns.
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/politeness/clock';
import { HostBreaker } from '../../src/politeness/host-breaker';

const config = { threshold: 3, cooldownMs: 1000, cooldownMultiplier: 2, maxCooldownMs: 3000 };
const PROBE_TIMEOUT_MS = 5000;

function tripped(clock: ManualClock): HostBreaker {
  const breaker = new HostBreaker(config, PROBE_TIMEOUT_MS);
  for (const id of ['a', 'b', 'c']) breaker.onThrottle(clock.nowMs(), id, null);
  return breaker;
}

describe('HostBreaker', () => {
  it('opens after `threshold` consecutive throttles, and a success in between resets the streak', () => {
    const clock = new ManualClock(10_000);
    const breaker = new HostBreaker(config, PROBE_TIMEOUT_MS);
    expect(breaker.onThrottle(clock.nowMs(), 'a', null)).toBeNull();
    expect(breaker.onThrottle(clock.nowMs(), 'b', null)).toBeNull();
    expect(breaker.onSuccess('c')).toBeNull();
    expect(breaker.onThrottle(clock.nowMs(), 'd', null)).toBeNull();
    expect(breaker.onThrottle(clock.nowMs(), 'e', null)).toBeNull();
    expect(breaker.onThrottle(clock.nowMs(), 'f', null)).toEqual({ from: 'closed', to: 'open', untilMs: 11_000, cooldownMs: 1000 });
    expect(breaker.state).toBe('open');
  });

  it('stays open for max(cooldown, Retry-After), parking requests and pausing the host', () => {
    const clock = new ManualClock(10_000);
    const breaker = new HostBreaker(config, PROBE_TIMEOUT_MS);
    breaker.onThrottle(clock.nowMs(), 'a', null);
    breaker.onThrottle(clock.nowMs(), 'b', null);
    expect(breaker.onThrottle(clock.nowMs(), 'c', 14_000)?.untilMs).toBe(14_000);
    clock.advance(3999);
    expect(breaker.gate(clock.nowMs(), 'x').gate).toEqual({ type: 'wait', untilMs: 14_000, pauseHost: true });
  });

  it('lets exactly one probe through when the cooldown ends; the others wait without pausing the host', () => {
    const clock = new ManualClock(0);
    const breaker = tripped(clock);
    clock.set(1000);
    expect(breaker.gate(clock.nowMs(), 'probe')).toEqual({ gate: { type: 'pass', probe: true }, transition: { from: 'open', to: 'half-open' } });
    const other = breaker.gate(clock.advance(5), 'other').gate;
    expect(other).toMatchObject({ type: 'wait', pauseHost: false });
    expect(breaker.gate(clock.nowMs(), 'another').gate.type).toBe('wait');
    expect(breaker.state).toBe('half-open');
  });

  it('closes on a good probe and starts the next opening from the base cooldown', () => {
    const clock = new ManualClock(0);
    const breaker = tripped(clock);
    clock.set(1000);
    breaker.gate(clock.nowMs(), 'probe');
    expect(breaker.onSuccess('probe')).toEqual({ from: 'half-open', to: 'closed' });
    expect(breaker.gate(clock.nowMs(), 'next').gate).toEqual({ type: 'pass', probe: false });
    for (const id of ['a', 'b', 'c']) breaker.onThrottle(clock.nowMs(), id, null);
    expect(breaker.openUntil).toBe(2000);
  });

  it('re-opens on a failed probe with a multiplied cooldown, capped at maxCooldownMs', () => {
    const clock = new ManualClock(0);
    const breaker = tripped(clock);
    const cooldowns: number[] = [];
    for (let round = 0; round < 4; round++) {
      clock.set(breaker.openUntil);
      expect(breaker.gate(clock.nowMs(), `probe${round}`).gate).toEqual({ type: 'pass', probe: true });
      const transition = breaker.onThrottle(clock.nowMs(), `probe${round}`, null);
      expect(transition).toMatchObject({ from: 'half-open', to: 'open' });
      cooldowns.push(transition?.cooldownMs ?? -1);
    }
    expect(cooldowns).toEqual([2000, 3000, 3000, 3000]);
  });

  it('re-opens when the probe fails in transport, and ignores errors of other requests', () => {
    const clock = new ManualClock(0);
    const breaker = tripped(clock);
    clock.set(1000);
    breaker.gate(clock.nowMs(), 'probe');
    expect(breaker.onProbeError(clock.nowMs(), 'someone-else')).toBeNull();
    expect(breaker.onProbeError(clock.nowMs(), 'probe')).toMatchObject({ to: 'open', untilMs: 3000 });
  });

  it('lets another request probe when the probe never reports back', () => {
    const clock = new ManualClock(0);
    const breaker = tripped(clock);
    clock.set(1000);
    breaker.gate(clock.nowMs(), 'lost');
    expect(breaker.gate(clock.advance(PROBE_TIMEOUT_MS - 1), 'x').gate.type).toBe('wait');
    expect(breaker.gate(clock.advance(1), 'x').gate).toEqual({ type: 'pass', probe: true });
    expect(breaker.onSuccess('lost')).toBeNull();
    expect(breaker.onSuccess('x')).toEqual({ from: 'half-open', to: 'closed' });
  });

  it('a throttle that arrives while open only lengthens the pause', () => {
    const clock = new ManualClock(0);
    const breaker = tripped(clock);
    expect(breaker.onThrottle(10, 'late', 500)).toBeNull();
    expect(breaker.openUntil).toBe(1000);
    expect(breaker.onThrottle(10, 'late', 7000)).toBeNull();
    expect(breaker.openUntil).toBe(7000);
  });
});
