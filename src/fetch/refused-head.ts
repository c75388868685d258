// What undici's refusal of an answer's head was, when its error names something else (a cut, a dropped socket).
import { FetchError } from '../core/errors';

type UndiciFailure = Error & { code?: unknown };

/**
 * Reads a send that failed on the head of its answer (no header reached us), or null. undici reports two
 * refusals of a well-delivered head as transport faults, which the retry policy sends again to the same
 * refusal, and the ledger then blames the connection (`retry/exhausted`, last `fetch/connection-reset`):
 *
 * - a `101 Switching Protocols` nobody asked for ("bad upgrade"; an unasked 100 Continue never reaches
 *   undici as one: unasked-continue.ts);
 * - a head llhttp refused after its Content-Length (two that disagree, beside Transfer-Encoding, past 2^64,
 *   or any bad header after it; one value given twice is merged before, length-lines.ts): undici calls every such refusal a length mismatch, which on a head
 *   that never reached us can be nothing else, since a body is counted only after its head.
 *
 * Each is the server's answer every time: `fetch/protocol`, named. So is a status line whose three digits
 * are below 100 (`HTTP/1.1 099 OK`), no status at all (RFC 9110 §15), which llhttp reads and undici then
 * fails on an assertion of its own (`ERR_ASSERTION`: `fetch/failed`, a message that read as a bug of ours).
 */
export function refusedHead(error: unknown, url: string): FetchError | null {
  const failure = error as UndiciFailure | null;
  if (failure?.code === 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH') {
    return refused('a head HTTP/1.1 forbids after its Content-Length (two that disagree, beside Transfer-Encoding, too large, or a bad header later)', url, error);
  }
  if (failure?.code === 'ERR_ASSERTION' && /statusCode >= 100/.test(failure.message)) {
    return new FetchError('FETCH_PROTOCOL', `a status code below 100, which no HTTP answer has (${url})`, { cause: error });
  }
  if (failure?.code !== 'UND_ERR_SOCKET') return null;
  if (failure.message === 'bad upgrade') return refused('a 101 Switching Protocols the request did not ask for', url, error);
  return null;
}

function refused(what: string, url: string, cause: unknown): FetchError {
  return new FetchError('FETCH_PROTOCOL', `${what}; refused (${url})`, { cause });
}
