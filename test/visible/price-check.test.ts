// Structured vs visible price on one page: agreement, the documented rule when they disagree, and the item that records it.
import { describe, expect, it } from 'vitest';
import { PriceCoercionStage } from '../../pipelines/price-coercion-stage';
import { productItem } from '../../src/items/product-item';
import { htmlResponse } from '../support/html-response';

const offer = (price: string) => `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: 'Kettle', sku: 'K1', offers: { '@type': 'Offer', price, priceCurrency: 'EUR' } })}</script>`;
const page = (head: string, body: string) => `<!doctype html><html lang="de-DE"><head>${head}</head><body><h1>Kettle</h1>${body}</body></html>`;
const item = (head: string, body: string) => productItem(htmlResponse(page(head, body)));

describe('structured and visible price on one page', () => {
  it('agreeing: the structured price, source structured, nothing recorded', () => {
    const got = item(offer('24.90'), '<p class="price">24,90 €</p>');
    expect([got?.price?.toString(), got?.source, got?.priceCheck]).toEqual(['24.9', 'structured', undefined]);
  });

  it('agreeing on a sale price the data states alone: the list price is the one the page strikes beside it', () => {
    const got = item(offer('80.00'), '<p class="price"><del>100,00 €</del> <ins>80,00 €</ins></p>');
    expect([got?.price?.toString(), got?.listPrice, got?.source]).toEqual(['80', '100.00', 'structured']);
  });

  it('JSON-LD states the regular price the page strikes: the visible sale price wins, recorded as visible-confirmed', () => {
    const got = item(offer('100.00'), '<p class="price"><del>100,00 €</del> <ins>80,00 €</ins></p>');
    expect([got?.price?.toString(), got?.listPrice, got?.source]).toEqual(['80', '100.00', 'visible']);
    expect(got?.priceCheck).toEqual({ structured: '100.00', structuredCurrency: 'EUR', visible: '80.00', visibleCurrency: 'EUR', rule: 'visible-confirmed' });
  });

  it('JSON-LD regular price, OpenGraph sale price and the page agree on the sale: visible-confirmed', () => {
    const og = '<meta property="og:price:amount" content="80.00"><meta property="og:price:currency" content="EUR">';
    const got = item(offer('100.00') + og, '<p class="price">80,00 €</p>');
    expect([got?.price?.toString(), got?.listPrice, got?.source, got?.priceCheck?.rule]).toEqual(['80', '100.00', 'visible', 'visible-confirmed']);
  });

  it('JSON-LD written in cents (1999 beside 19,99 €, a theme bug): the page\'s price, recorded as minor-units', () => {
    const got = item(offer('1999'), '<p class="price">19,99 €</p>');
    expect([got?.price?.toString(), got?.source, got?.priceRefusal]).toEqual(['19.99', 'visible', undefined]);
    expect(got?.priceCheck).toEqual({ structured: '1999.00', structuredCurrency: 'EUR', visible: '19.99', visibleCurrency: 'EUR', rule: 'minor-units' });
  });

  it('nothing confirms either side: no price, the reason price/disagree, both amounts recorded; the pipeline drops with that reason', () => {
    const got = item(offer('100.00'), '<p class="price">90,00 €</p>');
    expect([got?.price, got?.priceRefusal, got?.source]).toEqual([null, 'price/disagree', undefined]);
    expect(got?.priceCheck).toEqual({ structured: '100.00', structuredCurrency: 'EUR', visible: '90.00', visibleCurrency: 'EUR', rule: 'refused' });
    expect(new PriceCoercionStage().process(got!)).toMatchObject({ dropped: true, reason: 'price/disagree' });
  });

  it('offers in several currencies, none the shop\'s, and no price on the page: refused as price/ambiguous naming the currencies, not "no price found"', () => {
    const offers = ['USD', 'GBP'].map((currency, i) => ({ '@type': 'Offer', price: ['12.99', '10.49'][i], priceCurrency: currency }));
    const head = `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: 'Kettle', sku: 'K1', offers })}</script>`;
    const got = productItem(htmlResponse(page(head, '<p>Choose your country</p>')), { defaultCurrency: 'EUR' });
    expect([got?.price, got?.priceRefusal]).toEqual([null, 'price/ambiguous']);
    expect(new PriceCoercionStage().process(got!)).toMatchObject({ dropped: true, reason: 'price/ambiguous' });
    // With the shop's currency among them, its offer is the price.
    const inUsd = productItem(htmlResponse(page(head, '<p>Choose your country</p>')), { defaultCurrency: 'USD' });
    expect([inUsd?.price?.toString(), inUsd?.currency]).toEqual(['12.99', 'USD']);
  });

  it('no structured data: the visible price, source visible; an ambiguous page yields a refusal, a page with no price nothing', () => {
    const got = item('', '<p class="price"><del>30,00 €</del> 24,00 €</p><p class="grundpreis">(12,00 € / kg)</p>');
    expect([got?.sku, got?.name, got?.price?.toString(), got?.currency, got?.listPrice, got?.source, got?.unitPrice]).toEqual([
      'https://shop.example/p/1', 'Kettle', '24', 'EUR', '30.00', 'visible', { amount: '12.00', currency: 'EUR', quantity: '1', unit: 'kg' },
    ]);
    expect(item('', '<p class="price">24,00 €</p><p class="price">26,00 €</p>')).toMatchObject({ price: null, priceRefusal: 'price/ambiguous' });
    expect(item('', '<p>Bald wieder da.</p>')).toBeNull();
  });

  it('a visible page that refuses leaves the structured price alone when it shows that price (an accessory\'s price elsewhere)', () => {
    const got = item(offer('24.90'), '<div class="buy"><p class="price">24,90 €</p></div><div class="zubehoer"><p class="price">19,90 €</p></div>');
    expect([got?.price?.toString(), got?.source, got?.priceCheck]).toEqual(['24.9', 'structured', undefined]);
  });

  it('an ambiguous page that does not show the structured price, or shows a lower one right beside it, refuses', () => {
    // A net price in the data, the gross price and an accessory on the page: the data states what the page never shows.
    expect(item(offer('100.00'), '<div class="buy"><p class="price">119,00 €</p></div><div><p class="price">24,90 €</p></div>')).toMatchObject({ price: null, priceRefusal: 'price/disagree' });
    // Two prices in one box, the data the higher: a sale it does not know, beside a "was" price marked in no way we read.
    expect(item(offer('24.90'), '<p class="price"><span class="a">19,90 €</span> <span class="b">24,90 €</span></p>')).toMatchObject({ price: null, priceRefusal: 'price/ambiguous' });
  });

  // Before: each of these stored the JSON-LD's currency over the sign the page shows (a plugin's default).
  describe('a shared sign on the page against the structured currency', () => {
    const ld = (price: string, priceCurrency: string) =>
      `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: 'Kettle', sku: 'K1', offers: { '@type': 'Offer', price, priceCurrency } })}</script>`;
    const en = (head: string, body: string) => productItem(htmlResponse(`<!doctype html><html lang="en"><head>${head}</head><body><h1>Kettle</h1>${body}</body></html>`));

    it.each([
      ['GBP', '$19.99'],
      ['EUR', '$19.99'],
      ['USD', '19,99 kr'],
      ['EUR', '¥1,999'],
    ])('refuses %s data beside a page showing %s, a sign that is never that currency', (currency, shown) => {
      const got = en(ld(shown.includes('¥') ? '1999' : '19.99', currency), `<p class="price">${shown}</p>`);
      expect([got?.price, got?.priceRefusal]).toEqual([null, 'price/disagree']);
    });

    it('lets the data name which of the sign\'s currencies it is, also where the data holds no price', () => {
      expect([en(ld('19.99', 'CAD'), '<p class="price">$19.99</p>')].map((got) => [got?.price?.toString(), got?.currency])).toEqual([['19.99', 'CAD']]);
      expect([en(ld('0.00', 'AUD'), '<p class="price">$19.99</p>')].map((got) => [got?.price?.toString(), got?.currency, got?.source])).toEqual([['19.99', 'AUD', 'visible']]);
      expect([en(ld('19.99', 'EUR'), '<p class="price">19.99</p>')].map((got) => [got?.price?.toString(), got?.currency])).toEqual([['19.99', 'EUR']]);
    });
  });
});
