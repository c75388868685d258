// ItemLoader as a Scrapy user reaches for it: CSS and JSON values per field, input and output processors, nested scopes,
// and a price handed on for the pipeline's exact reading (refused when the page gives two different ones).
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../src/core/money';
import { CrawlRequest } from '../../src/core/request';
import { CrawlResponse } from '../../src/core/response';
import { Compose, Identity, Join, MapCompose, TakeAll, TakeFirst, cleanText, defineItemLoader, removeTags, stripText, PriceOutput, FieldRefusal } from '../../src/index';
import { PriceCoercionStage } from '../../pipelines/price-coercion-stage';
import { htmlResponse } from '../support/html-response';

const PAGE = `<html><body>
  <h1 class="name">
     Kaffeemühle
     <small>Edelstahl</small>
  </h1>
  <span class="sku" data-sku="KM-7"> KM-7 </span>
  <ul class="tags"><li> grinder </li><li></li><li>steel </li></ul>
  <div class="box main"><span class="price">49,90&nbsp;€</span></div>
  <div class="box related"><span class="price">12,00 €</span></div>
</body></html>`;

const productLoader = defineItemLoader({
  defaultInput: MapCompose(cleanText),
  fields: {
    sku: {},
    name: {},
    tags: { output: TakeAll() },
    description: { output: Join(' · ') },
    price: { output: PriceOutput() },
  },
});

describe('ItemLoader over a page', () => {
  it('cleans each text, takes the first, joins and lists as the fields say', () => {
    const loader = productLoader.from(htmlResponse(PAGE));
    loader.addCss('name', 'h1.name').addCss('sku', '.sku', { attr: 'data-sku' }).addCss('tags', '.tags li');
    loader.addValue('description', ['Kegelmahlwerk', '  ', 'leise']);
    loader.nestedCss('.box.main').addCss('price', '.price');
    const item = loader.loadItem();
    expect(item).toEqual({ sku: 'KM-7', name: 'Kaffeemühle Edelstahl', tags: ['grinder', 'steel'], description: 'Kegelmahlwerk · leise', price: '49,90 €' });
    // The field's text goes to the pipeline as written: its reading is the exact Decimal, never a float.
    const stored = new PriceCoercionStage().process({ ...item, url: 'https://shop.example/p/1' });
    expect(stored).toMatchObject({ currency: 'EUR' });
    expect((stored as { price: Decimal }).price.toFixed()).toBe('49.9');
  });

  it('refuses a price when one selector reaches two different amounts, and the pipeline drops with that reason', () => {
    const loader = productLoader.from(htmlResponse(PAGE)).addCss('sku', '.sku').addCss('price', '.price');
    expect(loader.getOutputValue('price')).toBeInstanceOf(FieldRefusal);
    const item = loader.loadItem();
    expect(item).toEqual({ sku: 'KM-7', price: null, priceRefusal: 'price/ambiguous' });
    expect(new PriceCoercionStage().process(item)).toMatchObject({ reason: 'price/ambiguous' });
  });

  it('keeps one price written twice in two formats (the first as written)', () => {
    const loader = productLoader.from({ json: { price: 12 } });
    loader.addValue('price', ['€12.00', '12,00 €']).addJson('price', 'price');
    expect(loader.loadItem().price).toBe('€12.00');
  });

  it('leaves out fields with no value, and blank texts are no value', () => {
    const loader = productLoader.from(htmlResponse(PAGE)).addCss('name', '.missing').addValue('sku', '   ').addValue('tags', null);
    expect(loader.loadItem()).toEqual({});
  });

  it('replaceCss empties the field first; getCollectedValues shows the processed values', () => {
    const loader = productLoader.from(htmlResponse(PAGE)).addValue('name', 'old').replaceCss('name', '.sku');
    expect(loader.getCollectedValues('name')).toEqual(['KM-7']);
  });

  it('refuses a field it does not define, naming the closest (from JavaScript, where tsc did not check)', () => {
    const loader = productLoader.from(htmlResponse(PAGE)) as unknown as { addCss(field: string, selector: string): void };
    expect(() => loader.addCss('prize', '.price')).toThrow(/no field "prize".*did you mean "price"/);
  });

  it('addCss on a loader made from JSON alone says what it needs', () => {
    expect(() => productLoader.from({ json: {} }).addCss('name', 'h1')).toThrow(/addCss needs HTML/);
  });
});

