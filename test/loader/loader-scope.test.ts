// A loader scoped to many elements (`{ $, scope: $('.card') }`, nestedCss over a list) reads what cheerio's find gives, at a listing's size.
import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { TakeAll, defineItemLoader } from '../../src/index';

const Listing = defineItemLoader({ fields: { name: { output: TakeAll() }, price: { output: TakeAll() } }, defaultOutput: TakeAll() });

describe('a loader scoped to many elements', () => {
  it('gives the matches in document order, each once, with nested scopes and sibling selectors as find does', () => {
    const $ = load(`<div class="box" id="outer"><p class="price">1</p><div class="box" id="inner"><p class="price">2</p></div><p class="price">3</p></div>
      <div class="box"><span class="name">a</span><p class="price">4</p></div><span class="name">b</span>`);
    const scope = $('.box');
    for (const selector of ['.price', 'p', '+ .name', '~ .box .price', '.box .price']) {
      const expected = scope.find(selector).toArray().map((node) => $(node).text());
      expect(Listing.from({ $, scope }).addCss('price', selector).loadItem().price, selector).toEqual(expected);
    }
    // Each element is its own `:scope`, as querySelectorAll on each and jQuery's find have it (cheerio's find over the
    // set left out the inner box's own child, 2).
    expect(Listing.from({ $, scope }).addCss('price', ':scope > .price').loadItem().price).toEqual(['1', '2', '3', '4']);
  });

  // Before: cheerio's find over a set checks each candidate's ancestors against the whole set, a list search each:
  // 20,000 cards (6.8 MB) took 76 s of a blocked event loop, 5,000 took 4 s; these 40,000 took minutes. Each card is
  // searched on its own now.
  it('reads every card of a 5 MB listing', () => {
    const cards = 40_000;
    const card = (n: number) => `<li class="card"><a class="name" href="/p/${n}">Product ${n} with a long descriptive name</a><i>new</i><span class="price">$${n}.99</span></li>`;
    const html = `<ul>${Array.from({ length: cards }, (_, n) => card(n)).join('')}</ul>`;
    expect(html.length).toBeGreaterThan(5_000_000);
    const $ = load(html);
    const item = Listing.from({ $, scope: $('.card') }).addCss('price', '.price').loadItem();
    expect(item.price).toHaveLength(cards);
    expect((item.price as string[]).slice(0, 2)).toEqual(['$0.99', '$1.99']);
    expect((item.price as string[]).at(-1)).toBe(`$${cards - 1}.99`);
  });
});
