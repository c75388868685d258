// A cap on things held at once (the page pool's open pages, blob compressions in the thread pool): a slot handed straight to the next waiter when one frees.
export class PageSlots {
  private readonly waiters: Array<() => void> = [];
  private taken = 0;

  constructor(private readonly max: number) {}

  /** Slots held now (never above the cap). */
  get count(): number {
    return this.taken;
  }

  take(): Promise<void> {
    if (this.taken < this.max) {
      this.taken++;
      return Promise.resolve();
    }
    // The slot is handed over directly by release, so `taken` never exceeds the cap.
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  release(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.taken--;
  }
}
