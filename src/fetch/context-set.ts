// The browser contexts of one browser, one per session key, under a cap: idle ones are evicted, busy ones waited for.
import type { BrowserContext } from 'playwright-core';

/** Which context a page belongs in: cookies and proxy stay pinned together per key (a host, or a session). */
export interface ContextKey {
  key: string;
  /** Proxy for the whole context, e.g. `http://user:pass@127.0.0.1:8899`. */
  proxyUrl?: string;
}

interface Entry {
  context: Promise<BrowserContext>;
  activePages: number;
  lastUsed: number;
}

export class ContextSet {
  private readonly entries = new Map<string, Entry>();
  private readonly waiters: Array<() => void> = [];
  private uses = 0;

  constructor(
    private readonly create: (key: ContextKey) => Promise<BrowserContext>,
    private readonly maxContexts: number,
    private readonly onOpened: () => void = () => undefined,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The key's context for one more page; at the cap, evicts the least recently used idle one, or waits. */
  async take(key: ContextKey): Promise<BrowserContext> {
    for (;;) {
      const entry = this.entries.get(key.key);
      if (entry) return this.use(entry);
      if (this.entries.size < this.maxContexts || this.evictIdle()) {
        const context = this.create(key);
        this.onOpened();
        const fresh: Entry = { context, activePages: 0, lastUsed: 0 };
        this.entries.set(key.key, fresh);
        // A context that failed to open must not hold a place under the cap.
        context.catch(() => this.entries.get(key.key) === fresh && this.entries.delete(key.key));
        return this.use(fresh);
      }
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  /** One page of `key` is done; a waiter for a context place may go on. */
  give(key: string): void {
    const entry = this.entries.get(key);
    if (entry) entry.activePages--;
    this.waiters.shift()?.();
  }

  private use(entry: Entry): Promise<BrowserContext> {
    entry.activePages++;
    entry.lastUsed = ++this.uses;
    return entry.context;
  }

  private evictIdle(): boolean {
    let victim: [string, Entry] | null = null;
    for (const pair of this.entries) if (pair[1].activePages === 0 && (!victim || pair[1].lastUsed < victim[1].lastUsed)) victim = pair;
    if (!victim) return false;
    this.entries.delete(victim[0]);
    void victim[1].context.then((context) => context.close()).catch(() => undefined);
    return true;
  }
}
