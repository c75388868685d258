// When a Redis slot reserved before its worker told the gate a Crawl-delay or a pause may go: a table of moments, no clock.
import { describe, expect, it } from 'vitest';
import { ChangesTold } from '../../storage/redis/changes-told';

const HOST = 'shop.test';
const MARGIN_MS = 10;

describe('ChangesTold', () => {
  it('a slot reserved under the configured 10 ms waits a Crawl-delay told after it, from the telling and from its previous send', () => {
    const told = new ChangesTold(MARGIN_MS);
    told.crawlDelay(HOST, 'http://shop.test', 250, 1_000);
    // Picked at 990: its previous send was at most 20 ms (10 + margin) before; told at 1000.
    expect(told.sendNotBeforeMs(HOST, 10, 990, 1_001)).toBe(1_000 + 260);
    // Picked long after the telling (a reply that took its time): 260 after its previous send at the latest.
    expect(told.sendNotBeforeMs(HOST, 10, 2_000, 2_001)).toBe(2_000 + 260 - 20);
    expect(told.sendNotBeforeMs(HOST, 10, 990, 1_260)).toBeNull();
  });

  it('a slot reserved under the Crawl-delay (Redis had it) goes at once', () => {
    const told = new ChangesTold(MARGIN_MS);
    told.crawlDelay(HOST, 'http://shop.test', 250, 1_000);
    expect(told.sendNotBeforeMs(HOST, 250, 1_005, 1_006)).toBeNull();
  });

  it('two stale slots of a host without an interval (Redis reserved both at once) go a Crawl-delay apart', () => {
    const told = new ChangesTold(MARGIN_MS);
    told.crawlDelay(HOST, 'http://shop.test', 250, 1_000);
    expect(told.sendNotBeforeMs(HOST, 0, 995, 1_260)).toBeNull();
    expect(told.sendNotBeforeMs(HOST, 0, 995, 1_261)).toBe(1_260 + 260);
    expect(told.sendNotBeforeMs(HOST, 0, 995, 1_520)).toBeNull();
  });

  it('the longest of the host\'s origins counts; a shorter one told later does not restart the wait', () => {
    const told = new ChangesTold(MARGIN_MS);
    told.crawlDelay(HOST, 'http://shop.test', 250, 1_000);
    told.crawlDelay(HOST, 'https://shop.test', 100, 1_100);
    expect(told.sendNotBeforeMs(HOST, 10, 990, 1_101)).toBe(1_260);
    // The longer file now says none: the shorter one, in force since the first, is what is left to wait.
    told.crawlDelay(HOST, 'http://shop.test', 0, 1_102);
    expect(told.sendNotBeforeMs(HOST, 10, 990, 1_103)).toBe(1_000 + 110);
  });

  it('a pause told after the pick holds the slot until it ends; one the pick came after does not', () => {
    const told = new ChangesTold(MARGIN_MS);
    told.pause(HOST, 5_000);
    expect(told.sendNotBeforeMs(HOST, 10, 1_000, 1_001)).toBe(5_000);
    expect(told.sendNotBeforeMs(HOST, 10, 5_002, 5_003)).toBeNull();
    expect(told.sendNotBeforeMs('other.test', 10, 1_000, 1_001)).toBeNull();
  });
});
