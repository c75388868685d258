// The site of an item: registrable domain of its page (public suffix list via tldts), host:port for addresses, or what the spider states.
import { describe, expect, it } from 'vitest';
import { itemSite, siteOf } from '../../src/pipeline/item-site';
import { itemKey } from '../../src/pipeline/stored-item';
import { source } from './pipeline-fixtures';

describe('siteOf', () => {
  it.each([
    ['https://www.shop.de/p/1', 'shop.de'],
    ['https://m.shop.de/p/1', 'shop.de'],
    ['https://SHOP.de./p/1', 'shop.de'],
    ['https://www.amazon.co.uk/dp/B0', 'amazon.co.uk'],
    ['https://smile.amazon.com.au/dp/B0', 'amazon.com.au'],
    ['https://www.shop.ch:8443/p', 'shop.ch'],
    ['https://bücher.example/p', 'xn--bcher-kva.example'],
    // Two stores under a platform's private suffix are two shops.
    ['https://alpha.myshopify.com/p', 'alpha.myshopify.com'],
    ['https://beta.myshopify.com/p', 'beta.myshopify.com'],
    // No registrable domain: the address without its port (a demo or dev server's port changes from run to run).
    ['http://127.0.0.1:8080/p', '127.0.0.1'],
    ['http://127.0.0.1:8081/p', '127.0.0.1'],
    ['http://127.0.0.2:8080/p', '127.0.0.2'],
    ['http://[::ffff:7f00:1]:9000/p', '127.0.0.1'],
    ['http://[::1]:9000/p', '[::1]'],
    ['http://localhost:3000/p', 'localhost'],
    ['http://intranet/p', 'intranet'],
  ])('%s → %s', (url, site) => {
    expect(siteOf(url)).toBe(site);
  });

  it('refuses text that is no absolute URL', () => {
    expect(() => siteOf('/p/1')).toThrow(TypeError);
  });
});

describe('item identity', () => {
  it('is the site and the sku; a stated site wins; items without sku keep their content key', () => {
    expect(itemKey({ sku: 'K1' }, source({ url: 'https://www.shop.de/p' }))).toBe('shop.de K1');
    expect(itemKey({ sku: 4711 }, source({ url: 'https://m.shop.de/p' }))).toBe('shop.de 4711');
    expect(itemKey({ sku: 'K1', site: 'Shop.example/AT' }, source({ url: 'https://shop.example/at/p' }))).toBe('shop.example/at K1');
    expect(itemKey({ name: 'n' }, source({ url: 'https://www.shop.de/p' }))).toMatch(/^[0-9a-f]{40}$/);
  });

  it('refuses a stated site that is not one word rather than merging it into another identity', () => {
    expect(() => itemSite({ sku: 'K1', site: 'shop de' }, source())).toThrow(TypeError);
    expect(() => itemSite({ sku: 'K1', site: 42 }, source())).toThrow(TypeError);
    expect(() => itemSite({ sku: 'K1', site: '' }, source())).toThrow(TypeError);
  });
});
