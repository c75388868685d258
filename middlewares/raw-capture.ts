// raw-capture: stores every fetched body content-addressed before extraction and writes one fetch-log row per fetch.
import { reasonForError } from '../src/downloader/downloader-chain';
import { CONTINUE, accept, type DownloaderMiddleware, type ErrorOutcome, type MiddlewareContext, type MiddlewareOpenContext, type RequestOutcome, type ResponseOutcome } from '../src/downloader/middleware';
import type { FetchError } from '../src/core/errors';
import { maskSecretsInText } from '../src/core/mask-secrets';
import type { CrawlRequest } from '../src/core/request';
import type { CrawlResponse } from '../src/core/response';
import { credentialsSentFor, quotesAny, recordedUrl, withoutCredentials } from '../src/core/sent-credentials';
import type { BlobStore } from '../src/ports/blob-store';
import type { FetchLog, FetchLogRow } from '../src/ports/fetch-log';
import type { CrawlStores } from '../src/ports/crawl-stores';

/**
 * Sits last in the middleware list, next to the fetcher: it sees every response first (before
 * http-errors can fail a 404/500 and before the spider callback runs) and every transport error,
 * and it never sees responses another middleware produced without a fetch.
 */
export class RawCaptureMiddleware implements DownloaderMiddleware {
  readonly name = 'raw-capture';
  private blobs: BlobStore | null = null;
  private log: FetchLog | null = null;
  private runId = 'unknown';
  private spider = 'unknown';
  /** When each in-flight request was handed to the fetcher (for errors, which carry no timings). */
  private readonly sentAt = new WeakMap<CrawlRequest, number>();

  /** The crawl's stores (embedded files or PostgreSQL); the crawl closes them after the middlewares. */
  constructor(private readonly stores: CrawlStores) {}

  open(ctx: MiddlewareOpenContext): void {
    this.blobs = this.stores.blobs();
    this.log = this.stores.fetchLog();
    this.runId = ctx.runId ?? 'unknown';
    this.spider = ctx.spider.name;
  }

  processRequest(request: CrawlRequest, ctx: MiddlewareContext): RequestOutcome {
    this.sentAt.set(request, ctx.nowMs());
    return CONTINUE;
  }

  async processResponse(request: CrawlRequest, response: CrawlResponse, ctx: MiddlewareContext): Promise<ResponseOutcome> {
    const sent = credentialsSentFor(response, ctx.settings.http.headers);
    // Awaited: the bytes are stored before any other middleware or the spider sees the response.
    const rawHash = await this.keep(response, sent, ctx);
    const retryAfter = response.header('retry-after');
    this.record(request, ctx, {
      // A redirect may have moved a token we sent under a plain name (`?auth=…` → `/p?x=…`): written *** all the same.
      finalUrl: recordedUrl(response.url, sent),
      status: response.status,
      // Kept as sent, but an echo of what the crawl sent (an echo service answers with every header it got).
      retryAfter: retryAfter === undefined ? null : withoutCredentials(retryAfter, sent),
      rawHash,
      bytes: response.body.length,
      durationMs: response.timings.finishedAtMs - response.timings.startedAtMs,
      outcome: 'response',
    });
    return accept(response);
  }

  /**
   * The bytes' hash once stored; null when they are withheld. A page quoting a credential the crawl sent (its
   * `?api_key=` printed back in a canonical link) would keep the secret at rest for as long as the blob lives, and
   * `raw` would print it: the hash names exact bytes, so a masked copy cannot take their place. The page is still
   * read and priced (its item keeps the bytes' hash); the fetch log says no bytes were stored, the count says why.
   */
  private async keep(response: CrawlResponse, sent: readonly string[], ctx: MiddlewareContext): Promise<string | null> {
    if (quotesAny(response.body, sent)) {
      ctx.stats.inc('raw/withheld-secret');
      ctx.log.warn({ url: recordedUrl(response.url, sent) }, 'raw capture: page not stored, it quotes a credential the crawl sent (raw/withheld-secret)');
      return null;
    }
    const rawHash = await this.store().put(response.body, response.rawHash);
    ctx.stats.inc('raw/stored');
    return rawHash;
  }

  processError(request: CrawlRequest, error: FetchError, ctx: MiddlewareContext): ErrorOutcome {
    const started = this.sentAt.get(request);
    this.record(request, ctx, {
      finalUrl: null,
      status: null,
      retryAfter: null,
      rawHash: null,
      bytes: null,
      durationMs: started === undefined ? null : ctx.nowMs() - started,
      outcome: reasonForError(error),
    });
    return CONTINUE;
  }

  /** Makes every fetch-log row durable (a backend may buffer them); a failed write fails here, loudly. */
  async close(): Promise<void> {
    const log = this.log;
    this.log = null;
    await log?.flush();
  }

  private store(): BlobStore {
    if (!this.blobs) throw new Error('raw-capture used before open()');
    return this.blobs;
  }

  private record(request: CrawlRequest, ctx: MiddlewareContext, fields: Omit<FetchLogRow, 'runId' | 'spider' | 'requestId' | 'url' | 'host' | 'attempt' | 'sessionId' | 'proxyId' | 'fetchedAtMs'>): void {
    if (!this.log) throw new Error('raw-capture used before open()');
    ctx.stats.inc('fetch-log/rows');
    // The fetch log outlives the run and is shared with reports: a `?api_key=` in a URL stays out of it.
    this.log.record({
      runId: ctx.runId ?? this.runId,
      spider: this.spider,
      requestId: request.id,
      url: maskSecretsInText(request.url),
      host: ctx.hostKey,
      attempt: request.attempt,
      sessionId: request.session?.id ?? null,
      proxyId: request.session?.proxyId ?? null,
      fetchedAtMs: ctx.nowMs(),
      ...fields,
    });
  }
}
