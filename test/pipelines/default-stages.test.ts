// The default stages one by one, and defaultPipeline() order and pipeline.disabled handling.
import { describe, expect, it } from 'vitest';
import { DedupeStage } from '../../pipelines/dedupe-stage';
import { DEFAULT_STAGE_ORDER, defaultPipeline } from '../../pipelines/index';
import { PriceCoercionStage } from '../../pipelines/price-coercion-stage';
import { RequiredFieldsStage } from '../../pipelines/required-fields-stage';
import { SettingsError } from '../../src/core/errors';
import type { Item } from '../../src/core/item';
import { Decimal } from '../../src/core/money';
import { siteOf } from '../../src/pipeline/item-site';
import { isDrop, type Drop, type PipelineStage } from '../../src/pipeline/stage';
import { capturingLogger, pipelineContext, source, testSettings } from '../pipeline/pipeline-fixtures';

const ctx = pipelineContext(testSettings(), capturingLogger().log);
const asItem = (result: Item | Drop | Promise<Item | Drop>): Item => {
  if (result instanceof Promise || isDrop(result)) throw new Error(`expected an item, got ${JSON.stringify(result)}`);
  return result;
};

/** The default stages are synchronous; a promise here would be a regression worth failing on. */
const dropped = (result: Item | Drop | Promise<Item | Drop>): boolean => {
  if (result instanceof Promise) throw new Error('expected a synchronous stage result');
  return isDrop(result);
};

