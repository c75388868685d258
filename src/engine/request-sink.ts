// Buffers requests yielded by a spider and stores them in the frontier in batches (bounded memory).
import type { CrawlRequest } from '../core/request';
import type { CrawlEventBus } from '../events/crawl-events';
import type { Frontier } from '../ports/frontier';
import type { Stats } from './stats';

export class RequestSink {
  private buffer: CrawlRequest[] = [];

  constructor(
    private readonly frontier: Frontier,
    private readonly stats: Stats,
    private readonly batchSize: number,
    private readonly onAdded: () => void,
    private readonly events?: CrawlEventBus,
  ) {}

  /** Resolves once the request is buffered; awaits a durable flush whenever the buffer is full. */
  async push(request: CrawlRequest): Promise<void> {
    this.buffer.push(request);
    if (this.buffer.length >= this.batchSize) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.buffer.length === 0) return;
    const batch = this.buffer;
    this.buffer = [];
    const { added, duplicates } = await this.frontier.add(batch);
    this.stats.inc('requests/planned', added);
    this.stats.inc('requests/duplicate', duplicates);
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
