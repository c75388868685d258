// Buffers requests yielded by a spider and stores them in the frontier in batches (bounded memory).
import type { CrawlRequest } from '../core/request';
import type { CrawlEventBus } from '../events/crawl-events';
import type { Frontier } from '../ports/frontier';
import { frontierAddError } from './frontier-outage';
import type { Stats } from './stats';
import type { UrlLengthLimit } from './url-length-limit';

export class RequestSink {
  private buffer: CrawlRequest[] = [];
  /** Whether a request was pushed yet: the first one is stored at once, not with its batch. */
  private pushed = false;
  /** The first request's add while it is under way; flush() waits for it (and throws its error). */
  private first: Promise<void> | null = null;
  /** Requests the frontier stored through this sink (duplicates of the run not counted). */
  added = 0;

  constructor(
    private readonly frontier: Frontier,
    private readonly stats: Stats,
    private readonly batchSize: number,
    private readonly onAdded: () => void,
    private readonly events?: CrawlEventBus,
    /** Every request the crawl stores comes through a sink: the one place a URL too long is refused. */
    private readonly urlLimit?: UrlLengthLimit,
  ) {}

  /**
   * Resolves once the request is buffered; awaits a durable flush whenever the buffer is full. The first
   * request goes to the frontier at once, without waiting for it: a host whose only work is what this
   * page links to (each shop's start, a narrow host) otherwise idled until the whole callback was done
   * (on the polite bench the first product of a listing left 115–250 ms after its host's slot opened,
   * the listings of every host being parsed at once). Its durability is awaited by flush(), so the page
   * is still acknowledged only after everything it yielded is stored.
   */
  async push(request: CrawlRequest): Promise<void> {
    if (this.urlLimit && !this.urlLimit.admits(request)) return;
    if (!this.pushed) {
      this.pushed = true;
      this.first = this.store([request]);
      this.first.catch(() => undefined); // flush() awaits it and throws what it threw
      return;
    }
    this.buffer.push(request);
    if (this.buffer.length >= this.batchSize) await this.flush();
  }

  async flush(): Promise<void> {
    const first = this.first;
    this.first = null;
    if (first) await first;
    if (this.buffer.length === 0) return;
    const batch = this.buffer;
    this.buffer = [];
    await this.store(batch);
  }

  private async store(batch: CrawlRequest[]): Promise<void> {
    const adding = this.frontier.add(batch);
    // The embedded frontier can hand the new requests out before its promise settles: they are in its
    // ready heap, and a lease joins the same group commit as their insert (a commit that fails loses
    // both, and the parent is never acked). Waking the pool only after the commit cost each page's links
    // one more turn of a busy event loop (the products of 11 listings waited 27-56 ms on the polite bench).
    this.onAdded();
    const { added, duplicates } = await Promise.resolve(adding).catch((error: unknown) => {
      // Kept for the next flush(): the seeder tries again while a shared frontier is away (seeder.ts).
      this.buffer.unshift(...batch);
      return Promise.reject(frontierAddError(error));
    });
    this.added += added;
    this.stats.inc('requests/planned', added);
    this.stats.inc('requests/duplicate', duplicates);
    // A shared frontier holds them only now.
    if (added > 0) this.onAdded();
    if (this.events) announce(batch, this.events);
  }
}

/** The frontier gives an id to each request it stored: one without is a duplicate of this run. */
function announce(batch: readonly CrawlRequest[], events: CrawlEventBus): void {
  const scheduled = events.has('request.scheduled');
  const dropped = events.has('request.dropped');
  if (!scheduled && !dropped) return;
  for (const request of batch) {
    if (request.id !== null) {
      if (scheduled) events.emit('request.scheduled', { url: request.url, callback: request.callback, depth: request.depth });
    } else if (dropped) events.emit('request.dropped', { url: request.url, reason: 'frontier/duplicate' });
  }
}