describe('price-coercion', () => {
  const stage: PipelineStage = new PriceCoercionStage();

  it('parses text into a Decimal and an ISO currency, keeping the other fields', () => {
    const out = asItem(stage.process({ sku: 'a', price: '1 234,56 €', name: 'n' }, source(), ctx));
    expect(Decimal.isDecimal(out.price)).toBe(true);
    expect((out.price as Decimal).toFixed()).toBe('1234.56');
    expect(out).toMatchObject({ sku: 'a', currency: 'EUR', name: 'n' });
  });

  it('reads a fuel price per gallon or litre at its three decimals, where a bare "$3.499" is 3.499 mistyped or 3499: dropped', () => {
    const price = (text: string) => (asItem(stage.process({ sku: 'a', price: text, currency: 'USD' }, source(), ctx)).price as Decimal).toFixed();
    expect([price('$3.499/gal'), price('3.499 per gallon')]).toEqual(['3.499', '3.499']);
    expect(stage.process({ sku: 'a', price: '$3.499', currency: 'USD' }, source(), ctx)).toMatchObject({ dropped: true, reason: 'price/ambiguous' });
  });

  it('uses the item currency field as a hint (symbol or code), and a default when nothing else says', () => {
    expect(asItem(stage.process({ sku: 'a', price: '$5', currency: 'cad' }, source(), ctx)).currency).toBe('CAD');
    expect(asItem(stage.process({ sku: 'a', price: new Decimal('5'), currency: '€' }, source(), ctx)).currency).toBe('EUR');
    const withDefault: PipelineStage = new PriceCoercionStage({ defaultCurrency: 'SEK' });
    expect(asItem(withDefault.process({ sku: 'a', price: '99 kr' }, source(), ctx)).currency).toBe('SEK');
    expect(asItem(withDefault.process({ sku: 'a', price: new Decimal(3) }, source(), ctx)).currency).toBe('SEK');
  });

  it('drops a text that does not determine one amount with the parser\'s refusal code and why', () => {
    expect(stage.process({ sku: 'a', price: '$10 – $20' }, source(), ctx)).toMatchObject({ dropped: true, reason: 'price/ambiguous', detail: expect.stringContaining('range') });
    expect(stage.process({ sku: 'a', price: 'RRP £20.00' }, source(), ctx)).toMatchObject({ dropped: true, reason: 'price/reference-only' });
    expect(stage.process({ sku: 'a', price: '$70.00 for members' }, source(), ctx)).toMatchObject({ dropped: true, reason: 'price/member-only' });
    // A yearly plan or a nightly rate is paid again each period: no one-off price of the product.
    expect(stage.process({ sku: 'a', price: '€ 119,- p.a.' }, source(), ctx)).toMatchObject({ dropped: true, reason: 'price/rate-only', detail: expect.stringContaining('per year') });
    expect(stage.process({ sku: 'a', price: '$99.99/yr', locale: 'en-US' }, source(), ctx)).toMatchObject({ dropped: true, reason: 'price/rate-only' });
    expect(stage.process({ sku: 'a', price: '1e309' }, source(), ctx)).toMatchObject({ dropped: true, reason: 'price/not-a-price' });
    // A spider's "Starting at $30" is the cheapest variant's price: it was stored as this product's 30.
    expect(stage.process({ sku: 'a', price: 'Starting at $30', locale: 'en-US' }, source(), ctx)).toMatchObject({ dropped: true, reason: 'price/range' });
    expect(stage.process({ sku: 'a', price: '3,000円から' }, source(), ctx)).toMatchObject({ dropped: true, reason: 'price/range' });
  });

  it('resolves a shared symbol from the item\'s page locale, and refuses it when nothing says which', () => {
    expect(asItem(stage.process({ sku: 'a', price: '$12', locale: 'en-CA' }, source(), ctx)).currency).toBe('CAD');
    expect(asItem(stage.process({ sku: 'a', price: '99 kr', locale: 'da-DK' }, source(), ctx)).currency).toBe('DKK');
    // "$" is some dollar (or peso): stored with no currency it read as fact downstream; now the drop says which were possible.
    expect(stage.process({ sku: 'a', price: '$12' }, source(), ctx)).toMatchObject({ dropped: true, reason: 'price/currency-unknown', detail: expect.stringContaining('USD, CAD, AUD') });
    // A bare number names no currency at all: kept without one, as before.
    expect(asItem(stage.process({ sku: 'a', price: '12.50' }, source(), ctx)).currency).toBeNull();
  });

  it('resolves a shared sign in the currency field of a number or Decimal price as in a text, and refuses it when nothing says which', () => {
    // Before: stored without a currency ("kr" and "$" each name several), and the locale beside them was not read.
    expect(stage.process({ sku: 'a', price: new Decimal('299'), currency: 'kr' }, source(), ctx)).toMatchObject({ dropped: true, reason: 'price/currency-unknown', detail: expect.stringContaining('SEK, NOK, DKK, ISK') });
    expect(stage.process({ sku: 'a', price: 24.99, currency: '$' }, source(), ctx)).toMatchObject({ dropped: true, reason: 'price/currency-unknown' });
    expect(asItem(stage.process({ sku: 'a', price: new Decimal('24.99'), currency: '$', locale: 'en-CA' }, source(), ctx)).currency).toBe('CAD');
    expect(asItem(stage.process({ sku: 'a', price: 299, currency: 'kr', locale: 'nb-NO' }, source(), ctx)).currency).toBe('NOK');
    const krone: PipelineStage = new PriceCoercionStage({ defaultCurrency: 'DKK' });
    expect(asItem(krone.process({ sku: 'a', price: 299, currency: 'kr' }, source(), ctx)).currency).toBe('DKK');
  });

  it('takes no currency from an item locale whose country the page\'s domain contradicts (WordPress\'s en-US on an Australian shop)', () => {
    const australian = source({ url: 'https://kettles.com.au/p/1' });
    // Before: 49.95 USD from the "en-US" a WordPress theme writes on every shop.
    expect(stage.process({ sku: 'a', price: '$49.95', locale: 'en-US' }, australian, ctx)).toMatchObject({ dropped: true, reason: 'price/currency-unknown' });
    const aud: PipelineStage = new PriceCoercionStage({ defaultCurrency: 'AUD' });
    expect(asItem(aud.process({ sku: 'a', price: '$49.95', locale: 'en-US' }, australian, ctx)).currency).toBe('AUD');
    expect(asItem(stage.process({ sku: 'a', price: '$49.95', locale: 'en-AU' }, australian, ctx)).currency).toBe('AUD');
    expect(asItem(stage.process({ sku: 'a', price: '$49.95', locale: 'en-US' }, source({ url: 'https://kettles.com/p/1' }), ctx)).currency).toBe('USD');
  });

  it('lets the default currency stand in for a sign the page reader left open only when it is one of the sign\'s currencies', () => {
    const euro: PipelineStage = new PriceCoercionStage({ defaultCurrency: 'EUR' });
    const dollar: PipelineStage = new PriceCoercionStage({ defaultCurrency: 'USD' });
    const yen = { sku: 'a', price: new Decimal('199'), currency: null, currencyCandidates: ['JPY', 'CNY'] };
    // Before: 199 EUR for a page showing "¥199", 24.99 EUR for "$24.99", and the AUD$ of a priceCurrency taken as the default.
    expect(euro.process(yen, source(), ctx)).toMatchObject({ dropped: true, reason: 'price/currency-unknown', detail: expect.stringContaining('JPY, CNY; the default EUR is none of them') });
    expect(euro.process({ sku: 'a', price: new Decimal('24.99'), currencyCandidates: ['USD', 'CAD'] }, source(), ctx)).toMatchObject({ reason: 'price/currency-unknown' });
    expect(dollar.process({ sku: 'a', price: new Decimal('24.99'), currencyCandidates: [] }, source(), ctx)).toMatchObject({ reason: 'price/currency-unknown', detail: expect.stringContaining('no ISO 4217 code we know') });
    expect(stage.process({ sku: 'a', price: 24.99, currencyCandidates: ['USD', 'CAD'] }, source(), ctx)).toMatchObject({ reason: 'price/currency-unknown' });
    const taken = asItem(dollar.process({ sku: 'a', price: new Decimal('24.99'), currencyCandidates: ['USD', 'CAD'] }, source(), ctx));
    expect([taken.currency, 'currencyCandidates' in taken]).toEqual(['USD', false]);
    // A currency the item names itself settles it; the open codes are not stored.
    const named = asItem(euro.process({ sku: 'a', price: new Decimal('24.99'), currency: 'CAD', currencyCandidates: ['USD', 'CAD'] }, source(), ctx));
    expect([named.currency, 'currencyCandidates' in named]).toEqual(['CAD', false]);
  });

  it('drops a price whose text and the item\'s currency field disagree, and a currency field it cannot read', () => {
    const withDefault: PipelineStage = new PriceCoercionStage({ defaultCurrency: 'EUR' });
    expect(withDefault.process({ sku: 'a', price: '12,99 €', currency: 'USD' }, source(), ctx)).toMatchObject({ dropped: true, reason: 'price/ambiguous', detail: expect.stringContaining('EUR') });
    expect(withDefault.process({ sku: 'a', price: 'US$12', currency: 'C$' }, source(), ctx)).toMatchObject({ dropped: true, reason: 'price/ambiguous' });
    expect(withDefault.process({ sku: 'a', price: '12.99', currency: 'Dollar (US)' }, source(), ctx)).toMatchObject({ dropped: true, reason: 'price/currency-unknown' });
    expect(withDefault.process({ sku: 'a', price: 12.99, currency: 'USDD' }, source(), ctx)).toMatchObject({ dropped: true, reason: 'price/currency-unknown' });
    // Agreeing, or the field resolving the text's shared symbol: kept.
    expect(asItem(withDefault.process({ sku: 'a', price: '£5', currency: 'gbp' }, source(), ctx)).currency).toBe('GBP');
    expect(asItem(withDefault.process({ sku: 'a', price: '$5', currency: 'USD' }, source(), ctx)).currency).toBe('USD');
    expect(asItem(withDefault.process({ sku: 'a', price: '5', currency: ' ' }, source(), ctx)).currency).toBe('EUR');
  });

  it('accepts JSON numbers through their shortest round-trip text', () => {
    const out = asItem(stage.process({ sku: 'a', price: 19.99, currency: 'USD' }, source(), ctx));
    expect((out.price as Decimal).toFixed()).toBe('19.99');
    expect((asItem(stage.process({ sku: 'a', price: 123456789012345, currency: 'USD' }, source(), ctx)).price as Decimal).toFixed()).toBe('123456789012345');
  });

  it('refuses a number with more significant digits than a double holds faithfully (float arithmetic noise) instead of storing them', () => {
    // A spider's 0.1 + 0.2 is 0.30000000000000004: no shop wrote those digits.
    expect(stage.process({ sku: 'a', price: 0.1 + 0.2, currency: 'EUR' }, source(), ctx)).toMatchObject({ dropped: true, reason: 'price/inexact-number' });
    expect(stage.process({ sku: 'a', price: 1234567890123456, currency: 'EUR' }, source(), ctx)).toMatchObject({ dropped: true, reason: 'price/inexact-number' });
  });

  it('refuses an amount with more than 15 whole digits from text, a number or a Decimal: a code or digits run together, never a price', () => {
    for (const price of [`$${'9'.repeat(140_000)}.99`, 1e20, new Decimal('1e20'), new Decimal(`${'9'.repeat(16)}.5`)]) {
      expect(stage.process({ sku: 'a', price, currency: 'USD' }, source(), ctx)).toMatchObject({ dropped: true, reason: 'price/not-a-price' });
    }
    expect((asItem(stage.process({ sku: 'a', price: new Decimal('999999999999999.99'), currency: 'USD' }, source(), ctx)).price as Decimal).toFixed()).toBe('999999999999999.99');
  });

  it('refuses a number with decimals its currency is never printed with, as the same text is refused (19.99 won, 12.5 yen)', () => {
    expect(stage.process({ sku: 'a', price: 19.99, currency: 'KRW' }, source(), ctx)).toMatchObject({ dropped: true, reason: 'price/ambiguous' });
    expect(stage.process({ sku: 'a', price: 12.5, currency: 'jpy' }, source(), ctx)).toMatchObject({ dropped: true, reason: 'price/ambiguous' });
    const chilean: PipelineStage = new PriceCoercionStage({ defaultCurrency: 'CLP' });
    expect(chilean.process({ sku: 'a', price: 12990.5 }, source(), ctx)).toMatchObject({ dropped: true, reason: 'price/ambiguous' });
    expect(stage.process({ sku: 'a', price: 0.125, currency: 'EUR' }, source(), ctx)).toMatchObject({ dropped: true, reason: 'price/ambiguous' });
    // At the currency's scale, or three decimals where the currency has three: kept.
    expect((asItem(stage.process({ sku: 'a', price: 1980, currency: 'JPY' }, source(), ctx)).price as Decimal).toFixed()).toBe('1980');
    expect((asItem(stage.process({ sku: 'a', price: 3.35, currency: 'KWD' }, source(), ctx)).price as Decimal).toFixed()).toBe('3.35');
    expect((asItem(stage.process({ sku: 'a', price: 12.125, currency: 'BHD' }, source(), ctx)).price as Decimal).toFixed()).toBe('12.125');
  });

  it('drops missing and unparseable prices with stable reasons', () => {
    expect(stage.process({ sku: 'a' }, source(), ctx)).toMatchObject({ dropped: true, reason: 'price/missing' });
    expect(stage.process({ sku: 'a', price: '  ' }, source(), ctx)).toMatchObject({ dropped: true, reason: 'price/missing' });
    expect(stage.process({ sku: 'a', price: null }, source(), ctx)).toMatchObject({ dropped: true, reason: 'price/missing' });
    expect(stage.process({ sku: 'a', price: 'sold out' }, source(), ctx)).toEqual({ dropped: true, reason: 'price/not-a-price', detail: 'sold out · no number in the text' });
    expect(stage.process({ sku: 'a', price: Number.NaN }, source(), ctx)).toMatchObject({ reason: 'price/unparseable' });
    expect(stage.process({ sku: 'a', price: new Decimal(Infinity) }, source(), ctx)).toMatchObject({ reason: 'price/unparseable' });
    expect(stage.process({ sku: 'a', price: { amount: 1 } }, source(), ctx)).toMatchObject({ reason: 'price/unparseable' });
  });
});