describe('ItemLoader over JSON', () => {
  const api = { products: [{ sku: 'A-1', name: '  Tee\n grün ', offers: [{ price: 3.5 }, { price: null }], variants: [{ sku: 'A-1-s' }, { sku: 'A-1-l' }] }] };
  const response = new CrawlResponse({ request: new CrawlRequest({ url: 'https://api.example/p' }), url: 'https://api.example/p', status: 200, headers: { 'content-type': 'application/json' }, body: Buffer.from(JSON.stringify(api)), encoding: 'utf-8', timings: { startedAtMs: 0, finishedAtMs: 0 } });

  it('reads dotted, indexed and every-element paths; a JSON number stays a number for the exact reading', () => {
    const loader = defineItemLoader({ defaultInput: MapCompose(cleanText), fields: { sku: {}, name: {}, price: { output: PriceOutput() }, variants: { output: TakeAll() } } }).from(response);
    loader.addJson('sku', 'products[0].sku').addJson('name', 'products.0.name').addJson('price', 'products[0].offers[].price').addJson('variants', 'products[0].variants[].sku').addJson('name', 'products[0].missing.deeper');
    expect(loader.loadItem()).toEqual({ sku: 'A-1', name: 'Tee grün', price: 3.5, variants: ['A-1-s', 'A-1-l'] });
  });

  it('a price the API computed in floating point is refused downstream, not rounded', () => {
    const loader = defineItemLoader({ fields: { sku: {}, price: { output: PriceOutput() } } }).from({ json: { price: 0.1 + 0.2 } }).addValue('sku', 'X').addJson('price', 'price');
    expect(new PriceCoercionStage({ defaultCurrency: 'EUR' }).process(loader.loadItem())).toMatchObject({ reason: 'price/inexact-number' });
  });

  it('a Decimal passes through MapCompose untouched', () => {
    const loader = defineItemLoader({ defaultInput: MapCompose(stripText), fields: { price: { output: PriceOutput() } } }).from();
    loader.addValue('price', new Decimal('19.90'));
    expect(String(loader.loadItem().price)).toBe('19.9');
  });
});

describe('processors', () => {
  it('MapCompose runs each function over each text, flattening lists and dropping empties', () => {
    const split = MapCompose((text) => text.split(','), stripText, (text) => (text === 'x' ? null : text.toUpperCase()));
    expect(split(['a, b', 'x', 7, ' ,c'])).toEqual(['A', 'B', 7, 'C']);
  });

  it('TakeFirst skips blanks; Identity keeps all; Join refuses what is not text', () => {
    expect(TakeFirst()(['', '  ', 'first', 'second'])).toBe('first');
    expect(Identity()(['a', 1])).toEqual(['a', 1]);
    expect(() => Join()(['a', { b: 1 }])).toThrow(/Join\(\) joins texts; it was given an object/);
  });

  it('Compose chains list functions and stops at undefined', () => {
    const lastUpper = Compose((values) => values.slice(-1), TakeFirst());
    expect(lastUpper(['a', 'b'])).toBe('b');
    expect(Compose(() => undefined, TakeFirst())(['a'])).toBeUndefined();
  });

  it('removeTags gives the text of markup with its entities decoded', () => {
    expect(removeTags('<b>Neu</b> &amp; <i>günstig</i>')).toBe('Neu & günstig');
  });

  it('PriceOutput throws on an object (a selector mistake), never stores it', () => {
    expect(() => PriceOutput()([{ amount: '12' }])).toThrow(/a price field takes text, a number or a Decimal; it was given an object/);
  });
});
