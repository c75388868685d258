// What a crawl's start-up has opened so far, closed again when a later step of the start-up fails.

/**
 * Why: an error between opening the frontier and running the engine (a run record that cannot be written,
 * a project middleware whose constructor throws, robots storage that is unreachable) reached the CLI with
 * the Redis connection, a PostgreSQL pool and lease timers still open, so the process printed its error
 * and then never exited: a nightly run hung instead of failing. Each step registers how to undo itself;
 * a failure closes everything registered, last opened first, and rethrows the step's error (a close that
 * fails too is not allowed to hide it).
 */
export class StartupClosers {
  private readonly closers: Array<() => unknown> = [];

  /** How to close what a step just opened. */
  add(close: () => unknown): void {
    this.closers.push(close);
  }

  /** Runs one start-up step; on its failure everything opened before it is closed, then the error goes on. */
  async step<T>(run: () => T | Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      await this.closeAll();
      throw error;
    }
  }

  /** The run's own clean-up owns everything from here on. */
  handOver(): void {
    this.closers.length = 0;
  }

  private async closeAll(): Promise<void> {
    for (const close of this.closers.splice(0).reverse()) {
      try {
        await close();
      } catch {
        // The start-up's own error is what the user must see; this one would only hide it.
      }
    }
  }
}