describe('required-fields', () => {
  const stage: PipelineStage = new RequiredFieldsStage();

  it('needs a non-empty sku or url', () => {
    expect(stage.process({ sku: ' ', url: '' }, source(), ctx)).toMatchObject({ reason: 'required/sku-or-url' });
    expect(dropped(stage.process({ sku: 'x' }, source(), ctx))).toBe(false);
    expect(dropped(stage.process({ url: 'http://127.0.0.1/p' }, source(), ctx))).toBe(false);
  });

  it('drops zero and negative prices, keeps positive ones', () => {
    expect(stage.process({ sku: 'x', price: new Decimal('0.00') }, source(), ctx)).toEqual({ dropped: true, reason: 'price/not-positive', detail: '0' });
    expect(stage.process({ sku: 'x', price: new Decimal('-1') }, source(), ctx)).toMatchObject({ reason: 'price/not-positive' });
    expect(dropped(stage.process({ sku: 'x', price: new Decimal('0.01') }, source(), ctx))).toBe(false);
  });
});

describe('dedupe', () => {
  it('drops a key seen from another request of the run, lets a retry of the same request through', () => {
    const stage: PipelineStage = new DedupeStage();
    stage.open?.(ctx);
    const first = source({ requestId: 'r1' });
    expect(dropped(stage.process({ sku: 'k' }, first, ctx))).toBe(false);
    expect(dropped(stage.process({ sku: 'k' }, first, ctx))).toBe(false);
    expect(stage.process({ sku: 'k' }, source({ requestId: 'r2' }), ctx)).toEqual({ dropped: true, reason: 'duplicate', detail: `${siteOf(source().url)} k` });
    expect(dropped(stage.process({ sku: 'k' }, source({ requestId: 'r3', runId: 'run-2' }), ctx))).toBe(false);
    // Without a sku the key is the content: equal content from another page is a different item.
    expect(dropped(stage.process({ url: 'u', name: 'n' }, source({ requestId: 'r4', url: 'http://127.0.0.1/1' }), ctx))).toBe(false);
    expect(dropped(stage.process({ url: 'u', name: 'n' }, source({ requestId: 'r5', url: 'http://127.0.0.1/2' }), ctx))).toBe(false);
    expect(stage.process({ name: 'n', url: 'u' }, source({ requestId: 'r6', url: 'http://127.0.0.1/1' }), ctx)).toMatchObject({ reason: 'duplicate' });
  });
});

