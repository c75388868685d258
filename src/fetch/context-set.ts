// The browser contexts of one browser, one per context key, under a cap: idle ones are evicted, busy ones waited for.
import type { BrowserContext } from 'playwright-core';

/**
 * Which context a page belongs in. Pages with the same key share cookies, cache and proxy, so the key
 * must separate whatever must not be shared (sessions/session-context-key.ts decides it for sessions).
 */
export interface ContextKey {
  key: string;
  /** Proxy for the whole context, e.g. `http://user:pass@127.0.0.1:8899`. */
  proxyUrl?: string;
  /** Cookies the context starts with (a session's jar, for the page's URL). */
  cookies?: ReadonlyArray<{ name: string; value: string; url: string }>;
  /**
   * Shared by sessions that carry no cookies: it must stay cookie-free. A page that leaves a cookie in it
   * retires it (lease.retireContext), so the next cookie-less session starts clean.
   */
  cookieFree?: boolean;
}

interface Entry {
  key: string;
  context: Promise<BrowserContext>;
  activePages: number;
  lastUsed: number;
  retired: boolean;
}

/** One page's hold on a context: give it back when the page is done. */
export interface ContextUse {
  readonly context: Promise<BrowserContext>;
  /** The page is done (idempotent). A retired context closes with its last page. */
  give(): void;
  /** No new pages for this context: the next page of its key gets a fresh one. */
  retire(): void;
  /** Retired (here or by another page of the context): its pages must not be kept for reuse. */
  readonly retired: boolean;
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
  async take(key: ContextKey): Promise<ContextUse> {
    for (;;) {
      const entry = this.entries.get(key.key);
      if (entry) return this.use(entry);
      if (this.entries.size < this.maxContexts || this.evictIdle()) {
        const context = this.create(key);
        this.onOpened();
        const fresh: Entry = { key: key.key, context, activePages: 0, lastUsed: 0, retired: false };
        this.entries.set(key.key, fresh);
        // A context that failed to open must not hold a place under the cap.
        context.catch(() => this.entries.get(key.key) === fresh && this.entries.delete(key.key));
        return this.use(fresh);
      }
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  private use(entry: Entry): ContextUse {
    entry.activePages++;
    entry.lastUsed = ++this.uses;
    let given = false;
    return {
      context: entry.context,
      get retired() {
        return entry.retired;
      },
      give: () => {
        if (given) return;
        given = true;
        entry.activePages--;
        if (entry.retired && entry.activePages === 0) closeContext(entry);
        this.waiters.shift()?.();
      },
      retire: () => {
        if (entry.retired) return;
        entry.retired = true;
        if (this.entries.get(entry.key) === entry) this.entries.delete(entry.key);
        if (entry.activePages === 0) closeContext(entry);
        this.waiters.shift()?.(); // its place under the cap is free
      },
    };
  }

  private evictIdle(): boolean {
    let victim: Entry | null = null;
    for (const entry of this.entries.values()) if (entry.activePages === 0 && (!victim || entry.lastUsed < victim.lastUsed)) victim = entry;
    if (!victim) return false;
    this.entries.delete(victim.key);
    closeContext(victim);
    return true;
  }
}

function closeContext(entry: Entry): void {
  void entry.context.then((context) => context.close()).catch(() => undefined);
}
