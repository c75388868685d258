// Error envelopes: a 2xx JSON object that only reports a failure, told apart from a resource that mentions a status or a message.
import { describe, expect, it } from 'vitest';
import { errorEnvelopeOf } from '../../src/downloader/error-envelope';

const answer = (text: string, contentType = 'application/json', status = 200) => ({
  status,
  body: Buffer.from(text),
  text: text.replace(/^\ufeff/, ''),
  header: (name: string) => (name === 'content-type' ? contentType : undefined),
});

describe('errorEnvelopeOf', () => {
  it.each([
    ['Google APIs', '{"error":{"code":503,"message":"The service is currently unavailable.","status":"UNAVAILABLE"}}', 503],
    ['Spring Boot', '{"timestamp":"2026-12-07T12:00:00Z","status":500,"error":"Internal Server Error","path":"/api/p/1"}', 500],
    ['a success flag and a code in digits', '{"success":false,"code":"404","msg":"Product not found"}', 404],
    ['JSON:API', '{"errors":[{"status":"502","title":"Bad Gateway"}]}', 502],
    ['GraphQL with no data', '{"data":null,"errors":[{"message":"Internal server error","extensions":{"code":"INTERNAL_SERVER_ERROR"}}]}', null],
    ['a status word', '{"status":"error","message":"Something went wrong"}', null],
    ['a bare error string behind a BOM and white space', '\ufeff \n {"error":"backend unavailable"}', null],
  ])('reads %s as an error report', (_name, text, status) => {
    expect(errorEnvelopeOf(answer(text))?.status).toBe(status);
  });

  it('takes anything served as problem details as a report (RFC 9457), its extension members too', () => {
    const envelope = errorEnvelopeOf(answer('{"type":"about:blank","title":"Bad Gateway","status":502,"upstream":"catalog"}', 'application/problem+json; charset=utf-8'));
    expect(envelope).toEqual({ status: 502, what: 'problem details naming HTTP 502 ("Bad Gateway")' });
  });

  it.each([
    ['a product with a status and a message', '{"sku":"A-1","price":"12.50","status":"active","message":"in stock"}'],
    ['a product whose code looks like a status', '{"code":"404","title":"Levi’s 404 Slim Jeans","price":"79.00"}'],
    ['GraphQL data beside its errors (a partial answer)', '{"data":{"product":{"price":"9.99"}},"errors":[{"message":"reviews unavailable"}]}'],
    ['no error said', '{"status":"ok","message":"done","data":null}'],
    ['a success flag alone (an API may say so for "out of stock")', '{"success":false,"message":"Out of stock"}'],
    ['an empty error list', '{"errors":[],"message":"fine"}'],
    ['a null error', '{"error":null,"status":200}'],
    ['an array', '[{"error":"x","status":500}]'],
    ['markup', '<html><body>{"error":"x"}</body></html>'],
    ['a JSON text cut short', '{"error":{"code":503'],
  ])('leaves %s to the spider', (_name, text) => {
    expect(errorEnvelopeOf(answer(text))).toBeNull();
  });

  it('judges only 2xx answers (a 503 is already a 503) and short bodies (a resource past 64 KiB is no report)', () => {
    expect(errorEnvelopeOf(answer('{"error":"down","status":503}', 'application/json', 503))).toBeNull();
    expect(errorEnvelopeOf(answer(`{"error":"down","message":"${'x'.repeat(70_000)}"}`))).toBeNull();
  });
});
