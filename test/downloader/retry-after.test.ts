// Retry-After parsing: delta-seconds, the three HTTP-date forms, "now", and garbage.
import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from '../../src/downloader/retry-after';

const NOW = Date.UTC(2026, 10, 29, 9, 0, 0);

describe('parseRetryAfter', () => {
  it.each([
    ['120', NOW + 120_000],
    [' 5 ', NOW + 5_000],
    ['0', NOW],
    // Given twice (an origin's and its CDN's), as a list or joined by commas as responses keep it: the longer wait.
    [['7', '9'], NOW + 9_000],
    ['120, 120', NOW + 120_000],
    ['5, 30', NOW + 30_000],
    ['soon, 30', NOW + 30_000],
    // Not delta-seconds, but a plain wait: read to the millisecond, rounded up, never shorter than asked.
    ['1.5', NOW + 1_500],
    ['0.0001', NOW + 1],
    ['2.0', NOW + 2_000],
  ])('reads delta-seconds %j', (header, expected) => {
    expect(parseRetryAfter(header, NOW)).toBe(expected);
  });

  it.each([
    ['Sun, 29 Nov 2026 09:00:30 GMT', NOW + 30_000],
    ['Sunday, 29-Nov-26 09:01:00 GMT', NOW + 60_000],
    ['Sun Nov 29 09:00:10 2026', NOW + 10_000],
  ])('reads the HTTP-date %j as GMT, against our wall clock when the answer has no Date', (header, expected) => {
    expect(parseRetryAfter(header, NOW, undefined, NOW)).toBe(expected);
  });

  it('reads a date that names no zone as GMT whatever zone the crawling machine is in, and one with a numeric offset by its offset', () => {
    const zone = process.env.TZ;
    try {
      for (const machineZone of ['America/Los_Angeles', 'Europe/Berlin', 'Asia/Kolkata', 'UTC']) {
        process.env.TZ = machineZone;
        expect([machineZone, parseRetryAfter('Sun, 29 Nov 2026 09:00:30', NOW, undefined, NOW)]).toEqual([machineZone, NOW + 30_000]);
        expect([machineZone, parseRetryAfter('Sunday, 29-Nov-26 09:01:00', NOW, undefined, NOW)]).toEqual([machineZone, NOW + 60_000]);
        // The answer's Date read the same way: a zone-less Date beside a GMT Retry-After moved the wait by the machine's offset.
        expect([machineZone, parseRetryAfter('Sun, 29 Nov 2026 09:00:30 GMT', NOW, 'Sun, 29 Nov 2026 09:00:00', NOW)]).toEqual([machineZone, NOW + 30_000]);
        expect([machineZone, parseRetryAfter('Sun, 29 Nov 2026 10:00:30 +0100', NOW, undefined, NOW)]).toEqual([machineZone, NOW + 30_000]);
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('reads dates given twice (their weekday commas kept), and a count beside a date, as the later end', () => {
    const twice = 'Sun, 29 Nov 2026 09:00:30 GMT, Sun, 29 Nov 2026 09:00:30 GMT';
    expect(parseRetryAfter(twice, NOW, undefined, NOW)).toBe(NOW + 30_000);
    expect(parseRetryAfter('Sunday, 29-Nov-26 09:01:00 GMT, 10', NOW, undefined, NOW)).toBe(NOW + 60_000);
    expect(parseRetryAfter('Sun, 29 Nov 2026 09:00:30 GMT', NOW, 'Sun, 29 Nov 2026 09:00:00 GMT, Sun, 29 Nov 2026 09:00:00 GMT', NOW + 3_600_000)).toBe(NOW + 30_000);
  });

  it('treats a date in the past as now', () => {
    expect(parseRetryAfter('Sat, 28 Nov 2026 09:00:00 GMT', NOW, undefined, NOW)).toBe(NOW);
  });

  it("counts an HTTP-date from the answer's own Date, so a server's wrong clock does not change the wait", () => {
    const wall = NOW + 3_600_000; // our wall clock an hour past the server's
    expect(parseRetryAfter('Sun, 29 Nov 2026 09:00:30 GMT', NOW, 'Sun, 29 Nov 2026 09:00:00 GMT', wall)).toBe(NOW + 30_000);
    expect(parseRetryAfter('Sun, 29 Nov 2026 09:00:30 GMT', NOW, 'Sun, 29 Nov 2026 10:00:00 GMT', wall)).toBe(NOW);
  });

  it('lands the wait on the caller\'s clock, which need not be the wall clock', () => {
    const steady = 5_000;
    expect(parseRetryAfter('Sun, 29 Nov 2026 09:00:30 GMT', steady, undefined, NOW)).toBe(steady + 30_000);
    expect(parseRetryAfter('Sun, 29 Nov 2026 09:00:30 GMT', steady, 'not a date', NOW)).toBe(steady + 30_000);
  });

  it.each([undefined, '', 'soon', '-5', '-1.5', '.5', '1.', '1.5e3', '10s', 'Sun, 99 Foo 2026 25:00:00 GMT', '2026-11-29', 'tomorrow 10:00:00'])(
    'returns null for %j so the caller falls back to backoff',
    (header) => {
      expect(parseRetryAfter(header, NOW)).toBeNull();
    },
  );

  it('does not cap a long wait', () => {
    expect(parseRetryAfter('86400', NOW)).toBe(NOW + 86_400_000);
    expect(parseRetryAfter('999999999999', NOW)).toBe(NOW + 999_999_999_999_000); // 31,700 years: still a date
  });

  it.each([
    ['9999999999999', undefined], // 317,000 years: past the last instant a Date can hold (8.64e15 ms)
    ['Sat, 13 Sep 275760 00:00:00 GMT', 'Thu, 01 Jan 1970 00:00:00 GMT'], // the last date, counted from a server clock at 1970
  ])('returns null for %j (Date %j): a wait past any date names no time to come back', (header, date) => {
    expect(parseRetryAfter(header, NOW, date, NOW)).toBeNull();
  });
});
