// The code table for failures that loopback cannot produce (kernel connect timeouts, DNS flavours, …).
import { describe, expect, it } from 'vitest';
import { FetchError, PricecrawlError } from '../../src/core/errors';
import { toFetchError } from '../../src/fetch/fetch-error-map';

const sysError = (code: string, syscall?: string): Error => Object.assign(new Error(`${syscall ?? 'x'} ${code}`), { code, syscall });

describe('toFetchError', () => {
  it.each([
    [sysError('ETIMEDOUT', 'connect'), 'FETCH_CONNECT_TIMEOUT'],
    [sysError('ETIMEDOUT', 'read'), 'FETCH_TIMEOUT'],
    [sysError('UND_ERR_HEADERS_TIMEOUT'), 'FETCH_TIMEOUT'],
    [sysError('EAI_AGAIN', 'getaddrinfo'), 'FETCH_DNS'],
    [sysError('EPIPE', 'write'), 'FETCH_CONNECTION_RESET'],
    [new AggregateError([sysError('ECONNREFUSED', 'connect'), sysError('ECONNREFUSED', 'connect')], 'all addresses failed'), 'FETCH_CONNECTION_REFUSED'],
    [new TypeError('fetch failed', { cause: sysError('ENOTFOUND', 'getaddrinfo') }), 'FETCH_DNS'],
    [sysError('Z_DATA_ERROR'), 'FETCH_DECOMPRESS'],
    // TLS: before, all FETCH_FAILED, which the run summary could only call "see the failures".
    [new TypeError('fetch failed', { cause: sysError('CERT_HAS_EXPIRED') }), 'FETCH_TLS'],
    [sysError('ERR_TLS_CERT_ALTNAME_INVALID'), 'FETCH_TLS'],
    [sysError('UNABLE_TO_VERIFY_LEAF_SIGNATURE'), 'FETCH_TLS'],
    [sysError('ERR_SSL_WRONG_VERSION_NUMBER'), 'FETCH_TLS'],
    // The server speaks none of the protocols we offer (HTTP/1.1): no certificate to check.
    [sysError('ERR_SSL_TLSV1_ALERT_NO_APPLICATION_PROTOCOL'), 'FETCH_HTTP2_ONLY'],
  ])('%s → %s', (error, code) => {
    const mapped = toFetchError(error, 'http://shop.test/p');
    expect(mapped).toBeInstanceOf(FetchError);
    expect(mapped.code).toBe(code);
    expect(mapped.cause).toBe(error);
  });

  it('anything else is FETCH_FAILED and keeps the message and the URL', () => {
    const mapped = toFetchError(sysError('HPE_INVALID_CONSTANT'), 'http://shop.test/p');
    expect(mapped.code).toBe('FETCH_FAILED');
    expect(mapped.message).toContain('HPE_INVALID_CONSTANT');
    expect(mapped.message).toContain('http://shop.test/p');
    expect(toFetchError('a string', 'http://shop.test/').message).toContain('a string');
  });

  it('FetchErrors pass through; other coded errors keep their code', () => {
    const fetchError = new FetchError('FETCH_BAD_REDIRECT', 'x');
    expect(toFetchError(fetchError, 'u')).toBe(fetchError);
    expect(toFetchError(new PricecrawlError('OFFSITE_REDIRECT', 'offsite'), 'u').code).toBe('OFFSITE_REDIRECT');
  });
});
