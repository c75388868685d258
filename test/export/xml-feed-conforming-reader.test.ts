// The XML feed read back by a conforming XML 1.0 parser (Chromium's DOMParser, libxml2), which normalises attribute values as the spec says.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { XML_FOOTER, XML_HEADER, xmlItem } from '../../src/app/export/xml-format';
import { trackedChromium } from '../support/tracked-chromium';

const chromium = trackedChromium();
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await chromium.launch();
  page = await browser.newPage();
}, 60_000);
afterAll(() => chromium.closeAll());

/** Each `<field name="…">` of the document as the parser reads it: its name attribute and its text. */
async function namedFields(xml: string): Promise<Array<[string, string]>> {
  // Browser code as a string: the test's types know no DOM.
  return page.evaluate<Array<[string, string]>>(`(() => {
    const doc = new DOMParser().parseFromString(${JSON.stringify(xml)}, 'application/xml');
    if (doc.getElementsByTagName('parsererror').length > 0) throw new Error('not well-formed: ' + doc.documentElement.textContent);
    return [...doc.getElementsByTagName('field')].map((field) => [field.getAttribute('name') ?? '', field.textContent ?? '']);
  })()`);
}

describe('XML feed through a conforming reader', { timeout: 60_000 }, () => {
  // Before: a key that is no element name was written into the name attribute with its tab or line break raw, and
  // every XML reader replaces those with spaces in an attribute (attribute-value normalisation): "Weight\n(kg)"
  // came back as "Weight (kg)", and two keys differing only so came back as one name.
  it('a field name with tabs and line breaks reads back exactly from its name attribute', async () => {
    const names = ['Weight\n(kg)', 'a\tb', 'cr\rlf\r\n', 'say "hi" & <go>', 'Weight (kg)'];
    const record = { sku: 'A-1', specs: Object.fromEntries(names.map((name, i) => [name, `v${i}`])) };
    const fields = await namedFields(`${XML_HEADER}${xmlItem(record)}${XML_FOOTER}`);
    expect(fields).toEqual(names.map((name, i) => [name, `v${i}`]));
  });
});
