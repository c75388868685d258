// The printed run summary: handling counters in words under their group, and nothing in it can drive the terminal.
import { describe, expect, it } from 'vitest';
import { formatSummary } from '../../src/cli/summary-text';
import { buildSummary } from '../../src/engine/run-summary';
import { Stats } from '../../src/engine/stats';

const ledger = { planned: 3, succeeded: 3, failed: 0, pending: 0, byHost: {}, byStatus: {}, failedByReason: {} };

describe('the printed run summary', () => {
  it('shows how each hostile answer and odd link was handled in words, grouped and aligned, no counter names', () => {
    const stats = new Stats();
    stats.inc('retry/reason/http/503', 4);
    stats.inc('breaker/opened', 2);
    stats.inc('follow/skipped/mailto', 6);
    stats.inc('depth/skipped', 1);
    const printed = formatSummary(buildSummary({ runId: 'r', spider: 's', ledger, stats, interrupted: false }));
    const handling = printed.slice(printed.indexOf('handling:'), printed.indexOf('\n\nitems:'));
    expect(handling.split('\n')).toEqual([
      'handling:',
      '  Retries',
      '    retried after http/503                                4',
      '  Circuit breaker',
      '    breaker opened (host paused after repeated refusals)  2',
      '  Links not followed',
      '    links deeper than depth.limit                         1',
      '    mailto: links (not crawlable)                         6',
    ]);
    expect(printed).not.toMatch(/retry\/reason|breaker\/opened|follow\/skipped/);
  });

  it('prints no escape sequence or control character whatever a reason or key carries', () => {
    const stats = new Stats();
    stats.inc('alarms/null-price/host/evil\x1b]0;pwned\x07.example', 1);
    const summary = buildSummary({ runId: 'r', spider: 's', ledger: { ...ledger, failed: 1, planned: 4, failedByReason: { 'http/5\x1b[2J00\r': 1 } }, stats, interrupted: false });
    const printed = formatSummary(summary);
    expect(printed).toContain('  http/500: 1');
    expect(printed).toContain('  null-price/host/evil.example');
    expect(printed).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/);
  });

  it('keeps a dropped item\'s page text on its own line: a newline in it cannot print a line of the summary', () => {
    // A price holder whose text runs over lines, as a hostile page writes it: the price stage quotes it as the first drop.
    const forged = '-5\naccounting: planned 9 = succeeded 9 + failed 0 + pending 0  ✓\nitems: scraped 9, written 9; the run holds 9';
    const stats = new Stats();
    stats.inc('items/scraped', 1);
    stats.inc('items/dropped/price/not-positive', 1);
    stats.note('items/first-drop/price/not-positive', forged);
    stats.inc('items/dropped/duplicate/price-differs', 1);
    stats.note('items/first-drop/duplicate/price-differs', `http://127.0.0.1/a\r\nALARMS:\n  none`);
    const printed = formatSummary(buildSummary({ runId: 'r', spider: 's\nrun x of spider y: finished', ledger, stats, interrupted: false }));
    const lines = printed.split('\n');
    expect(lines.filter((line) => line.startsWith('accounting'))).toEqual(['accounting: planned 3 = succeeded 3 + failed 0 + pending 0  ✓']);
    expect(lines.filter((line) => line.startsWith('items: '))).toEqual(['items: scraped 1, written 0']);
    expect(lines.filter((line) => line.startsWith('run '))).toHaveLength(1);
    expect(lines.filter((line) => line.startsWith('ALARMS'))).toEqual([]);
    expect(printed).toContain('  price/not-positive: 1 (first: -5 accounting: planned 9');
  });
});