describe('dedupe of copies that disagree', () => {
  // Before: the second page's other price was dropped as a plain duplicate, and nothing said the SKU's pages disagreed.
  it('names a later copy at another price or currency, and which copy was kept', () => {
    const stage: PipelineStage = new DedupeStage();
    stage.open?.(ctx);
    const at = (n: number) => source({ requestId: `r${n}`, url: `http://127.0.0.1/p/${n}` });
    expect(dropped(stage.process({ sku: 'k', price: new Decimal('19.990'), currency: 'EUR' }, at(1), ctx))).toBe(false);
    expect(stage.process({ sku: 'k', price: new Decimal('19.99'), currency: 'EUR' }, at(2), ctx)).toEqual({ dropped: true, reason: 'duplicate', detail: '127.0.0.1 k' });
    expect(stage.process({ sku: 'k', price: new Decimal('17.99'), currency: 'EUR' }, at(3), ctx)).toEqual({
      dropped: true,
      reason: 'duplicate/price-differs',
      detail: '127.0.0.1 k: 19.99 EUR at http://127.0.0.1/p/1 (kept), 17.99 EUR at http://127.0.0.1/p/3',
    });
    expect(stage.process({ sku: 'k', price: new Decimal('19.99'), currency: 'USD' }, at(4), ctx)).toMatchObject({ reason: 'duplicate/price-differs' });
    expect(stage.process({ sku: 'k', price: null }, at(5), ctx)).toMatchObject({ reason: 'duplicate/price-differs' });
  });
});

