// The pagination state machine and the cursor helper, without a browser: each stop rule, and the order they apply.
import { describe, expect, it } from 'vitest';
import { followCursor, type CursorPage } from '../../src/browser/follow-cursor';
import { PaginationState } from '../../src/browser/pagination-state';

const ids = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `p${from + i}`);

describe('PaginationState', () => {
  it('continues while items are new and stops on the first idle step', () => {
    const state = new PaginationState({ maxSteps: 10 });
    expect(state.observe({ keys: ids(0, 5) })).toEqual({ type: 'continue', newKeys: ids(0, 5) });
    // A scroll shows the old items again plus new ones: only the new ones count.
    expect(state.observe({ keys: ids(0, 9) })).toEqual({ type: 'continue', newKeys: ids(5, 9) });
    expect(state.observe({ keys: ids(0, 9) })).toEqual({ type: 'stop', newKeys: [], reason: 'pagination/no-new-items' });
    expect(state.keys).toEqual(ids(0, 9));
    expect(state.stepCount).toBe(3);
    expect(() => state.observe({ keys: [] })).toThrow(/already stopped/);
  });

  it('tolerates maxIdleSteps - 1 empty steps', () => {
    const state = new PaginationState({ maxSteps: 10, maxIdleSteps: 2 });
    state.observe({ keys: ['a'] });
    expect(state.observe({ keys: ['a'] }).type).toBe('continue');
    expect(state.observe({ keys: ['a', 'b'] }).type).toBe('continue');
    expect(state.observe({ keys: ['a', 'b'] }).type).toBe('continue');
    expect(state.observe({ keys: ['a', 'b'] })).toMatchObject({ type: 'stop', reason: 'pagination/no-new-items' });
  });

  it('stops when the source says end, even with new items on that step', () => {
    const state = new PaginationState({ maxSteps: 10 });
    expect(state.observe({ keys: ['a'], cursor: 'c1' }).type).toBe('continue');
    expect(state.observe({ keys: ['b'], cursor: null })).toEqual({ type: 'stop', newKeys: ['b'], reason: 'pagination/end' });
  });

  it('stops on a repeated cursor even while items keep coming', () => {
    const state = new PaginationState({ maxSteps: 10 });
    state.startFrom('c0');
    expect(state.observe({ keys: ['a'], cursor: 'c1' }).type).toBe('continue');
    expect(state.observe({ keys: ['b'], cursor: 'c0' })).toMatchObject({ type: 'stop', reason: 'pagination/cursor-repeated' });
  });

  it('stops at the cap when the source never ends', () => {
    const state = new PaginationState({ maxSteps: 3 });
    expect(state.observe({ keys: ['a'], cursor: 'c1' }).type).toBe('continue');
    expect(state.observe({ keys: ['b'], cursor: 'c2' }).type).toBe('continue');
    expect(state.observe({ keys: ['c'], cursor: 'c3' })).toEqual({ type: 'stop', newKeys: ['c'], reason: 'pagination/cap' });
  });

  it('refuses a cap that is not a positive integer', () => {
    expect(() => new PaginationState({ maxSteps: 0 })).toThrow(RangeError);
  });
});

/** A paged API over `total` items; `cursorFor` decides what token page n hands out. */
function api(total: number, pageSize: number, cursorFor: (nextOffset: number) => string | null) {
  const asked: Array<string | null> = [];
  const fetchPage = async (cursor: string | null): Promise<CursorPage<{ id: string }>> => {
    asked.push(cursor);
    const offset = cursor ? Number(cursor.split(':')[1]) : 0;
    const items = ids(offset, Math.min(total, offset + pageSize)).map((id) => ({ id }));
    return { items, nextCursor: offset + pageSize < total ? cursorFor(offset + pageSize) : null };
  };
  return { fetchPage, asked };
}

describe('followCursor', () => {
  it('collects exactly every item across pages and stops at the end', async () => {
    const source = api(23, 5, (next) => `o:${next}`);
    const result = await followCursor(source.fetchPage, { keyOf: (i) => i.id, maxSteps: 50 });
    expect(result.items.map((i) => i.id)).toEqual(ids(0, 23));
    expect(result).toMatchObject({ steps: 5, reason: 'pagination/end' });
    expect(source.asked).toEqual([null, 'o:5', 'o:10', 'o:15', 'o:20']);
  });

  it('stops when the API hands back a cursor it gave before', async () => {
    // A buggy API: from page 3 on it always returns the cursor of page 2.
    const source = api(1000, 5, (next) => `o:${Math.min(next, 10)}`);
    const result = await followCursor(source.fetchPage, { keyOf: (i) => i.id, maxSteps: 50 });
    expect(result).toMatchObject({ steps: 3, reason: 'pagination/cursor-repeated' });
    expect(result.items).toHaveLength(15);
  });

  it('stops at the cap on an endless feed, and treats an empty-string cursor as the end', async () => {
    const endless = api(Number.MAX_SAFE_INTEGER, 5, (next) => `o:${next}`);
    expect(await followCursor(endless.fetchPage, { keyOf: (i) => i.id, maxSteps: 4 })).toMatchObject({ steps: 4, reason: 'pagination/cap' });
    const emptyEnd = async (): Promise<CursorPage<string>> => ({ items: ['x'], nextCursor: '' });
    expect(await followCursor(emptyEnd, { keyOf: (i) => i, maxSteps: 4 })).toEqual({ items: ['x'], steps: 1, reason: 'pagination/end' });
  });
});
