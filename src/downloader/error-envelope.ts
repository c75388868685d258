// A 2xx answer whose JSON is an error report rather than the resource: an API gateway's envelope, RFC 9457 problem details.
import type { CrawlResponse } from '../core/response';
import { phraseStatus } from './status-phrases';

/** What an error envelope says: the HTTP status it names (null when it names none), and a short account for the ledger's message. */
export interface ErrorEnvelope {
  status: number | null;
  what: string;
}

/** The ledger's reason for an envelope that names no status. */
export const ERROR_ENVELOPE_REASON = 'http/error-envelope';

/** Error reports are short; a body past this is a resource (a catalogue page of JSON), not parsed twice to be sure. */
const MAX_ENVELOPE_BYTES = 64 * 1024;

/**
 * The members an error report is made of (Google's, Spring Boot's, RFC 9457's, JSON:API's, GraphQL's, and the
 * `success`/`ok` flags of PHP and Node frameworks, Laravel's and Symfony's `exception`/`file`/`line` in debug mode), compared without case, `_` or `-`. An object with any other
 * member (`price`, `sku`, `name`, `offers`) is a resource, whatever else it says.
 */
const REPORT_MEMBERS = new Set([
  'error', 'errors', 'errorcode', 'errormessage', 'errordescription', 'status', 'statuscode', 'statusmessage', 'code',
  'message', 'msg', 'detail', 'details', 'title', 'type', 'reason', 'description', 'timestamp', 'path', 'instance',
  'success', 'ok', 'requestid', 'traceid', 'correlationid', 'trace', 'documentationurl', 'moreinfo', 'help', 'hint',
  'retryable', 'data', 'result', 'exception', 'file', 'line',
]);

/** Members that, when not null, carry the resource (GraphQL's partial `data` beside its `errors` is an answer). */
const RESULT_MEMBERS = new Set(['data', 'result']);

/**
 * A 2xx JSON object that only reports a failure: every member is a report's (`REPORT_MEMBERS`, `data`/`result`
 * null or absent) and one says it failed (an `error`/`errors`/`exception` that is not empty, a status or code of 400-599, a
 * status of "error"/"fail", a message that is a reason phrase or a stock failure text, status-phrases.ts: Express's and
 * API Gateway's `{"message":"Not Found"}`, FastAPI's `{"detail":"Not Found"}`; not `success: false` alone, nor a message
 * of other words, which an API may answer for "out of stock"), or
 * anything served as application/problem+json (RFC 9457:
 * the media type says it is an error report). A gateway or framework that answers its failures with a 200
 * sends these for product URLs; read by the spider, `data.price` was absent and the page "succeeded" with no
 * item, the loss hidden from the ledger and never asked again.
 */
export function errorEnvelopeOf(response: Answer): ErrorEnvelope | null {
  if (response.status < 200 || response.status >= 300 || !opensObject(response.body)) return null;
  const known = judged.get(response);
  if (known !== undefined) return known;
  const envelope = readEnvelope(response);
  judged.set(response, envelope);
  return envelope;
}

/**
 * The status an answer stands for: an envelope's when its 2xx body is one naming a status, else its own. The
 * breaker and the adaptive throttle read it as the retry policy does: a gateway's 200 saying 503 is a 503 to
 * them too, never an "ok" that shortens the host's interval.
 */
export function answeredStatus(response: Answer): number {
  return errorEnvelopeOf(response)?.status ?? response.status;
}

type Answer = Pick<CrawlResponse, 'status' | 'body' | 'text' | 'header'>;

/** Each answer is judged once, whichever middleware asks first (retry, http-errors, the breaker, the throttle). */
const judged = new WeakMap<Answer, ErrorEnvelope | null>();

function readEnvelope(response: Answer): ErrorEnvelope | null {
  let report: unknown;
  try {
    report = JSON.parse(response.text);
  } catch {
    return null; // not JSON at all: json-answer.ts judges it when the spider reads it
  }
  if (!isObject(report)) return null;
  const problem = /\bapplication\/problem\+json\b/i.test(response.header('content-type') ?? '');
  if (!problem && !(onlyReportMembers(report) && saysFailed(report))) return null;
  const status = namedStatus(report);
  const said = textOf(report.title) ?? textOf(report.message) ?? textOf(report.error) ?? textOf(isObject(report.error) ? report.error.message : undefined);
  const what = `${problem ? 'problem details' : 'an error envelope'}${status === null ? '' : ` naming HTTP ${status}`}${said ? ` ("${said.slice(0, 80)}")` : ''}`;
  return { status, what };
}

/** The failure a response's envelope stands for: the status it names as `http/<status>`, else `http/error-envelope`. */
export function envelopeReason(envelope: ErrorEnvelope): string {
  return envelope.status === null ? ERROR_ENVELOPE_REASON : `http/${envelope.status}`;
}

/** A short body whose first character (after a byte-order mark and white space) opens an object; read from the bytes, no page decoded. */
function opensObject(body: Buffer): boolean {
  if (body.length > MAX_ENVELOPE_BYTES) return false;
  let at = body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf ? 3 : 0;
  while (at < body.length && (body[at] === 0x20 || body[at] === 0x09 || body[at] === 0x0a || body[at] === 0x0d)) at++;
  return body[at] === 0x7b;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const memberName = (name: string): string => name.toLowerCase().replace(/[_-]/g, '');

function onlyReportMembers(report: Record<string, unknown>): boolean {
  return Object.entries(report).every(([name, value]) => {
    const member = memberName(name);
    return REPORT_MEMBERS.has(member) && (!RESULT_MEMBERS.has(member) || value === null);
  });
}

function saysFailed(report: Record<string, unknown>): boolean {
  for (const [name, value] of Object.entries(report)) {
    const member = memberName(name);
    if (member === 'error' && value !== null && value !== false && value !== '' && !(isObject(value) && Object.keys(value).length === 0)) return true;
    if (member === 'exception' && typeof value === 'string' && value.trim() !== '') return true;
    if (member === 'errors' && (Array.isArray(value) ? value.length > 0 : isObject(value) && Object.keys(value).length > 0)) return true;
    if ((member === 'status' || member === 'code') && typeof value === 'string' && /^(error|fail(ed|ure)?)$/i.test(value.trim())) return true;
  }
  return statusValue(report) !== null || phraseStatus(report, memberName) !== null;
}

/**
 * The HTTP status the report names: its own status or code member, else its error object's, else its first error's (JSON:API);
 * else the one its message's words name ("Not Found").
 */
function namedStatus(report: Record<string, unknown>): number | null {
  const firstError = Array.isArray(report.errors) ? report.errors[0] : undefined;
  for (const holder of [report, report.error, firstError]) {
    const status = isObject(holder) ? statusValue(holder) : null;
    if (status !== null) return status;
  }
  return phraseStatus(report, memberName);
}

/** A status, statusCode, status_code or code member holding an error status (400-599), as a number or its digits. */
function statusValue(holder: Record<string, unknown>): number | null {
  for (const [name, value] of Object.entries(holder)) {
    if (!['status', 'statuscode', 'code'].includes(memberName(name))) continue;
    const digits = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
    if (/^[45]\d\d$/.test(digits)) return Number(digits);
  }
  return null;
}

function textOf(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}
