// The whole-host rule on real counters: which hosts count as lost, and which drops still mean the host gave its items.
import { describe, expect, it } from 'vitest';
import { lostHostHint, lostHosts, notePageYield, noteSettled } from '../../src/engine/lost-hosts';
import { Stats } from '../../src/engine/stats';
import type { LedgerSummary } from '../../src/ports/frontier';

function ledger(byHost: LedgerSummary['byHost']): LedgerSummary {
  const sum = (key: 'planned' | 'succeeded' | 'failed' | 'pending') => Object.values(byHost).reduce((n, c) => n + c[key], 0);
  return { planned: sum('planned'), succeeded: sum('succeeded'), failed: sum('failed'), pending: sum('pending'), failedByReason: {}, byHost, byStatus: {} };
}

/** Two pages of `host` settled, each yielding one item the pipeline dropped for `reason`. */
function twoPagesDropped(stats: Stats, host: string, reason: string): void {
  for (let page = 0; page < 2; page++) {
    notePageYield(stats, host, { items: 0, droppedByReason: { [reason]: 1 }, linksOut: 0 });
    noteSettled(stats, host, null);
  }
}

describe('lostHosts', () => {
  it('a host whose every item was a duplicate (its SKUs already stored from a mirror) gave them: not lost (before: lost as "every item dropped")', () => {
    const stats = new Stats();
    twoPagesDropped(stats, 'mirror.example', 'duplicate');
    twoPagesDropped(stats, 'unpriced.example', 'price/missing');
    const counts = { planned: 2, succeeded: 2, failed: 0, pending: 0 };
    const lost = lostHosts(ledger({ 'mirror.example': counts, 'unpriced.example': counts }), stats);
    expect(lost).toEqual({ 'unpriced.example': { planned: 2, succeeded: 2, failedByReason: {}, droppedByReason: { 'price/missing': 2 } } });
    expect(lostHostHint(lost['unpriced.example'])).toBe('every item dropped: its prices unreadable?');
  });

  it("a host whose every item the run holds at another price from another host of its site (a market on a subdomain) is lost, and the hint says why (before: counted as kept, exit 0)", () => {
    const stats = new Stats();
    twoPagesDropped(stats, 'fr.shop.example', 'duplicate/price-differs');
    const lost = lostHosts(ledger({ 'fr.shop.example': { planned: 2, succeeded: 2, failed: 0, pending: 0 } }), stats);
    expect(lost).toEqual({ 'fr.shop.example': { planned: 2, succeeded: 2, failedByReason: {}, droppedByReason: { 'duplicate/price-differs': 2 } } });
    expect(lostHostHint(lost['fr.shop.example'])).toMatch(/^every item's SKU was already stored from another host of the same site at another price: markets on subdomains.*state `site` on the items/);
  });

  it("names robots.txt's own causes: a Crawl-delay we cannot keep, a file we could not read", () => {
    const hint = (reason: string) => lostHostHint({ planned: 2, succeeded: 0, failedByReason: { [reason]: 2 }, droppedByReason: {} });
    expect(['robots/crawl-delay-too-long', 'robots/crawl-delay-unreadable', 'robots/unavailable'].map(hint)).toEqual([
      'robots.txt asks for a Crawl-delay we cannot keep (too long, or unreadable)',
      'robots.txt asks for a Crawl-delay we cannot keep (too long, or unreadable)',
      'robots.txt could not be read (down, or a bot wall in its place)',
    ]);
  });

  it('a host with work still pending, or none of its requests settled in this process, is not judged', () => {
    const stats = new Stats();
    noteSettled(stats, 'waiting.example', 'http/503');
    const lost = lostHosts(ledger({ 'waiting.example': { planned: 2, succeeded: 0, failed: 1, pending: 1 }, 'earlier.example': { planned: 3, succeeded: 3, failed: 0, pending: 0 } }), stats);
    expect(lost).toEqual({});
  });
});

describe('lostHosts with successes this process did not see', () => {
  it('a host whose listing succeeded on another worker (or before a resume) and whose products failed here is not judged; one failed everywhere is', () => {
    const stats = new Stats();
    for (let page = 0; page < 3; page++) noteSettled(stats, 'split.example', 'http/404');
    noteSettled(stats, 'walled.example', 'http/403');
    const lost = lostHosts(ledger({ 'split.example': { planned: 4, succeeded: 1, failed: 3, pending: 0 }, 'walled.example': { planned: 2, succeeded: 0, failed: 2, pending: 0 } }), stats);
    // Before: split.example was reported lost (exit 4) by the worker that only saw its failures.
    expect(Object.keys(lost)).toEqual(['walled.example']);
  });
});
