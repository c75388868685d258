// ReadyHeap: ordering, re-keying both ways, deletion, and ties in insertion order.
import { describe, expect, it } from 'vitest';
import { ReadyHeap } from '../../src/frontier/ready-heap';

const drain = (heap: ReadyHeap): string[] => {
  const out: string[] = [];
  for (let top = heap.pop(); top; top = heap.pop()) out.push(top.hostKey);
  return out;
};

describe('ReadyHeap', () => {
  it('pops hosts by time, ties in insertion order', () => {
    const heap = new ReadyHeap();
    heap.set('c', 30);
    heap.set('a', 10);
    heap.set('b', 10);
    heap.set('d', 5);
    expect(drain(heap)).toEqual(['d', 'a', 'b', 'c']);
  });

  it('moves a host earlier or later and deletes from the middle', () => {
    const heap = new ReadyHeap();
    for (const [key, at] of [['a', 1], ['b', 2], ['c', 3], ['d', 4], ['e', 5]] as const) heap.set(key, at);
    heap.set('e', 0);
    heap.set('a', 10);
    expect(heap.delete('c')).toBe(true);
    expect(heap.delete('c')).toBe(false);
    expect(heap.has('c')).toBe(false);
    expect(heap.atMsOf('a')).toBe(10);
    expect(heap.size).toBe(4);
    expect(drain(heap)).toEqual(['e', 'b', 'd', 'a']);
  });

  it('stays ordered under many random operations', () => {
    const heap = new ReadyHeap();
    const truth = new Map<string, number>();
    let seed = 7;
    const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    for (let i = 0; i < 5_000; i++) {
      const key = `h${Math.floor(rand() * 200)}`;
      if (rand() < 0.2) {
        heap.delete(key);
        truth.delete(key);
      } else {
        const at = Math.floor(rand() * 1_000);
        heap.set(key, at);
        truth.set(key, at);
      }
    }
    const popped: number[] = [];
    for (let top = heap.pop(); top; top = heap.pop()) {
      expect(truth.get(top.hostKey)).toBe(top.atMs);
      popped.push(top.atMs);
    }
    expect(popped.length).toBe(truth.size);
    expect(popped).toEqual([...popped].sort((a, b) => a - b));
  });
});
