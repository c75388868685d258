// `pricecrawl fetch` as a user runs it: the HTTP view and the rendered browser view of a JS shop page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJsShop, type RunningShop, type ShopGroup } from '../../demo/demo-shops';
import { cli } from '../support/run-cli';

let group: ShopGroup;
let shop: RunningShop;

beforeAll(async () => {
  group = await startJsShop({ productCounts: { 'js-rendered': 3 } });
  shop = group.shops[0];
});
afterAll(() => group.close());

describe('pricecrawl fetch', () => {
  it('shows the bare HTML over HTTP, and the script-filled price and captured API body with --browser', async () => {
    const product = shop.expected.items[0];
    const [plain, rendered] = await Promise.all([
      cli(['fetch', product.url]),
      cli(['fetch', product.url, '--browser', '--wait-for', '.price[data-ready]', '--capture', '/api/price/']),
    ]);
    expect(plain).toMatchObject({ code: 0, stderr: '' });
    expect(plain.stdout).toMatch(new RegExp(`^200 ${product.url} {2}\\(http, \\d+ bytes, utf-8`));
    expect(plain.stdout).toContain('content-type: text/html; charset=utf-8');
    expect(plain.stdout).not.toContain(product.priceText);
    expect(rendered.code).toBe(0);
    expect(rendered.stdout).toMatch(new RegExp(`^200 ${product.url} {2}\\(browser, `));
    expect(rendered.stdout).toContain(`Price: ${product.priceText}`);
    expect(rendered.stdout).toContain(`captured 200 ${shop.origin}/api/price/${product.sku}`);
  }, 60_000);
});
