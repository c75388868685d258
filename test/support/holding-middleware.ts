// Running request tasks by hand: a middleware that holds every answer until let go (as raw capture holds one for a compression and a commit), and the task's deps.
import type { CrawlResponse } from '../../src/core/response';
import { Spider } from '../../src/core/spider';
import { accept, type DownloaderMiddleware } from '../../src/downloader/middleware';
import type { DownloaderChain } from '../../src/downloader/downloader-chain';
import { AckTracker } from '../../src/engine/ack-tracker';
import { HostJudgements } from '../../src/engine/host-judgements';
import type { RequestTaskDeps } from '../../src/engine/request-task';
import { Stats } from '../../src/engine/stats';
import { UrlLengthLimit } from '../../src/engine/url-length-limit';
import type { Frontier } from '../../src/ports/frontier';
import { settingsSchema } from '../../src/settings/schema';
import { pino } from 'pino';

export class HoldingMiddleware implements DownloaderMiddleware {
  readonly name = 'holding';
  private letGo!: () => void;
  private readonly released = new Promise<void>((resolve) => (this.letGo = resolve));
  private enteredWith!: (response: CrawlResponse) => void;
  /** Resolves with the first response the middleware holds. */
  readonly entered = new Promise<CrawlResponse>((resolve) => (this.enteredWith = resolve));

  async processResponse(_request: unknown, response: CrawlResponse) {
    this.enteredWith(response);
    await this.released;
    return accept(response);
  }

  release(): void {
    this.letGo();
  }
}

/** A spider whose pages yield nothing: the task's fetch and its slots are what is under test. */
export class QuietSpider extends Spider {
  readonly name = 'shop';
  override async *parse(): AsyncGenerator<never> {}
}

/** What a request task needs besides its frontier and chain, for tests that run tasks by hand: a quiet spider, default settings. */
export function handTaskDeps(frontier: Frontier, chain: DownloaderChain, judgements = new HostJudgements()): RequestTaskDeps {
  const settings = settingsSchema.parse({});
  const stats = new Stats();
  const log = pino({ level: 'silent' });
  return {
    spider: new QuietSpider(),
    settings,
    frontier,
    chain,
    items: { process: () => Promise.reject(new Error('the spider yields no items')) },
    acks: new AckTracker(64, () => undefined),
    stats,
    log,
    runId: frontier.runId,
    shutdownSignal: new AbortController().signal,
    wake: () => undefined,
    storageFailed: (error) => {
      throw error;
    },
    loopWatch: null,
    urlLimit: new UrlLengthLimit(settings.urlLength.limit, stats, log),
    judgements,
  };
}
