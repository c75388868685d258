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

  // A report whose only words are an HTTP reason phrase or a framework's stock "not found" names that status (Express and
  // Laravel handlers, Rails, FastAPI and Django REST framework, AWS API Gateway, Kong), where it was left to the spider.
  it.each([
    ['an Express handler', '{"message":"Not Found"}', 404],
    ['Rails', '{"status":404,"error":"Not Found"}', 404],
    ['a bare error word', '{"error":"Not Found"}', 404],
    ['Laravel', '{"message":"Not Found."}', 404],
    ['Laravel in debug mode', '{"message":"No query results for model [App\\\\Models\\\\Product] 7","exception":"Symfony\\\\Component\\\\HttpKernel\\\\Exception\\\\NotFoundHttpException","file":"/srv/app/Handler.php","line":487,"trace":[]}', 404],
    ['FastAPI', '{"detail":"Not Found"}', 404],
    ['Django REST framework', '{"detail":"Not found."}', 404],
    ['a resource said missing', '{"message":"Product not found"}', 404],
    ['AWS API Gateway refusing', '{"message":"Forbidden"}', 403],
    ['AWS API Gateway with no route', '{"message":"Missing Authentication Token"}', 403],
    ['AWS API Gateway timing out', '{"message": "Endpoint request timed out"}', 504],
    ['AWS API Gateway failing', '{"message":"Internal server error"}', 500],
    ['a throttled API', '{"message":"Too Many Requests"}', 429],
    ['Kong with no route', '{"message":"no Route matched with those values"}', 404],
    ['Kong throttling', '{"message":"API rate limit exceeded"}', 429],
    ['a phrase behind its status digits', '{"msg":"404 Not Found"}', 404],
  ])('reads the stock answer of %s as the status its words name', (_name, text, status) => {
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
    ['a product whose message is a reason phrase', '{"sku":"A-1","price":"12.50","message":"Not Found"}'],
    ['a message that reports no failure', '{"message":"Out of stock"}'],
    ['a title naming a product', '{"title":"Gone Girl (paperback)"}'],
    ['a message about something else not found', '{"message":"Coupon code not found, full price applies"}'],
  ])('leaves %s to the spider', (_name, text) => {
    expect(errorEnvelopeOf(answer(text))).toBeNull();
  });

  it('judges only 2xx answers (a 503 is already a 503) and short bodies (a resource past 64 KiB is no report)', () => {
    expect(errorEnvelopeOf(answer('{"error":"down","status":503}', 'application/json', 503))).toBeNull();
    expect(errorEnvelopeOf(answer(`{"error":"down","message":"${'x'.repeat(70_000)}"}`))).toBeNull();
  });
});
