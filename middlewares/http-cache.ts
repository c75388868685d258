// http-cache: Scrapy's HTTPCACHE for developing a spider: HTTP answers stored on disk, replayed on the next run instead of fetched.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isSecretName } from '../src/core/mask-secrets';
import { credentialsIn } from '../src/core/credential-shape';
import { credentialsSentFor, quotesAny, recordedUrl, sentCredentials } from '../src/core/sent-credentials';
import { replaceFile } from '../src/core/replace-file';
import type { CrawlRequest } from '../src/core/request';
import { CrawlResponse } from '../src/core/response';
import { CONTINUE, accept, type DownloaderMiddleware, type MiddlewareContext, type MiddlewareOpenContext, type RequestOutcome, type ResponseOutcome } from '../src/downloader/middleware';
import { fetchModeResolver } from '../src/fetch/fetch-router';
import type { Settings } from '../src/settings/schema';
import type { BlobStore } from '../src/ports/blob-store';
import type { CrawlStores } from '../src/ports/crawl-stores';

/** One stored answer: what the fetcher gave, the body as its exact bytes (so `rawHash` is the bytes' hash on replay too). */
interface StoredAnswer {
  url: string;
  status: number;
  headers: Record<string, string | string[]>;
  encoding: string;
  redirectChain: string[];
  bodyBase64: string;
  /** When it was stored (ctx.nowMs(), epoch ms): `cache.maxAgeMs` expires it. Absent in answers stored before. */
  storedAtMs?: number;
}

/**
 * Only in the chain when `cache.enabled` (middlewares/index.ts), right above raw-capture: a replayed answer
 * was no fetch, so the fetch log never records it, while every middleware above judges it
 * as a fetched one (http-errors, block detection). Browser answers are not stored: their live page cannot be
 * replayed, nor are answers replayed to a request the browser fetches. Keyed by the request's fingerprint
 * (method, URL, body), per spider. A replayed body is put in the run's blob store before anything above judges
 * it: the cache folder is the project's, the store may be another (a fresh storage dir, PostgreSQL), and an
 * item's rawHash must name bytes `pricecrawl raw` can print.
 */
export class HttpCacheMiddleware implements DownloaderMiddleware {
  readonly name = 'http-cache';
  private dir = '';
  private blobs: BlobStore | null = null;
  /** Answers this middleware replayed: they come back through its own processResponse, and are no new answer to store. */
  private readonly replayed = new WeakSet<CrawlResponse>();

  /** `stores`: the crawl's (embedded files or PostgreSQL), which the crawl closes after the middlewares. */
  constructor(
    private readonly config: Settings['cache'],
    private readonly stores: CrawlStores,
  ) {}

  open(ctx: MiddlewareOpenContext): void {
    this.blobs = this.stores.blobs();
    this.dir = join(this.config.dir, ctx.spider.name);
    mkdirSync(this.dir, { recursive: true });
    ctx.log.warn({ dir: this.dir }, 'HTTP cache on (cache.enabled): answers stored before are replayed, not fetched; pages and prices may be old, not for production runs');
  }

  processRequest(request: CrawlRequest, ctx: MiddlewareContext): RequestOutcome {
    // Keyed by method, URL and body only, an HTTP run's answer was replayed to a request for the browser (its
    // host switched to `browser` since): the server's HTML, with the stale price the page's script replaces,
    // stored as the rendered page's. Only HTTP answers are stored, so only HTTP requests read them.
    if (fetchModeResolver(ctx.settings, ctx.spider.fetchMode, () => ctx.hostKey)(request) === 'browser') return CONTINUE;
    const stored = this.read(request);
    if (stored === null) {
      ctx.stats.inc('cache/miss');
      return CONTINUE;
    }
    if (this.expired(stored, ctx.nowMs())) {
      // Fetched again; its answer replaces the old one in processResponse.
      ctx.stats.inc('cache/expired');
      return CONTINUE;
    }
    ctx.stats.inc('cache/hit');
    const nowMs = Date.now();
    const maskedUrl = recordedUrl(request.url, sentCredentials([request.url], [ctx.settings.http.headers, request.headers]));
    const asSent = (url: string) => (url === maskedUrl ? request.url : url);
    const response = new CrawlResponse({ request, url: asSent(stored.url), status: stored.status, headers: stored.headers, body: Buffer.from(stored.bodyBase64, 'base64'), encoding: stored.encoding, timings: { startedAtMs: nowMs, finishedAtMs: nowMs }, redirectChain: stored.redirectChain.map(asSent) });
    this.replayed.add(response);
    return { type: 'respond', response };
  }

  async processResponse(request: CrawlRequest, response: CrawlResponse, ctx: MiddlewareContext): Promise<ResponseOutcome> {
    if (this.replayed.has(response)) {
      if (!this.blobs) throw new Error('http-cache used before open()');
      await this.blobs.put(response.body, response.rawHash);
      return accept(response);
    }
    if (response.fetchMode === 'http' && !this.config.ignoreStatuses.includes(response.status)) {
      // The cache is a shared folder: a page quoting a credential the crawl sent is fetched again next time instead.
      const sent = credentialsSentFor(response, ctx.settings.http.headers);
      if (quotesAny(response.body, sent)) {
        ctx.stats.inc('cache/withheld-secret');
        return accept(response);
      }
      const answer: StoredAnswer = { url: recordedUrl(response.url, sent), status: response.status, headers: withoutSecrets(response.headers, sent), encoding: response.encoding, redirectChain: response.redirectChain.map((hop) => recordedUrl(hop, sent)), bodyBase64: response.body.toString('base64'), storedAtMs: ctx.nowMs() };
      replaceFile(this.path(request), JSON.stringify(answer));
      ctx.stats.inc('cache/stored');
    }
    return accept(response);
  }

  /** Older than cache.maxAgeMs, or of an age that cannot be told (no time, or a time ahead of now): not replayed. */
  private expired(stored: StoredAnswer, nowMs: number): boolean {
    if (this.config.maxAgeMs === 0) return false;
    if (typeof stored.storedAtMs !== 'number' || stored.storedAtMs > nowMs) return true;
    return nowMs - stored.storedAtMs >= this.config.maxAgeMs;
  }

  private read(request: CrawlRequest): StoredAnswer | null {
    try {
      return JSON.parse(readFileSync(this.path(request), 'utf8')) as StoredAnswer;
    } catch {
      return null; // not stored yet (or a file cut short by a kill: fetched and stored again)
    }
  }

  private path(request: CrawlRequest): string {
    return join(this.dir, `${createHash('sha256').update(request.fingerprint).digest('hex')}.json`);
  }
}

/**
 * The cache is a folder in the team's project, kept and shared as one: an answer is stored without its secret-named
 * headers (the shop's Set-Cookie session for us: a replayed answer sets no cookie) and those whose value is shaped as
 * credentials whatever their name (a gateway's `X-Upstream: Bearer …`), nor those quoting a credential the crawl sent
 * (`sent`: an echo service's `X-Echo: <the key>`), and its URLs masked as a run's records are. A replay gives back the
 * request's own URL where the stored one is its masked form; a redirect to a URL holding a token is replayed masked.
 */
function withoutSecrets(headers: Record<string, string | string[]>, sent: readonly string[]): Record<string, string | string[]> {
  const secret = (value: string) => credentialsIn(value) !== null || quotesAny(value, sent);
  return Object.fromEntries(Object.entries(headers).filter(([name, value]) => !isSecretName(name) && ![value].flat().some(secret)));
}
