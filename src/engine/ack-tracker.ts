// Tracks requests whose items are not durable yet; bounds them so slow writes slow the fetching.
export class AckTracker {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    /** Above this many unacknowledged requests, no new request is started (backpressure). */
    private readonly limit: number,
    private readonly onSettled: () => void,
  ) {}

  get size(): number {
    return this.pending.size;
  }

  get isFull(): boolean {
    return this.pending.size >= this.limit;
  }

  /** `ack` must never reject: it records its own failures. */
  track(ack: Promise<void>): void {
    const tracked = ack.finally(() => {
      this.pending.delete(tracked);
      this.onSettled();
    });
    this.pending.add(tracked);
  }

  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}
