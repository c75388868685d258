// A price labelled without tax and no gross beside it: the parser says so, the price stage keeps it flagged or refuses it,
// and the store keeps the flag with the pricing fields (exports and history read it there).
import { describe, expect, it } from 'vitest';
import { PriceCoercionStage } from '../../pipelines/price-coercion-stage';
import { productItem } from '../../src/items/product-item';
import type { Item } from '../../src/core/item';
import { Decimal } from '../../src/core/money';
import { toStoredItem } from '../../src/pipeline/stored-item';
import { isDrop, type Drop } from '../../src/pipeline/stage';
import { parsePrice } from '../../src/prices/parse-price';
import { htmlResponse } from '../support/html-response';
import { source } from '../pipeline/pipeline-fixtures';

const basis = (text: string): string => {
  const parsed = parsePrice(text, { locale: 'en-US' });
  return parsed.ok ? `${parsed.amount.toFixed()} ${parsed.currency} ${parsed.taxIncluded === false ? 'net' : 'as shown'}` : parsed.reason;
};

describe('parsePrice: a net price alone', () => {
  it('says the amount is without tax when its own words say so and no gross stands by it', () => {
    const net = ['12,00 € zzgl. MwSt.', '£10.00 ex VAT', '$10.00 excl. tax', '$10.00 + tax', '$10.00 plus tax', 'Netto: 12,00 €', 'Prix HT : 12,00 €', '24,90 € HT', '$10.00 before tax', '10,00 € + IVA', '10,00 € excl. btw', '12,00 € zzgl. MwSt. zzgl. Versand'];
    expect(net.map(basis)).toEqual(['12 EUR net', '10 GBP net', '10 USD net', '10 USD net', '10 USD net', '12 EUR net', '12 EUR net', '24.9 EUR net', '10 USD net', '10 EUR net', '10 EUR net', '12 EUR net']);
  });

  it('leaves the gross of a pair, a gross label, a net weight and an unlabelled price as shown', () => {
    const gross = ['£12.99 (£10.83 ex VAT)', '£100.00 excl. VAT £120.00 incl. VAT', '100,00 € HT 120,00 € TTC', '119,00 € (100,00 € netto)', '12,00 € inkl. MwSt.', 'Preis inkl. MwSt. 12 € zzgl. Versand', 'Inhalt netto 500 g 3,99 €', '12,00 €'];
    expect(gross.map(basis)).toEqual(['12.99 GBP as shown', '120 GBP as shown', '120 EUR as shown', '119 EUR as shown', '12 EUR as shown', '12 EUR as shown', '3.99 EUR as shown', '12 EUR as shown']);
  });
});

const run = (stage: PriceCoercionStage, item: Item): Item | Drop => {
  const out = stage.process(item, source());
  if (out instanceof Promise) throw new Error('expected a synchronous stage result');
  return out;
};

describe('price-coercion: net prices', () => {
  it('keeps a net text price with taxIncluded: false, stored among the pricing fields', () => {
    const out = run(new PriceCoercionStage(), { sku: 'a', price: '12,00 € zzgl. MwSt.' });
    if (isDrop(out)) throw new Error(`dropped: ${out.reason}`);
    expect([(out.price as Decimal).toFixed(), out.currency, out.taxIncluded]).toEqual(['12', 'EUR', false]);
    const stored = toStoredItem(out, source());
    expect([stored.price, JSON.parse(stored.pricing ?? 'null'), stored.data.taxIncluded]).toEqual(['12.00', { taxIncluded: false }, false]);
    // A gross text price says nothing of tax: no flag, nothing among the pricing fields.
    const gross = run(new PriceCoercionStage(), { sku: 'a', price: '12,00 € inkl. MwSt.' }) as Item;
    expect(['taxIncluded' in gross, toStoredItem(gross, source()).pricing]).toEqual([false, '{}']);
  });

  it('refuses a net price, from the text or the page reader, when the project compares gross prices', () => {
    const stage = new PriceCoercionStage({ netPrices: 'refuse' });
    const fromText = run(stage, { sku: 'a', price: '£10.00 ex VAT' });
    const fromReader = run(stage, { sku: 'a', price: new Decimal('10.00'), currency: 'GBP', taxIncluded: false });
    expect([fromText, fromReader].map((out) => (isDrop(out) ? out.reason : 'kept'))).toEqual(['price/net-only', 'price/net-only']);
    expect(isDrop(run(stage, { sku: 'a', price: '£12.00 inc VAT' }))).toBe(false);
  });

  it('refuses a text that says net where the item says the price includes tax', () => {
    const out = run(new PriceCoercionStage(), { sku: 'a', price: '$10.00 + tax', currency: 'USD', taxIncluded: true });
    expect(isDrop(out) ? out.reason : 'kept').toBe('price/ambiguous');
  });
});

describe('the page reader: a net weight beside the price', () => {
  const page = (box: string) => `<!doctype html><html lang="de-DE"><head><meta charset="utf-8"><title>T</title></head><body><main><h1>Kaffee</h1><div class="box">${box}</div></main></body></html>`;
  const basisOf = (box: string) => productItem(htmlResponse(page(box)))?.taxIncluded ?? 'as shown';

  it('is no price without tax ("Inhalt netto 500 g" flagged the gross price net), where a tax label beside it is', () => {
    expect(basisOf('<span class="price">3,99 €</span> <span>Inhalt netto 500 g</span>')).toBe('as shown');
    expect(basisOf('<span class="price">3,99 €</span> <span>Netto: 1,5 l</span>')).toBe('as shown');
    expect(basisOf('<span class="price">3,99 €</span> <span>netto</span>')).toBe(false);
    expect(basisOf('<span class="price">3,99 €</span> <span>zzgl. MwSt.</span>')).toBe(false);
  });
});
