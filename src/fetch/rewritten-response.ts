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
  } catch {
    await session.send('Fetch.failRequest', { requestId: event.requestId, errorReason: 'BlockedByClient' }).catch(() => undefined);
  }
}
