// Redirect walls: a vendor's host or a root challenge path, or a gate naming the page to return to; moves and product slugs are not walls.
import { describe, expect, it } from 'vitest';
import { BlockRules } from '../../src/downloader/block-rules';
import { OffsiteHopError, RedirectChainError } from '../../src/core/errors';
import { settingsSchema } from '../../src/settings/schema';

const rules = (blockDetection: Record<string, unknown> = {}) => new BlockRules(settingsSchema.parse({ blockDetection }).blockDetection);
const PAGE = 'https://shop.example/p/1';
const hop = (to: string, from = PAGE) => rules().detectWallHop('shop.example', PAGE, new OffsiteHopError('OFFSITE_REDIRECT', from, to));
const landing = (url: string, redirectChain = [PAGE]) => rules().detect('shop.example', { status: 200, text: '<title>Shop</title>', url, redirectChain });

describe('wall redirects', () => {
  it.each([
    'https://validate.perfdrive.com/9a1f/captcha?ssa=5e2f&ssc=https%3A%2F%2Fshop.example%2Fp%2F1',
    'https://shop.queue-it.net/?c=shop&e=sale&t=https%3A%2F%2Fshop.example%2Fp%2F1',
    'https://geo.captcha-delivery.com/captcha/?initialCid=AHrl',
    'https://gate.example/?returnUrl=https%3A%2F%2Fshop.example%2Fp%2F1%3Futm%3Dx',
    'https://sso.example/login?Return_To=%2Fp%2F1',
  ])('reads a hop to %s as a wall', (to) => {
    expect(hop(to)).not.toBeNull();
  });

  it.each([
    'https://other-brand.example/p/1',
    'https://other-brand.example/products/challenge-coin',
    'https://other-brand.example/p/2?returnUrl=%2Fp%2F9',
    'https://other-brand.example/p/1?from=%2Fp%2F1',
    'https://notperfdrive.com.example/p/1',
  ])('reads a hop to %s as a plain move', (to) => {
    expect(hop(to)).toBeNull();
  });

  it('reads a landing on the shop\'s own /challenge or a return-to gate as a block, a moved product as a page', () => {
    expect(landing('https://shop.example/challenge?x=1')?.rule).toMatch(/^redirect\//);
    expect(landing('https://shop.example/verify?next=https%3A%2F%2Fshop.example%2Fp%2F1')?.rule).toBe('redirect/return-param/next');
    expect(landing('https://shop.example/products/challenge')).toBeNull();
    expect(landing('https://shop.example/challenge', [])).toBeNull(); // asked for, not redirected to
  });

  it('reads the page sent back to its own path with a return parameter (a cookie check) as the page; another path naming it is a gate', () => {
    expect(landing('https://shop.example/p/1?return=%2Fp%2F1')).toBeNull();
    expect(landing('https://shop.example/p/1?returnUrl=https%3A%2F%2Fshop.example%2Fp%2F1&cc=1', ['https://shop.example/p/1?utm=x'])).toBeNull();
    expect(landing('https://shop.example/p/1/?return=%2Fp%2F1')?.rule).toBe('redirect/return-param/return');
    expect(landing('https://shop.example/check?return=%2Fp%2F1')?.rule).toBe('redirect/return-param/return');
  });

  it('reads a redirect loop or an over-long chain through a wall as a block, a site\'s own loop as none', () => {
    const stopped = (chain: string[], to: string, code: 'FETCH_REDIRECT_LOOP' | 'FETCH_TOO_MANY_REDIRECTS' = 'FETCH_REDIRECT_LOOP') => rules().detectWallHop('shop.example', PAGE, new RedirectChainError(code, chain, to, 'stopped'));
    expect(stopped([PAGE, 'https://shop.example/verify?returnUrl=%2Fp%2F1'], PAGE)?.rule).toBe('redirect/return-param/returnUrl');
    expect(stopped([PAGE, 'https://shop.example/p/1/', 'https://shop.example/challenge?id=7'], PAGE, 'FETCH_TOO_MANY_REDIRECTS')?.rule).toMatch(/^redirect\//);
    expect(stopped([PAGE, 'https://shop.example/p/1/'], PAGE)).toBeNull();
    expect(stopped([PAGE, 'https://shop.example/p/1?return=%2Fp%2F1'], 'https://shop.example/p/1?return=%2Fp%2F1')).toBeNull();
  });

  it('keeps to a host\'s own rules, and none when emptied', () => {
    const custom = rules({ hosts: { 'shop.example': { redirectPatterns: ['/wartezimmer'], returnParams: [] } } });
    const ask = (to: string) => custom.detectWallHop('shop.example', PAGE, new OffsiteHopError('OFFSITE_REDIRECT', PAGE, to));
    expect(ask('https://q.example/wartezimmer?id=1')).not.toBeNull();
    expect(ask('https://validate.perfdrive.com/x')).toBeNull();
    expect(ask('https://gate.example/?returnUrl=%2Fp%2F1')).toBeNull();
  });
});
