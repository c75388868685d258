import { describe, expect, it } from 'vitest';
import { Decimal } from '../../src/core/money';
import { buildCatalog, currentPrice } from '../../demo/catalog';
import { deGeneralStoreSpec, ukHomeGardenSpec, usElectronicsSpec } from '../../demo/catalog-specs';
import { centsToPlain, formatEurGerman, formatGbp, formatUsd, plainToCents } from '../../demo/price-format';
import { Prng } from '../../demo/prng';

describe('Prng', () => {
  it('repeats for a seed and differs across seeds', () => {
    const draw = (seed: number) => Array.from({ length: 20 }, ((prng) => () => prng.nextUint32())(new Prng(seed)));
    expect(draw(7)).toEqual(draw(7));
    expect(draw(7)).not.toEqual(draw(8));
  });

  it('keeps int() inside its inclusive bounds and reaches both ends', () => {
    const prng = new Prng(42);
    const seen = new Set(Array.from({ length: 2_000 }, () => prng.int(3, 9)));
    expect([...seen].sort()).toEqual([3, 4, 5, 6, 7, 8, 9]);
  });
});

describe('price formatting', () => {
  it.each([
    ['1299.00', '$1,299.00', '£1,299.00', '1.299,00\u00a0€'],
    ['1234567.89', '$1,234,567.89', '£1,234,567.89', '1.234.567,89\u00a0€'],
    ['0.05', '$0.05', '£0.05', '0,05\u00a0€'],
    ['999.99', '$999.99', '£999.99', '999,99\u00a0€'],
  ])('%s renders per locale', (plain, usd, gbp, eur) => {
    expect(formatUsd(plain)).toBe(usd);
    expect(formatGbp(plain)).toBe(gbp);
    expect(formatEurGerman(plain)).toBe(eur);
  });

  it('converts cents both ways exactly and rejects non-prices', () => {
    expect(centsToPlain(5)).toBe('0.05');
    expect(centsToPlain(129_900)).toBe('1299.00');
    expect(plainToCents('1299.00')).toBe(129_900);
    expect(() => plainToCents('12.9')).toThrow();
    expect(() => centsToPlain(1.5)).toThrow();
  });
});

describe('buildCatalog', () => {
  const specs = [usElectronicsSpec, ukHomeGardenSpec, deGeneralStoreSpec];

  it('is the same for the same seed and different for another seed', () => {
    expect(buildCatalog(usElectronicsSpec, { seed: 5, count: 50 })).toEqual(buildCatalog(usElectronicsSpec, { seed: 5, count: 50 }));
    const other = buildCatalog(usElectronicsSpec, { seed: 6, count: 50 });
    expect(other.map((p) => p.price)).not.toEqual(buildCatalog(usElectronicsSpec, { seed: 5, count: 50 }).map((p) => p.price));
  });

  it('does not depend on the catalog size: product i is the same in a small and a large catalog', () => {
    expect(buildCatalog(ukHomeGardenSpec, { seed: 9, count: 300 }).slice(0, 40)).toEqual(buildCatalog(ukHomeGardenSpec, { seed: 9, count: 40 }));
  });

  it.each(specs.map((spec) => [spec.currency, spec] as const))('%s catalog: unique SKUs and slugs, exact plain prices, real sales, four-digit prices', (currency, spec) => {
    const catalog = buildCatalog(spec, { seed: 20_260_601, count: 300 });
    expect(new Set(catalog.map((p) => p.sku)).size).toBe(300);
    expect(new Set(catalog.map((p) => p.slug)).size).toBe(300);
    for (const product of catalog) {
      expect(product.currency).toBe(currency);
      expect(product.price).toMatch(/^\d+\.\d{2}$/);
      if (product.salePrice) {
        expect(product.salePrice).toMatch(/^\d+\.\d{2}$/);
        expect(new Decimal(product.salePrice).lt(product.price)).toBe(true);
        expect(currentPrice(product)).toBe(product.salePrice);
      }
      expect(product.gtin13).toMatch(/^\d{13}$/);
    }
    const onSale = catalog.filter((p) => p.salePrice).length;
    expect(onSale).toBeGreaterThan(30);
    expect(onSale).toBeLessThan(150);
    expect(catalog.some((p) => new Decimal(currentPrice(p)).gte(1000))).toBe(true);
    expect(new Set(catalog.map((p) => p.category)).size).toBe(spec.departments.length);
  });
});
