// JSON-LD a template wrote with slips whose meaning is still one (read), and slips where a reading would be a guess (skipped).
import { describe, expect, it } from 'vitest';
import { productItem } from '../../src/items/product-item';
import { repairJson } from '../../src/structured/json-repair';
import { htmlResponse } from '../support/html-response';

const page = (block: string) => `<html><head><script type="application/ld+json">${block}</script></head><body><h1>Kettle</h1></body></html>`;
const product = '"@context":"https://schema.org","@type":"Product","name":"Kettle","sku":"K1"';
const offer = '"offers":{"@type":"Offer","price":"19.99","priceCurrency":"EUR"}';

function read(block: string) {
  const res = htmlResponse(page(block));
  const item = productItem(res);
  return { price: item?.price == null ? null : String(item.price), currency: item?.currency ?? null, skipped: res.structuredData().skipped.map((s) => s.reason) };
}

describe('JSON-LD with a template\'s slips', () => {
  it.each([
    ['a comma after the last property (a Liquid loop)', `{${product},"offers":[{"@type":"Offer","price":"19.99","priceCurrency":"EUR",},],}`],
    ['a description\'s line breaks and tab raw in a string', `{${product},"description":"Boils fast.\n\tTwo litres.\r\n",${offer}}`],
    ['two blocks run together in one script', `{"@context":"https://schema.org","@type":"BreadcrumbList","itemListElement":[]}{${product},${offer}}`],
    ['a comma between them and a semicolon after', `{"@context":"https://schema.org","@type":"WebSite","name":"Shop"},\n{${product},${offer}};`],
    ['a trailing comma inside an HTML comment wrapper', `<!--\n{${product},${offer},}\n-->`],
    ['the whole block HTML-escaped (a CMS escaping its output: &quot;)', `{${product},${offer}}`.replace(/"/g, '&quot;')],
    ['the block encoded twice (a JSON string holding the JSON)', JSON.stringify(`{${product},${offer}}`)],
    ['comments a template left in (/* */ and //), a URL\'s // inside a string untouched', `{${product}, /* price block */\n"url":"https://shop.example/p/1", // the offer\n${offer}}`],
  ])('%s: read', (_name, block) => {
    expect(read(block)).toEqual({ price: '19.99', currency: 'EUR', skipped: [] });
  });

  it.each([
    ['a missing comma', `{${product} ${offer}}`],
    ['a stray quote in a name', `{"@context":"https://schema.org","@type":"Product","name":"Kettle 1.7" chrome",${offer}}`],
    ['single quotes', `{'@type':'Product','name':'Kettle',${offer}}`],
    ['a block cut short', `{${product},${offer}`],
    ['text after the object', `{${product},${offer}} var x = 1;`],
  ])('%s: skipped as malformed, never half-read', (_name, block) => {
    expect(read(block)).toEqual({ price: null, currency: null, skipped: ['json-ld/malformed'] });
  });

  it('leaves commas and control escapes inside strings as written', () => {
    expect(repairJson('{"a":"x,}","b":[1,2,],}\n')).toEqual(['{"a":"x,}","b":[1,2]}']);
    expect(repairJson('{"a":"line\none \\" q\\n"}')).toEqual(['{"a":"line\\none \\" q\\n"}']);
    expect(repairJson('}{')).toBeNull();
  });
});
