// res.json(): a body parsed as JSON, or a refusal that says what the answer showed instead (the page's fault, not the spider's).
import type { ErrorCode } from './errors';
import { jsonLeftOpen } from './document-ends';
import { maskSecretsInText } from './mask-secrets';
import { terminalLine } from './terminal-safe';
import { isTransientStatus } from './transient-status';

/**
 * Why an answer held no JSON, as the ledger records it:
 * - `parse/json-cut`: nothing, or a JSON text still open (a proxy's cut behind a right Content-Length, a
 *   server that crashed mid-output and closed its chunks): a later try may come whole, so it is retried.
 * - `parse/json-html`: markup (an error page, a bot wall, a CAPTCHA served as application/json): the
 *   site's bad state, retried as other bad answers are.
 * - `parse/json-invalid`: anything else (a JSONP wrapper, an XSSI guard, a 204 with no content): the
 *   answer as the site serves it, so a retry would only get it again.
 */
export type JsonRefusal = 'parse/json-cut' | 'parse/json-html' | 'parse/json-invalid';

/** Characters of the body shown in the message: enough to recognise a page, never the page. */
const SAMPLE_CHARS = 80;

export interface JsonAnswer {
  url: string;
  status: number;
  contentType: string | undefined;
  /** The decoded body. */
  text: string;
}

/**
 * A body that is not JSON, read by `res.json()`: recorded as the page's fault (its `reason`), never a code
 * error. A SyntaxError still, as JSON.parse's and WHATWG `Response.json()`'s are: a spider that catches
 * those to skip a non-JSON answer keeps working.
 */
export class InvalidJsonError extends SyntaxError {
  readonly code: ErrorCode = 'JSON_INVALID';
  constructor(
    readonly reason: JsonRefusal,
    readonly status: number,
    /** The answer's Content-Type, made safe to print as the sample is. */
    readonly contentType: string | undefined,
    /** The body's start, secrets masked, control characters removed, on one line. */
    readonly sample: string,
    message: string,
  ) {
    super(message);
    this.name = 'InvalidJsonError';
  }
}

/**
 * JSON.parse of the text after a byte-order mark (WHATWG's "parse JSON from bytes" drops it too: a body
 * saved with one is valid JSON). A SyntaxError becomes an InvalidJsonError naming what the answer was.
 */
export function parseJsonAnswer<T>(answer: JsonAnswer): T {
  const text = answer.text.charCodeAt(0) === 0xfeff ? answer.text.slice(1) : answer.text;
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    throw refusal(answer, text);
  }
}

function refusal(answer: JsonAnswer, text: string): InvalidJsonError {
  const body = text.trim();
  const sample = sampleOf(body);
  const [reason, what] = judge(answer.status, body);
  const starts = body === '' ? '' : `; it starts: ${sample}`;
  // The server's header, as bounded and as safe to print as the sample.
  const contentType = answer.contentType === undefined ? undefined : terminalLine(answer.contentType).slice(0, SAMPLE_CHARS);
  const type = contentType === undefined ? 'no Content-Type' : `Content-Type ${contentType}`;
  const message = `the answer is not JSON but ${what} (status ${answer.status}, ${type}, ${text.length} characters${starts}) (${maskSecretsInText(answer.url)})`;
  return new InvalidJsonError(reason, answer.status, contentType, sample, message);
}

function judge(status: number, body: string): [JsonRefusal, string] {
  if (body === '') return status === 204 || status === 205 ? ['parse/json-invalid', `a ${status} with no content`] : ['parse/json-cut', 'an empty body'];
  if (body.startsWith('<')) {
    // A 404's or a 410's error page is the server's definitive answer; a 200's is a wall or a site in trouble.
    if (status >= 400 && !isTransientStatus(status)) return ['parse/json-invalid', `a ${status} error page in markup`];
    return ['parse/json-html', 'markup (an error page or a wall)'];
  }
  const start = body.slice(0, 200);
  if (start.startsWith(")]}'")) return ['parse/json-invalid', "JSON behind an XSSI guard )]}' (strip it from res.text and parse the rest)"];
  if (/^[\w$.]+\s*\(/.test(start)) return ['parse/json-invalid', 'JSONP, a call around the JSON (ask without the callback parameter, or strip it from res.text)'];
  if (/^[[{]/.test(start) && jsonLeftOpen(body)) return ['parse/json-cut', 'a JSON text cut before its end'];
  return ['parse/json-invalid', 'text that does not parse'];
}

/** The body's start as a reader may see it: one line, no control characters, secrets masked, `…` if more follows. */
function sampleOf(body: string): string {
  const line = terminalLine(body.slice(0, SAMPLE_CHARS * 4));
  const cut = line.length > SAMPLE_CHARS || body.length > SAMPLE_CHARS * 4;
  return maskSecretsInText(line.slice(0, SAMPLE_CHARS)) + (cut ? '…' : '');
}
