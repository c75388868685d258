// The readings of the last few short price texts, so that a text parsed again soon after is lexed and weighed once.

/**
 * Why: every item's price is parsed twice on its way to the store, once bare for the `item.scraped`
 * event (`hasValidPrice`: the null-price alarm and the timeline) and once by the price-coercion stage
 * with the item's currency hint, locale and default. The lexing and the choice of number do not depend
 * on those options and were ~80 % of each parse (fast bench: 0.11 ms/page on both parses together).
 *
 * What is kept is a pure function of the text (and the variant the caller names, e.g. a decimal
 * separator), so a reading from the cache is the reading a fresh parse would make. Readings are
 * shared between callers and must not be changed by them.
 *
 * A text read from a page is often a slice of the page's whole decoded text, which V8 keeps alive as
 * long as the slice: the cache reads and keeps its own copy of the text, or 256 entries could hold 256
 * pages. Long texts (no price text is long) are read without being kept.
 */
export class RecentReadings<T> {
  private readonly entries = new Map<string, T>();

  constructor(
    /** Readings kept; the oldest kept is dropped first. A few hundred covers the items of every page in flight. */
    private readonly capacity: number,
    /** Texts longer than this are read afresh each time and never kept. */
    private readonly maxChars: number,
  ) {}

  /** The reading of `text` under `variant`, from `read` (given the cache's own copy of the text) when it is not kept. */
  get(text: string, variant: string, read: (text: string) => T): T {
    if (text.length > this.maxChars) return read(text);
    const key = variant === '' ? text : `${variant}\u0000${text}`;
    const kept = this.entries.get(key);
    if (kept !== undefined) return kept;
    // structuredClone gives a flat string of its own: neither the key nor what `read` slices from it holds the page.
    const own = structuredClone(text);
    const reading = read(own);
    this.entries.set(variant === '' ? own : `${variant}\u0000${own}`, reading);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
    return reading;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Forgets every reading (tests compare a fresh reading with a kept one). */
  clear(): void {
    this.entries.clear();
  }
}
