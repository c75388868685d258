// Answers a response paused at DevTools' response stage with its body and headers as we rewrote them.
import type { DevToolsSession } from './frame-sessions';

interface HeaderEntry {
  name: string;
  value: string;
}

export interface PausedAnswer {
  requestId: string;
  responseStatusCode?: number;
  responseHeaders?: HeaderEntry[];
}

/**
 * Reads the paused response's body (decoded, as Chromium holds it), hands it to `rewrite` and answers with
 * the result under `headers`, whose length and coding headers go: the body is new and plain. Headers alone
 * cannot be changed for a document (`Fetch.continueResponse` with other headers): Chromium keeps enforcing
 * the CSP it parsed from the original ones (measured). One that cannot be read or answered fails, so what
 * it starts (a worker, a document) never runs unchanged.
 */
export async function answerRewritten(session: DevToolsSession, event: PausedAnswer, headers: readonly HeaderEntry[], rewrite: (body: Buffer) => Buffer): Promise<void> {
  try {
    const { body, base64Encoded } = (await session.send('Fetch.getResponseBody', { requestId: event.requestId })) as { body: string; base64Encoded: boolean };
    const rewritten = rewrite(Buffer.from(body, base64Encoded ? 'base64' : 'utf8'));
    const responseHeaders = headers.filter((header) => !/^content-(length|encoding)$/i.test(header.name));
    await session.send('Fetch.fulfillRequest', { requestId: event.requestId, responseCode: event.responseStatusCode ?? 200, responseHeaders, body: rewritten.toString('base64') });
  } catch (error) {
    // A cut body fails as the wire's cut (net::ERR_CONNECTION_CLOSED: fetch/connection-reset), not as one we refused.
    const errorReason = error instanceof CutBodyError ? 'ConnectionClosed' : 'BlockedByClient';
    await session.send('Fetch.failRequest', { requestId: event.requestId, errorReason }).catch(() => undefined);
  }
}

class CutBodyError extends Error {}

/**
 * A document answered anew under other headers (`answerRewritten`, the body as it came), or sent on unchanged.
 * The body DevTools hands back has no end of its own: a chunked body whose connection was reset after
 * `<p class="price">12` came back as those bytes, and answered anew it was a whole page with the price 12
 * (measured). So only a body whose Content-Length shows it whole is answered anew (uncoded: a coded one's
 * length is not the decoded bytes'); one short of it fails as cut, and any other goes on (`sendOn`) with
 * Chromium's own check of its end and the CSP it had (its workers are then vouched for by the page's own policy:
 * worker-confinement.ts).
 */
export async function answerWholeDocument(session: DevToolsSession, event: PausedAnswer, headers: readonly HeaderEntry[], sendOn: () => Promise<void>): Promise<void> {
  const field = (name: string) => event.responseHeaders?.find((header) => header.name.toLowerCase() === name)?.value;
  const coding = field('content-encoding')?.trim().toLowerCase();
  const length = Number(field('content-length') ?? Number.NaN);
  if (!Number.isSafeInteger(length) || (coding !== undefined && coding !== '' && coding !== 'identity')) {
    return sendOn();
  }
  await answerRewritten(session, event, headers, (body) => {
    if (body.length !== length) throw new CutBodyError(`${body.length} of ${length} bytes`);
    return body;
  });
}
