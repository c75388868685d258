// The main document's answer where Chromium shows no page of the site's: an error status with an empty body, a 204, a blank body, a part nobody asked for.
import type { Response as PwResponse } from 'playwright-core';
import { isBlankBody } from '../core/blank-body';
import type { CrawlRequest } from '../core/request';
import { CrawlResponse } from '../core/response';
import { isCloseDelimited, unaskedAnswer, unclosedDocument } from './body-end-check';
import type { DocumentWatch } from './document-watch';
import type { ReadDocument } from './read-document';

/**
 * The answer behind a failed load when Chromium had no page to show for it, or null:
 *
 * - An error status with no body: Chromium shows its own error page (`ERR_HTTP_RESPONSE_CODE_FAILURE`) and
 *   `goto` rejects, so a 503 with its Retry-After, a bare 429 or a 404 failed as `fetch/failed`: never
 *   retried, no Retry-After honoured, no breaker or throttle told, a gone product not counted as gone.
 * - A 204 or 205: Chromium stays where it was (`ERR_ABORTED`), so the empty page failed as `fetch/failed`
 *   where over HTTP it is retried as an empty page (`fetch/empty-body`).
 *
 * As over HTTP, each is now its status with an empty body, for the downloader chain to judge.
 */
export async function answerWithoutPage(error: unknown, watch: DocumentWatch, request: CrawlRequest, startedAtMs: number): Promise<CrawlResponse | null> {
  const message = error instanceof Error ? error.message : String(error);
  const answer = watch.latestAnswer();
  if (!answer) return null;
  const status = answer.response.status();
  const aborted = /ERR_ABORTED/.test(message);
  // A 407 is the proxy's, not the site's (browser-fetcher.ts): it stays the load's failure.
  const bareError = /ERR_HTTP_RESPONSE_CODE_FAILURE/.test(message) && status >= 400 && status !== 407;
  if (!bareError && !(aborted && (status === 204 || status === 205))) return null;
  return new CrawlResponse({
    request,
    url: answer.response.url(),
    status,
    headers: await answer.response.allHeaders(),
    body: Buffer.alloc(0),
    text: '',
    encoding: 'utf-8',
    timings: { startedAtMs, finishedAtMs: Date.now() },
    redirectChain: answer.chain,
    fetchMode: 'browser',
  });
}

/**
 * A 206 to a document request that sent no Range is a part of the page (a cache or CDN handing back a
 * fragment); Chromium shows it as the page, and its markup cut after 30 bytes showed `12.99` as `1`.
 * Refused as over HTTP (`unaskedAnswer`, `fetch/protocol`).
 */
export async function refuseUnaskedPart(response: PwResponse): Promise<void> {
  if (response.status() !== 206) return;
  const refusal = unaskedAnswer(206, { url: response.url(), headers: await response.request().allHeaders() }, await response.allHeaders());
  if (refusal) throw refusal;
}

/**
 * A document whose HTTP/1 answer had neither length nor chunks ends where the server closed the connection,
 * and a clean close inside it is a whole answer to Chromium: `<p class="price">12` of `12.99` rendered, the
 * parser closing what was open, as a page with `</body></html>` and the price 12, stored (cut-price.ts sees
 * the rendered end tags too). The bytes Chromium received are judged as over HTTP (`unclosedDocument`,
 * `fetch/truncated`). Not over HTTP/2 or 3, where the stream's end says the answer is whole, and not a
 * document its page stopped (its body never ends).
 */
export async function refuseUnclosedDocument(document: ReadDocument): Promise<void> {
  if (document.stopped || !/^http\/1\./i.test(document.protocol ?? '')) return;
  const headers = await document.response.allHeaders();
  if (!isCloseDelimited(headers)) return;
  const sent = await document.response.body().catch(() => null);
  const cut = sent && unclosedDocument(sent, headers, { url: document.response.url(), method: 'GET' });
  if (cut) throw cut;
}

/** Bodies at most this big are read back from Chromium to see whether they held anything at all. */
const BLANK_CHECK_MAX_BYTES = 1024;

/**
 * What a read document hands on as its body: the rendered HTML, or nothing when the server's own bytes were
 * blank. Chromium renders an empty 200 as `<html><head></head><body></body></html>`, so the retry rule for
 * an empty page (`fetch/empty-body`: retried, then failed) never saw it, and the request succeeded with
 * nothing in it, a lost page the run did not count. Only a small body is read back (its size is known from
 * the load), so a real page costs nothing more.
 */
/** The headers the document's answer came with (a stopped document's never end: the ones its head brought). */
export async function documentHeaders(document: ReadDocument): Promise<Record<string, string>> {
  return document.stopped ? document.response.headers() : document.response.allHeaders();
}

export async function documentBody(document: ReadDocument): Promise<{ body: Buffer; text?: string; encoding: string }> {
  const contentType = document.response.headers()['content-type'];
  if (!rendersAsPage(contentType)) return sentBytes(document);
  const rendered = { body: Buffer.from(document.html, 'utf8'), text: document.html, encoding: 'utf-8' };
  if (document.stopped) return rendered; // its size and bytes never come: what the parser reached is the page
  const sizes = await document.response.request().sizes().catch(() => null);
  if (!sizes || sizes.responseBodySize > BLANK_CHECK_MAX_BYTES) return rendered;
  const sent = await document.response.body().catch(() => null);
  return sent !== null && isBlankBody(sent) ? { body: Buffer.alloc(0), text: '', encoding: 'utf-8' } : rendered;
}

/** Documents whose DOM is the page (scripts run in them); with no Content-Type Chromium sniffs, and so do we not. */
const PAGE_TYPES = new Set(['text/html', 'application/xhtml+xml', 'image/svg+xml']);

function rendersAsPage(contentType: string | undefined): boolean {
  const essence = contentType?.split(';')[0]?.trim().toLowerCase();
  return !essence || PAGE_TYPES.has(essence);
}

/**
 * A URL of a browser host that answers JSON, XML or plain text (the shop's price API, its sitemap, a feed) runs no
 * script: Chromium shows it in a viewer of its own (`<pre>` around the JSON, an XML tree of spans), and that viewer's
 * HTML was the body under `Content-Type: application/json`: `res.json()` failed on it, a sitemap's `<loc>`s were
 * text in spans, and rawHash was the viewer's. The body is now what the server sent. DevTools hands a text body
 * back decoded by its charset (a Latin-1 feed came as UTF-8 bytes, measured), so it is read as UTF-8: the same text
 * as over HTTP, in UTF-8 bytes when the server used another charset.
 */
async function sentBytes(document: ReadDocument): Promise<{ body: Buffer; text: string; encoding: string }> {
  const body = await document.response.body();
  return { body, text: body.toString('utf8'), encoding: 'utf-8' };
}
