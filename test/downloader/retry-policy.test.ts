// The retry decision table: transient vs terminal, the attempt cap, Retry-After, full-jitter backoff.
import { describe, expect, it } from 'vitest';
import { backoffMs, decideRetry } from '../../src/downloader/retry-policy';
import { settingsSchema } from '../../src/settings/schema';

const config = settingsSchema.parse({ retry: { backoffBaseMs: 100, backoffCapMs: 1000 } }).retry;
const NOW = 50_000;
const half = () => 0.5;
const status = (code: number, retryAfterAtMs: number | null = null) => ({ kind: 'status' as const, status: code, retryAfterAtMs });

describe('decideRetry', () => {
  it.each([408, 500, 502, 503, 504, 520, 521, 522, 523, 524, 527, 530])('retries %i with backoff while sends remain', (code) => {
    expect(decideRetry(status(code), 0, NOW, config, half)).toEqual({ type: 'retry', reason: `http/${code}`, notBeforeMs: NOW + 50 });
  });

  it('waits out a 429 without Retry-After, attempts untouched, the backoff grown by the earlier waits', () => {
    expect(decideRetry(status(429), 0, NOW, config, half)).toEqual({ type: 'wait', reason: 'http/429', untilMs: NOW + 50, pauseHost: false });
    expect(decideRetry(status(429), 3, NOW, config, half, 2)).toEqual({ type: 'wait', reason: 'http/429', untilMs: NOW + 200, pauseHost: false });
  });

  it.each(['fetch/connection-reset', 'fetch/connection-refused', 'fetch/timeout'])('retries the transport error %s', (reason) => {
    expect(decideRetry({ kind: 'error', reason }, 1, NOW, config, half)).toMatchObject({ type: 'retry', reason });
  });

  it.each([403, 404, 410])('fails %i at once, even on the first send', (code) => {
    expect(decideRetry(status(code), 0, NOW, config, half)).toMatchObject({ type: 'fail', reason: `http/${code}` });
  });

  it('leaves other statuses and errors to the rest of the chain', () => {
    expect(decideRetry(status(200), 0, NOW, config, half)).toEqual({ type: 'pass' });
    expect(decideRetry(status(501), 0, NOW, config, half)).toEqual({ type: 'pass' });
    expect(decideRetry({ kind: 'error', reason: 'fetch/body-too-large' }, 0, NOW, config, half)).toEqual({ type: 'pass' });
  });

  // RFC 9110 §15: an unregistered status is read as its class's x00; one outside 100-599 is a refusal, sent again.
  it.each([598, 599, 999, 640])('retries the unlisted status %i, naming it as it came', (code) => {
    expect(decideRetry(status(code), 0, NOW, config, half)).toEqual({ type: 'retry', reason: `http/${code}`, notBeforeMs: NOW + 50 });
  });

  it("reads an unregistered 4xx as a 400 (the page's answer), and a listed status as itself", () => {
    expect(decideRetry(status(460), 0, NOW, config, half)).toEqual({ type: 'pass' });
    const listed = settingsSchema.parse({ retry: { failFastStatuses: [403, 404, 410, 598], statuses: [500, 460] } }).retry;
    expect(decideRetry(status(598), 0, NOW, listed, half)).toMatchObject({ type: 'fail', reason: 'http/598' });
    expect(decideRetry(status(460), 0, NOW, listed, half)).toMatchObject({ type: 'retry', reason: 'http/460' });
  });

  it('gives up as retry/exhausted on the maxAttempts-th send', () => {
    expect(decideRetry(status(503), 2, NOW, config, half).type).toBe('retry');
    expect(decideRetry(status(503), 3, NOW, config, half)).toMatchObject({ type: 'fail', reason: 'retry/exhausted' });
  });

  it('waits as Retry-After asks without counting an attempt, however many were used', () => {
    expect(decideRetry(status(429, NOW + 120_000), 0, NOW, config, half)).toEqual({ type: 'wait', reason: 'http/429', untilMs: NOW + 120_000, pauseHost: true });
    expect(decideRetry(status(503, NOW + 120_000), 3, NOW, config, half)).toEqual({ type: 'wait', reason: 'http/503', untilMs: NOW + 120_000, pauseHost: true });
    // A date in the past means now.
    expect(decideRetry(status(503, NOW - 5_000), 3, NOW, config, half)).toEqual({ type: 'wait', reason: 'http/503', untilMs: NOW, pauseHost: true });
  });

  it('backs off a 429 whose Retry-After names no wait (0, a past date) as one without: "too many requests" is still its word', () => {
    for (const atMs of [NOW, NOW - 5_000]) {
      expect(decideRetry(status(429, atMs), 3, NOW, config, half, 2)).toEqual({ type: 'wait', reason: 'http/429', untilMs: NOW + 200, pauseHost: false });
    }
  });

  it('uses the configured lists', () => {
    const custom = { ...config, statuses: [408], failFastStatuses: [401], errors: ['fetch/dns'] };
    expect(decideRetry(status(408), 0, NOW, custom, half).type).toBe('retry');
    expect(decideRetry(status(503), 0, NOW, custom, half).type).toBe('pass');
    expect(decideRetry(status(401), 0, NOW, custom, half).type).toBe('fail');
    expect(decideRetry({ kind: 'error', reason: 'fetch/dns' }, 0, NOW, custom, half).type).toBe('retry');
  });
});

describe('backoffMs (full jitter)', () => {
  it('spans [0, base * 2^attempt] and stops growing at the cap', () => {
    expect(backoffMs(0, config, () => 0)).toBe(0);
    expect(backoffMs(0, config, () => 0.999999)).toBe(100);
    expect(backoffMs(2, config, () => 0.999999)).toBe(400);
    expect(backoffMs(10, config, () => 0.999999)).toBe(1000);
    expect(backoffMs(5000, config, () => 0.5)).toBe(500);
  });
});
