// Which failure reasons make a run lose work for transient reasons (exit 4) and which are the page's own answer.
import { describe, expect, it } from 'vitest';
import { failureKind, transientFailures } from '../../src/engine/failure-kind';

describe('failureKind', () => {
  it.each([
    'retry/exhausted', 'retry/deferrals-exhausted', 'http/429', 'http/503', 'http/500', 'http/408', 'http/421', 'http/425', 'http/499', 'http/529', 'fetch/timeout',
    'fetch/connection-reset', 'fetch/decompress', 'fetch/empty-body', 'fetch/dns', 'fetch/protocol', 'fetch/unsupported-coding', 'fetch/http2-only', 'robots/unavailable', 'items/write-failed', 'callback/timeout', 'parse/json-cut', 'parse/json-html', 'page/shared-body', 'http/999', 'http/600',
  ])('%s is transient', (reason) => expect(failureKind(reason)).toBe('transient'));

  it.each(['http/404', 'http/403', 'http/410', 'http/501', 'http/451', 'offsite', 'offsite/redirect', 'robots/disallowed', 'fetch/redirect-loop', 'fetch/body-too-large', 'callback/error', 'callback/unknown', 'parse/json-invalid'])(
    '%s is permanent',
    (reason) => expect(failureKind(reason)).toBe('permanent'),
  );

  it('picks the transient part of a ledger', () => {
    expect(transientFailures({ 'http/404': 3, 'retry/exhausted': 2, offsite: 1, 'fetch/timeout': 1 })).toEqual({ 'retry/exhausted': 2, 'fetch/timeout': 1 });
  });
});
