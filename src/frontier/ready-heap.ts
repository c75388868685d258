// Min-heap of host keys ordered by the time each host can next yield work; O(log hosts) updates.
interface Entry {
  hostKey: string;
  atMs: number;
  /** Insertion order breaks ties, so hosts due at the same moment take turns. */
  order: number;
}

export class ReadyHeap {
  private readonly entries: Entry[] = [];
  private readonly positions = new Map<string, number>();
  private counter = 0;

  get size(): number {
    return this.entries.length;
  }

  has(hostKey: string): boolean {
    return this.positions.has(hostKey);
  }

  atMsOf(hostKey: string): number | undefined {
    const index = this.positions.get(hostKey);
    return index === undefined ? undefined : this.entries[index].atMs;
  }

  /** Inserts the host or moves it to `atMs` (either direction). */
  set(hostKey: string, atMs: number): void {
    const index = this.positions.get(hostKey);
    if (index === undefined) {
      this.entries.push({ hostKey, atMs, order: this.counter++ });
      this.positions.set(hostKey, this.entries.length - 1);
      this.up(this.entries.length - 1);
      return;
    }
    const entry = this.entries[index];
    const earlier = atMs < entry.atMs;
    entry.atMs = atMs;
    entry.order = this.counter++;
    if (earlier) this.up(index);
    else this.down(index);
  }

  peek(): { hostKey: string; atMs: number } | undefined {
    const top = this.entries[0];
    return top ? { hostKey: top.hostKey, atMs: top.atMs } : undefined;
  }

  pop(): { hostKey: string; atMs: number } | undefined {
    const top = this.entries[0];
    if (!top) return undefined;
    this.removeAt(0);
    return { hostKey: top.hostKey, atMs: top.atMs };
  }

  delete(hostKey: string): boolean {
    const index = this.positions.get(hostKey);
    if (index === undefined) return false;
    this.removeAt(index);
    return true;
  }

  private removeAt(index: number): void {
    const removed = this.entries[index];
    const last = this.entries.pop()!;
    this.positions.delete(removed.hostKey);
    if (index === this.entries.length) return;
    this.entries[index] = last;
    this.positions.set(last.hostKey, index);
    this.up(index);
    this.down(this.positions.get(last.hostKey)!);
  }

  private less(a: Entry, b: Entry): boolean {
    return a.atMs < b.atMs || (a.atMs === b.atMs && a.order < b.order);
  }

  private swap(i: number, j: number): void {
    const a = this.entries[i];
    const b = this.entries[j];
    this.entries[i] = b;
    this.entries[j] = a;
    this.positions.set(b.hostKey, i);
    this.positions.set(a.hostKey, j);
  }

  private up(index: number): void {
    let i = index;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.less(this.entries[i], this.entries[parent])) return;
      this.swap(i, parent);
      i = parent;
    }
  }

  private down(index: number): void {
    let i = index;
    const n = this.entries.length;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let smallest = i;
      if (left < n && this.less(this.entries[left], this.entries[smallest])) smallest = left;
      if (right < n && this.less(this.entries[right], this.entries[smallest])) smallest = right;
      if (smallest === i) return;
      this.swap(i, smallest);
      i = smallest;
    }
  }
}
