// Gathers a worker's frontier calls of one event-loop turn into one batch script call, answered per call.
type Arg = string | number;

interface Waiter {
  resolve(reply: unknown): void;
  reject(error: unknown): void;
}

/**
 * An engine ends many requests in the same turn (responses, acks after a durable item batch), and each
 * call used to be its own script run: a socket write and a read on both sides, a TIME and a re-score per
 * call. Calls queued here go out together on setImmediate (or at once with `flush()`, which a pick uses:
 * the pool waits on it), in the order they were made, on the frontier's one connection, so they keep
 * their order against the direct calls that flush first. Each caller's promise settles with its own
 * reply once the whole batch has run in Redis: a settle is acknowledged only then, and a crash before
 * leaves the lease in Redis, where it expires and is re-leased (never lost, at worst fetched twice).
 */
export class RedisBatch {
  private argv: Arg[] = [];
  private waiters: Waiter[] = [];
  private scheduled: NodeJS.Immediate | null = null;

  /** `send` runs the batch script with the queued ops as ARGV and returns one reply per op. */
  constructor(
    private readonly send: (argv: Arg[]) => Promise<unknown>,
    private readonly maxOps = 256,
  ) {}

  /** Queues one op (opcode and arguments); resolves with its reply. */
  call(op: Arg[]): Promise<unknown> {
    const reply = new Promise<unknown>((resolve, reject) => this.waiters.push({ resolve, reject }));
    for (const arg of op) this.argv.push(arg);
    if (this.waiters.length >= this.maxOps) this.flush();
    else this.scheduled ??= setImmediate(() => this.flush());
    return reply;
  }

  /** Sends what is queued now. */
  flush(): void {
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = null;
    if (this.waiters.length === 0) return;
    const { argv, waiters } = this;
    this.argv = [];
    this.waiters = [];
    this.send(argv).then(
      (replies) => waiters.forEach((waiter, i) => waiter.resolve((replies as unknown[])[i])),
      (error: unknown) => waiters.forEach((waiter) => waiter.reject(error)),
    );
  }
}