describe('dedupe across sites', () => {
  const offer = (sku: string, price: string, currency: string): Item => ({ sku, price: new Decimal(price), currency });
  const from = (n: number, url: string) => source({ requestId: `r${n}`, url });

  // Before: the SKU alone was the key, so the second market's price was dropped as duplicate/price-differs.
  it('keeps the same SKU from regional sites that share SKUs: shop.de and shop.ch, amazon.de and amazon.co.uk', () => {
    const stage: PipelineStage = new DedupeStage();
    stage.open?.(ctx);
    const pages = ['https://www.shop.de/p/K1', 'https://www.shop.ch/p/K1', 'https://www.amazon.de/dp/B0K1', 'https://www.amazon.co.uk/dp/B0K1'];
    const results = pages.map((url, i) => stage.process(offer(i < 2 ? 'K1' : 'B0K1', `${20 + i}.00`, i % 2 === 0 ? 'EUR' : 'CHF'), from(i, url), ctx));
    expect(results.filter(dropped)).toEqual([]);
  });

  it('still drops a copy from another host of the same site (www and m), naming the price difference', () => {
    const stage: PipelineStage = new DedupeStage();
    stage.open?.(ctx);
    expect(dropped(stage.process(offer('K1', '19.99', 'EUR'), from(1, 'https://www.shop.de/p/K1'), ctx))).toBe(false);
    expect(stage.process(offer('K1', '19.99', 'EUR'), from(2, 'https://m.shop.de/p/K1'), ctx)).toEqual({ dropped: true, reason: 'duplicate', detail: 'shop.de K1' });
    expect(stage.process(offer('K1', '17.99', 'EUR'), from(3, 'https://shop.de/p/K1?ref=x'), ctx)).toMatchObject({ reason: 'duplicate/price-differs' });
  });

  it('lets a spider state the site: one domain serving two markets under paths', () => {
    const stage: PipelineStage = new DedupeStage();
    stage.open?.(ctx);
    const de = { ...offer('K1', '19.99', 'EUR'), site: 'shop.example/de' };
    const at = { ...offer('K1', '21.99', 'EUR'), site: 'shop.example/at' };
    expect(dropped(stage.process(de, from(1, 'https://shop.example/de/K1'), ctx))).toBe(false);
    expect(dropped(stage.process(at, from(2, 'https://shop.example/at/K1'), ctx))).toBe(false);
    expect(stage.process({ ...de }, from(3, 'https://shop.example/de/K1?x'), ctx)).toMatchObject({ reason: 'duplicate' });
  });
});

