// Which frontier a report reads a run's failed requests from: the one the run used, never one that would hold none of them.
import { describe, expect, it } from 'vitest';
import { runFrontierUrl } from '../../src/app/report/report-failures';
import { SettingsError } from '../../src/core/errors';
import type { RunRecord } from '../../src/ports/run-record-store';

const record = (frontierUrl: string | null): RunRecord => ({
  runId: 'r1', spider: 's', mode: 'discover', trigger: 'manual', pid: 1, startedAtMs: 0, endedAtMs: 1, outcome: 'finished', exitCode: 0,
  planned: 1, succeeded: 0, failed: 1, pending: 0, items: 0, settingsHash: 'h', error: null, summaryJson: null,
  settingsJson: frontierUrl === null ? null : JSON.stringify({ frontier: { url: frontierUrl } }),
});

describe('the frontier a report reads failures from', () => {
  it.each([
    ['an embedded run, nothing configured', '', '', ''],
    ['an embedded run, a Redis frontier configured now', '', 'redis://127.0.0.1:6380', ''],
    ['a Redis run, nothing configured: the one it recorded', 'redis://127.0.0.1:6379', '', 'redis://127.0.0.1:6379'],
    ['a Redis run, --frontier given', 'redis://127.0.0.1:6379', 'redis://10.0.0.5:6379', 'redis://10.0.0.5:6379'],
    ['a Redis run with a password, --frontier given', 'redis://***@127.0.0.1:6379', 'redis://:pw@127.0.0.1:6379', 'redis://:pw@127.0.0.1:6379'],
  ])('%s', (_name, used, configured, expected) => {
    expect(runFrontierUrl(record(used), configured)).toBe(expected);
  });

  it('a run recorded before its settings were: the embedded frontier', () => {
    expect(runFrontierUrl(record(null), '')).toBe('');
  });

  it('refuses a Redis run whose recorded URL has its password masked, naming --frontier', () => {
    expect(() => runFrontierUrl(record('redis://***@127.0.0.1:6379'), '')).toThrow(SettingsError);
    expect(() => runFrontierUrl(record('redis://***@127.0.0.1:6379'), '')).toThrow(/pass --frontier <url>/);
  });
});
