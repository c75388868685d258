// A write to a feed's file failed (a full disk, a quota): named with the feed, the cause and what became of the file.
import { PricecrawlError } from '../../core/errors';
import { writeFailureReason } from '../../core/replace-file';

export class FeedWriteError extends PricecrawlError {
  /**
   * `reason`: the file system's code (`ENOSPC`); `then`: what the file holds now and what to do. The bare
   * "ENOSPC: no space left on device, write" (exit 1) named neither the feed nor the way to it.
   */
  constructor(
    readonly path: string,
    readonly reason: string,
    then: string,
    options?: { cause?: unknown; waitFor?: string | null },
  ) {
    super('FEED_WRITE_FAILED', `cannot write the feed ${path} (${reason}): ${then}`, options);
    this.waitFor = options?.waitFor === undefined ? 'once there is room' : options.waitFor;
  }

  /** What must change before the feed can be written again ("once there is room"); null: nothing, write it now. */
  readonly waitFor: string | null;

  /** The failure of a write to `path`, the file cut back to its last complete flush. */
  static of(path: string, error: unknown): FeedWriteError {
    return new FeedWriteError(path, writeFailureReason(error), 'it keeps what its last complete write left', { cause: error });
  }

  /** `path` no longer names the file the feed writes: what it wrote since is in no file anyone can open. */
  static moved(path: string, replaced: boolean): FeedWriteError {
    const reason = `${replaced ? 'replaced by another file' : 'deleted'} while the crawl wrote it`;
    return new FeedWriteError(path, reason, 'what was written since is in no file', { waitFor: null });
  }

  /** The same failure, said of `path` with what became of it. */
  retold(path: string, then: string): FeedWriteError {
    return new FeedWriteError(path, this.reason, then, { cause: this.cause, waitFor: this.waitFor });
  }
}
