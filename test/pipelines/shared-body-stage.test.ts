// The shared-body stage: the exact bytes of one HTML page answered for another URL of the host refuse the later URL's priced item under another key.
import { describe, expect, it } from 'vitest';
import { SHARED_BODY, SharedBodyStage } from '../../pipelines/shared-body-stage';
import type { Item, ItemSource } from '../../src/core/item';
import { Decimal } from '../../src/core/money';
import { isDrop, type Drop } from '../../src/pipeline/stage';
import { source } from '../pipeline/pipeline-fixtures';

const KETTLE_PAGE = 'k'.repeat(64);
const priced = (sku: string): Item => ({ sku, price: new Decimal('11.00'), currency: 'EUR' });
const page = (url: string, overrides: Partial<ItemSource> = {}) => source({ url, rawHash: KETTLE_PAGE, mediaType: 'text/html', fromCache: true, ...overrides });

function reasonOf(result: Item | Drop | Promise<Item | Drop>): string | null {
  if (result instanceof Promise) throw new Error('expected a synchronous stage result');
  return isDrop(result) ? result.reason : null;
}

function opened(): SharedBodyStage {
  const stage = new SharedBodyStage();
  stage.open();
  return stage;
}

describe('shared-body', () => {
  it('refuses a priced item of another key from the bytes another URL of the host answered, naming both URLs; the first is kept', () => {
    const stage = opened();
    expect(reasonOf(stage.process(priced('kettle'), page('https://shop.example/p/1')))).toBeNull();
    const result = stage.process(priced('toaster'), page('https://shop.example/p/2'));
    expect(result).toMatchObject({ reason: SHARED_BODY });
    expect((result as Drop).detail).toMatch(/^https:\/\/shop\.example\/p\/2 answered the exact bytes of https:\/\/shop\.example\/p\/1 /);
    expect(reasonOf(stage.process(priced('grill'), page('https://shop.example/p/3?x=1')))).toBe(SHARED_BODY);
  });

  it('no alarm for one page under one key, one URL, one request, or without a price', () => {
    const stage = opened();
    const first = page('https://shop.example/p/1');
    expect(reasonOf(stage.process(priced('kettle'), first))).toBeNull();
    // The same product under a tracking parameter: one key (dedupe's duplicate, not a wrong price).
    expect(reasonOf(stage.process(priced('kettle'), page('https://shop.example/p/1?utm_source=mail')))).toBeNull();
    // Two catalog URLs redirected to one page: one response URL.
    expect(reasonOf(stage.process(priced('old-kettle'), page('https://shop.example/p/1')))).toBeNull();
    // The first page's own second item, or its retry.
    expect(reasonOf(stage.process(priced('kettle-lid'), { ...first, scrapedAtMs: first.scrapedAtMs + 1 }))).toBeNull();
    // A shop's "no longer available" page for many products: no price claimed.
    expect(reasonOf(stage.process({ sku: 'toaster', price: null }, page('https://shop.example/p/2')))).toBeNull();
  });

  it('the first URL may be the cache\'s miss; a later one that no cache served is the origin\'s own page (alike bare template pages)', () => {
    const stage = opened();
    expect(reasonOf(stage.process(priced('kettle'), page('https://shop.example/p/1', { fromCache: false })))).toBeNull();
    expect(reasonOf(stage.process(priced('toaster'), page('https://shop.example/p/2', { fromCache: false })))).toBeNull();
    expect(reasonOf(stage.process(priced('grill'), page('https://shop.example/p/3')))).toBe(SHARED_BODY);
  });

  it('no alarm across hosts, across runs, or for answers that are no HTML document', () => {
    const stage = opened();
    expect(reasonOf(stage.process(priced('kettle'), page('https://shop.example/p/1')))).toBeNull();
    expect(reasonOf(stage.process(priced('toaster'), page('https://other.example/p/2')))).toBeNull();
    expect(reasonOf(stage.process(priced('toaster'), page('https://shop.example/p/2', { runId: 'run-2' })))).toBeNull();
    // A price API that answers nothing but the price: two products at one price are one JSON text.
    const api = (url: string) => source({ url, rawHash: 'j'.repeat(64), mediaType: 'application/json', fromCache: true });
    expect(reasonOf(stage.process(priced('kettle'), api('https://shop.example/api/price/1')))).toBeNull();
    expect(reasonOf(stage.process(priced('toaster'), api('https://shop.example/api/price/2')))).toBeNull();
  });
});

describe('shared-body memory', () => {
  it('forgets the oldest page past its bound, so a long run holds a bounded number of pages', () => {
    const stage = opened();
    expect(reasonOf(stage.process(priced('kettle'), page('https://shop.example/p/0')))).toBeNull();
    for (let n = 1; n <= 20_000; n++) stage.process(priced(`p${n}`), page(`https://shop.example/p/${n}`, { rawHash: n.toString(16).padStart(64, '0') }));
    // The kettle's page was the oldest: forgotten, so the next URL with its bytes is a first claim again.
    expect(reasonOf(stage.process(priced('toaster'), page('https://shop.example/x/1')))).toBeNull();
    expect(reasonOf(stage.process(priced('grill'), page('https://shop.example/x/2')))).toBe(SHARED_BODY);
  });
});
