// The whole-host rule on real counters: which hosts count as lost, and which drops still mean the host gave its items.
import { describe, expect, it } from 'vitest';
import { lostHostHint, lostHosts, notePageYield, noteProxied, noteSettled } from '../../src/engine/lost-hosts';
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
    expect(lost).toEqual({ 'unpriced.example': { planned: 2, succeeded: 2, failedByReason: {}, lastErrorByReason: {}, droppedByReason: { 'price/missing': 2 } } });
    expect(lostHostHint(lost['unpriced.example'])).toBe('every item dropped: its prices unreadable?');
  });

  it("a host whose every item the run holds at another price from another host of its site (a market on a subdomain) is lost, and the hint says why (before: counted as kept, exit 0)", () => {
    const stats = new Stats();
    twoPagesDropped(stats, 'fr.shop.example', 'duplicate/price-differs');
    const lost = lostHosts(ledger({ 'fr.shop.example': { planned: 2, succeeded: 2, failed: 0, pending: 0 } }), stats);
    expect(lost).toEqual({ 'fr.shop.example': { planned: 2, succeeded: 2, failedByReason: {}, lastErrorByReason: {}, droppedByReason: { 'duplicate/price-differs': 2 } } });
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

describe('the hint of a host nothing reached', () => {
  /** A host whose `n` requests failed with `reason` after their last try met `lastError`. */
  const hintAfter = (reason: string, lastError: string | undefined, n = 2) => {
    const stats = new Stats();
    for (let i = 0; i < n; i++) noteSettled(stats, 'shop.example', reason, lastError);
    const lost = lostHosts(ledger({ 'shop.example': { planned: n, succeeded: 0, failed: n, pending: 0 } }), stats)['shop.example'];
    return lostHostHint(lost);
  };

  it('names the transport failure the retries ran out on, and what to check (before: "block pages or errors on every try: blocked?")', () => {
    expect(hintAfter('retry/exhausted', 'fetch/connection-refused')).toMatch(/^connection refused on every try: nothing listens there .*check the URL answers from this machine$/);
    expect(hintAfter('retry/exhausted', 'fetch/timeout')).toMatch(/^timed out on every try/);
    expect(hintAfter('retry/exhausted', 'fetch/connect-timeout')).toMatch(/^timed out on every try/);
    expect(hintAfter('fetch/dns', undefined)).toMatch(/^its host name does not resolve \(DNS failure\): check the name's spelling/);
    expect(hintAfter('fetch/tls', undefined)).toMatch(/^the TLS handshake failed .*check the site's certificate$/);
    expect(hintAfter('fetch/http2-only', undefined)).toMatch(/^it speaks only HTTP\/2 .*fetch it with the browser/);
    expect(hintAfter('robots/unavailable', 'fetch/connection-refused')).toMatch(/^robots\.txt could not be read: connection refused on every try/);
  });

  it('keeps a wall its own words: 403, 429 waits run out, block pages, a robots.txt behind a wall', () => {
    expect(hintAfter('http/403', undefined)).toBe('refused: blocked?');
    expect(hintAfter('retry/deferrals-exhausted', 'http/429')).toBe('block pages or errors on every try: blocked?');
    expect(hintAfter('retry/exhausted', 'block/captcha')).toBe('block pages or errors on every try: blocked?');
    expect(hintAfter('robots/unavailable', 'block-page/403')).toBe('robots.txt could not be read (down, or a bot wall in its place)');
    // A summary stored before the last errors were counted reads as it did.
    expect(lostHostHint({ planned: 2, succeeded: 0, failedByReason: { 'retry/exhausted': 2 }, droppedByReason: {} })).toBe('block pages or errors on every try: blocked?');
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

  it('through proxies, a failure a proxy makes as readily as the site names the proxies too; one the proxy named as its own, or a direct crawl, does not', () => {
    const stats = new Stats();
    for (const [host, lastError] of [['five.example', 'http/502'], ['silent.example', 'fetch/timeout'], ['refused.example', 'fetch/proxy-auth'], ['direct.example', 'http/502']]) {
      if (host !== 'direct.example') noteProxied(stats, host, '10.0.0.7:8080');
      noteSettled(stats, host, host === 'refused.example' ? lastError : 'retry/exhausted', lastError);
    }
    const counts = { planned: 1, succeeded: 0, failed: 1, pending: 0 };
    const lost = lostHosts(ledger({ 'five.example': counts, 'silent.example': counts, 'refused.example': counts, 'direct.example': counts }), stats);
    expect(lost['five.example'].proxies).toEqual(['10.0.0.7:8080']);
    expect(lostHostHint(lost['five.example'])).toMatch(/^server errors \(5xx\) on every try.*; or our proxy: every request went through 10\.0\.0\.7:8080/);
    expect(lostHostHint(lost['silent.example'])).toContain('; or our proxy: every request went through 10.0.0.7:8080');
    expect(lostHostHint(lost['refused.example'])).toBe('our proxies failed (unreachable, refusing our credentials or the tunnel): check the proxy settings');
    expect(lost['direct.example'].proxies).toBeUndefined();
    expect(lostHostHint(lost['direct.example'])).not.toContain('proxy');
  });
});
