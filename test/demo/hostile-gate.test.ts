// The hostile host's pace rules with exact times: 503 burst with an HTTP-date, 429 under the gap, CAPTCHA over the window.
import { describe, expect, it } from 'vitest';
import { HostileGate } from '../../demo/shops/hostile-gate';

const rules = { minGapMs: 30, rateLimitRetryAfterS: 1, windowMs: 1_000, windowMax: 3, burstAt: 100, burstLength: 2, stormAt: 200, stormLength: 3 };

describe('HostileGate', () => {
  it('answers 429 with Retry-After in seconds when two arrivals are closer than the gap', () => {
    const gate = new HostileGate(rules);
    expect(gate.admit(0)).toEqual({ type: 'pass' });
    expect(gate.admit(29)).toEqual({ type: 'rate-limited', retryAfter: '1' });
    expect(gate.admit(59)).toEqual({ type: 'pass' });
  });

  it('serves a CAPTCHA once the window holds too many arrivals, then counts afresh', () => {
    const gate = new HostileGate(rules);
    expect([0, 100, 200, 300, 400, 500, 600, 700].map((t) => gate.admit(t).type)).toEqual(['pass', 'pass', 'pass', 'captcha', 'pass', 'pass', 'pass', 'captcha']);
    // Arrivals older than the window no longer count.
    const slow = new HostileGate(rules);
    expect([0, 400, 800, 1_200, 1_600].map((t) => slow.admit(t).type)).toEqual(['pass', 'pass', 'pass', 'pass', 'pass']);
  });

  it('answers the burst arrivals 503 with an HTTP-date at the next whole second, whatever the pace', () => {
    const gate = new HostileGate({ ...rules, burstAt: 1 });
    const at = Date.UTC(2026, 10, 29, 12, 0, 0, 250);
    expect(gate.admit(at).type).toBe('pass');
    expect(gate.admit(at + 5)).toEqual({ type: 'unavailable', retryAfter: 'Sun, 29 Nov 2026 12:00:01 GMT' });
    expect(gate.admit(at + 2_000)).toEqual({ type: 'unavailable', retryAfter: 'Sun, 29 Nov 2026 12:00:03 GMT' });
    expect(gate.admit(at + 3_000).type).toBe('pass');
  });
});
