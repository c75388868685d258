// undici dispatchers (an origin's Pool, a proxy's ProxyAgent) created on first use and kept for the fetcher's lifetime.
import type { Dispatcher } from 'undici';

export class KeptDispatchers<D extends Dispatcher> {
  private readonly dispatchers = new Map<string, D>();

  constructor(private readonly create: (key: string) => D) {}

  get(key: string): D {
    let dispatcher = this.dispatchers.get(key);
    if (!dispatcher) {
      dispatcher = this.create(key);
      this.dispatchers.set(key, dispatcher);
    }
    return dispatcher;
  }

  /** Aborts in-flight requests and closes every socket. */
  async destroy(): Promise<void> {
    const dispatchers = [...this.dispatchers.values()];
    this.dispatchers.clear();
    await Promise.all(dispatchers.map((dispatcher) => dispatcher.destroy()));
  }
}
