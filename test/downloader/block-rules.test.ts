// Block page rules: default markers, pages that only look suspicious, statuses, per-host rules, the scan window.
import { describe, expect, it } from 'vitest';
import { BlockRules } from '../../src/downloader/block-rules';
import { settingsSchema } from '../../src/settings/schema';

const rules = (blockDetection: Record<string, unknown> = {}) => new BlockRules(settingsSchema.parse({ blockDetection }).blockDetection);

describe('BlockRules', () => {
  it.each([
    '<html><head><title>Access Denied</title></head><body>Reference #18.2f</body></html>',
    '<title>Just a moment...</title><script src="/cdn-cgi/challenge-platform/h/b/orchestrate/jsch/v1"></script>',
    '<title>Attention Required! | Cloudflare</title>',
    '<TITLE>Are you a robot?</TITLE>',
    '<div id="px-captcha"></div>',
    '<script src="/_Incapsula_Resource?SWJIYLWA=719d34d31c8e3a6e6fffd425f7e032f3"></script>',
  ])('detects the block page %#', (page) => {
    expect(rules().detect('shop:80', { status: 200, text: page })).not.toBeNull();
  });

  it('leaves a product page with a captcha on its review form alone', () => {
    const page = '<title>Blue kettle | Shop</title><main data-sku="K1"><span class="price">$19.99</span></main><form id="review"><div class="g-recaptcha"></div></form>';
    expect(rules().detect('shop:80', { status: 200, text: page })).toBeNull();
  });

  it('treats configured statuses as blocks whatever the body', () => {
    expect(rules({ statuses: [999] }).detect('shop:80', { status: 999, text: '' })).toEqual({ rule: 'status/999' });
    expect(rules({ statuses: [999] }).detect('shop:80', { status: 200, text: '<p>fine</p>' })).toBeNull();
  });

  it('lets a host replace the patterns and statuses, field by field', () => {
    const perHost = rules({ hosts: { 'odd.shop:80': { patterns: ['please verify you are human'], statuses: [403] } } });
    expect(perHost.detect('odd.shop:80', { status: 200, text: '<p>Please verify you are human</p>' })).toEqual({ rule: 'please verify you are human' });
    expect(perHost.detect('odd.shop:80', { status: 403, text: '' })).toEqual({ rule: 'status/403' });
    expect(perHost.detect('odd.shop:80', { status: 200, text: '<title>Access denied</title>' })).toBeNull();
    expect(perHost.detect('other.shop:80', { status: 200, text: '<title>Access denied</title>' })).not.toBeNull();
    expect(perHost.detect('other.shop:80', { status: 403, text: '' })).toBeNull();
  });

  it('only scans the first scanChars of the page', () => {
    const late = `${'x'.repeat(200)}<title>Access denied</title>`;
    expect(rules({ scanChars: 100 }).detect('shop:80', { status: 200, text: late })).toBeNull();
    expect(rules({ scanChars: 1000 }).detect('shop:80', { status: 200, text: late })).not.toBeNull();
  });

  it('answers a repeated question like the first time, and never reuses an answer for another host, status or body', () => {
    // One instance is shared by several middlewares and keeps its answers; the answer must depend on the question only.
    const shared = rules({ statuses: [999], hosts: { 'odd.shop:80': { patterns: ['please verify'] } } });
    const block = '<title>Access denied</title>';
    const fine = '<title>Kettle</title>';
    const question = { status: 200, text: block };
    const first = shared.detect('shop:80', question);
    expect(first).not.toBeNull();
    expect(shared.detect('shop:80', question)).toEqual(first);
    expect(shared.detect('shop:80', { status: 200, text: block })).toEqual(first);
    expect(shared.detect('odd.shop:80', { status: 200, text: block })).toBeNull();
    expect(shared.detect('shop:80', { status: 200, text: fine })).toBeNull();
    expect(shared.detect('shop:80', { status: 999, text: fine })).toEqual({ rule: 'status/999' });
    expect(shared.detect('shop:80', { status: 200, text: fine })).toBeNull();
    expect(shared.detect('shop:80', { status: 200, text: `${block}` })).not.toBeNull();
    expect(shared.detect('odd.shop:80', { status: 200, text: '<p>Please verify</p>' })).toEqual({ rule: 'please verify' });
  });

  it('scans each response once when the questions about concurrent responses interleave', () => {
    // Four middlewares ask about each response; the chains of two responses advance in turns.
    const shared = rules();
    const pages = [{ status: 200, text: '<title>Kettle</title>' }, { status: 200, text: '<title>Access denied</title>' }];
    const answers = [0, 1, 2, 3].flatMap(() => pages.map((page) => shared.detect('shop:80', page)));
    expect(answers.map((match) => match !== null)).toEqual([false, true, false, true, false, true, false, true]);
    expect(shared.scanCount).toBe(2);
  });

  it('rescans a question object whose body changed since it was answered', () => {
    const shared = rules();
    const page = { status: 200, text: '<title>Kettle</title>' };
    expect(shared.detect('shop:80', page)).toBeNull();
    page.text = '<title>Access denied</title>';
    expect(shared.detect('shop:80', page)).not.toBeNull();
    expect(shared.scanCount).toBe(2);
  });

  it('rejects a pattern that is not a regular expression, naming the setting', () => {
    const parsed = settingsSchema.safeParse({ blockDetection: { patterns: ['(unclosed'] } });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].path).toEqual(['blockDetection', 'patterns', 0]);
  });
});