describe('defaultPipeline', () => {
  it('builds the stages in the declared order with stable names', () => {
    expect(defaultPipeline(testSettings()).map((stage) => stage.name)).toEqual(['pii-redaction', 'price-coercion', 'required-fields', 'schema-validation', 'shared-body', 'dedupe']);
    expect([...DEFAULT_STAGE_ORDER]).toEqual(['pii-redaction', 'price-coercion', 'required-fields', 'schema-validation', 'shared-body', 'dedupe']);
  });

  it('leaves out pipeline.disabled stages', () => {
    expect(defaultPipeline(testSettings({ disabled: ['dedupe', 'price-coercion'] })).map((stage) => stage.name)).toEqual(['pii-redaction', 'required-fields', 'schema-validation', 'shared-body']);
  });

  it('rejects an unknown disabled name, naming the setting and the known stages', () => {
    let caught: unknown;
    try {
      defaultPipeline(testSettings({ disabled: ['dedup'] }));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(SettingsError);
    expect((caught as SettingsError).code).toBe('SETTINGS_INVALID');
    expect((caught as Error).message).toMatch(/^pipeline\.disabled: unknown stage "dedup"; did you mean "dedupe"\?; known stages: pii-redaction, price-coercion, required-fields, schema-validation, shared-body, dedupe$/);
  });
});
