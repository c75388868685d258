// The best `limit` values of a stream by a comparator, in a heap of at most `limit`: memory bounded by the limit, not the stream.

/**
 * `better(a, b) < 0` when `a` ranks before `b` (a total order). The heap's root is the worst value kept, so a
 * newcomer is compared with it once and, if better, replaces it: O(log limit) per value.
 */
export class BoundedBest<T> {
  private readonly heap: T[] = [];

  constructor(
    private readonly limit: number,
    private readonly better: (a: T, b: T) => number,
  ) {}

  offer(value: T): void {
    if (this.heap.length < this.limit) {
      this.heap.push(value);
      this.siftUp(this.heap.length - 1);
    } else if (this.limit > 0 && this.better(value, this.heap[0]) < 0) {
      this.heap[0] = value;
      this.siftDown(0);
    }
  }

  /** The values kept, best first. */
  sorted(): T[] {
    return [...this.heap].sort(this.better);
  }

  /** Whether the value at `i` ranks after the one at `j`: the heap keeps the worst at its root. */
  private worse(i: number, j: number): boolean {
    return this.better(this.heap[i], this.heap[j]) > 0;
  }

  private siftUp(index: number): void {
    for (let i = index; i > 0; ) {
      const parent = (i - 1) >> 1;
      if (!this.worse(i, parent)) return;
      [this.heap[i], this.heap[parent]] = [this.heap[parent], this.heap[i]];
      i = parent;
    }
  }

  private siftDown(index: number): void {
    for (let i = index; ; ) {
      const [left, right] = [2 * i + 1, 2 * i + 2];
      let worst = i;
      if (left < this.heap.length && this.worse(left, worst)) worst = left;
      if (right < this.heap.length && this.worse(right, worst)) worst = right;
      if (worst === i) return;
      [this.heap[i], this.heap[worst]] = [this.heap[worst], this.heap[i]];
      i = worst;
    }
  }
}
