// Buffers requests yielded by a spider and stores them in the frontier in batches (bounded memory).
import type { CrawlRequest } from '../core/request';
import type { Frontier } from '../frontier/frontier';
import type { Stats } from './stats';

export class RequestSink {
  private buffer: CrawlRequest[] = [];

  constructor(
    private readonly frontier: Frontier,
    private readonly stats: Stats,
    private readonly batchSize: number,
    private readonly onAdded: () => void,
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
  }
}
