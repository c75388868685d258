// Deterministic demo product catalogs: a seeded PRNG picks names, prices (integer cents) and sale prices.
import type { CatalogSpec } from './catalog-specs';
import { centsToPlain } from './price-format';
import { Prng } from './prng';

export type Availability = 'InStock' | 'OutOfStock' | 'PreOrder' | 'LimitedAvailability';

export interface CatalogProduct {
  /** 0-based position in its catalog; also seeds the product page's filler text. */
  index: number;
  sku: string;
  slug: string;
  name: string;
  brand: string;
  category: string;
  categoryLabel: string;
  /** Regular price as an exact plain decimal string ("1299.00"). */
  price: string;
  /** Reduced price when on sale, else null. */
  salePrice: string | null;
  currency: string;
  availability: Availability;
  gtin13: string;
  /** Average rating with one decimal ("4.3") and review count. */
  ratingValue: string;
  reviewCount: number;
}

export interface CatalogOptions {
  seed: number;
  count: number;
  /**
   * Price-change rounds for history demos: with shift n > 0, every fourth product (index % 4 ==
   * n % 4) costs n whole units more, sale price included; everything else stays as with 0.
   */
  priceShift?: number;
}

/** Whether `priceShift` moves this product's price (see CatalogOptions.priceShift). */
export function isShifted(index: number, priceShift: number | undefined): boolean {
  return !!priceShift && index % 4 === priceShift % 4;
}

/** The price a shopper pays now: the sale price when there is one. */
export function currentPrice(product: CatalogProduct): string {
  return product.salePrice ?? product.price;
}

/** Regular prices end like real shelf prices (.99, .00, .49, .95), drawn as integer cents. */
function drawCents(prng: Prng, minCents: number, maxCents: number): number {
  const whole = prng.int(Math.floor(minCents / 100), Math.floor(maxCents / 100));
  const ending = prng.pick([99, 99, 0, 49, 95]);
  return Math.max(whole * 100 + ending - (ending === 0 ? 0 : 100), 99);
}

/** 10–40 % off, landing on .99 and strictly below the regular price. */
function drawSaleCents(prng: Prng, regularCents: number): number | null {
  const percentOff = prng.int(10, 40);
  const reduced = Math.floor((regularCents * (100 - percentOff)) / 100);
  const sale = Math.floor(reduced / 100) * 100 - 1;
  return sale > 0 && sale < regularCents ? sale : null;
}

function drawAvailability(prng: Prng): Availability {
  const roll = prng.int(0, 99);
  if (roll < 80) return 'InStock';
  if (roll < 90) return 'OutOfStock';
  if (roll < 95) return 'PreOrder';
  return 'LimitedAvailability';
}

function gtin13(prng: Prng): string {
  const digits = Array.from({ length: 12 }, (_, i) => (i === 0 ? prng.int(1, 9) : prng.int(0, 9)));
  const sum = digits.reduce((acc, digit, i) => acc + digit * (i % 2 === 0 ? 1 : 3), 0);
  return digits.join('') + String((10 - (sum % 10)) % 10);
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss')
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * `count` products spread round-robin over the spec's departments. Everything follows from
 * (spec, seed, index): a shop can render product 57 without generating products 0–56.
 */
export function buildCatalog(spec: CatalogSpec, options: CatalogOptions): CatalogProduct[] {
  const products: CatalogProduct[] = [];
  for (let index = 0; index < options.count; index++) {
    const prng = new Prng(options.seed, index + 1);
    const department = spec.departments[index % spec.departments.length];
    const brand = prng.pick(spec.brands);
    const name = `${brand} ${prng.pick(spec.adjectives)} ${prng.pick(department.nouns)} ${prng.int(10, 99)}${prng.pick(['', '0', 'X', 'S'])}`;
    const sku = `${spec.skuPrefix}-${String(options.seed % 1000).padStart(3, '0')}-${String(10_000 + index * 7 + prng.int(0, 6))}`;
    const shiftCents = isShifted(index, options.priceShift) ? 100 * options.priceShift! : 0;
    const drawnCents = drawCents(prng, department.minCents, department.maxCents);
    const drawnSale = prng.chance(25) ? drawSaleCents(prng, drawnCents) : null;
    const regularCents = drawnCents + shiftCents;
    const saleCents = drawnSale === null ? null : drawnSale + shiftCents;
    products.push({
      index,
      sku,
      slug: `${slugify(name)}-${sku.toLowerCase()}`,
      name,
      brand,
      category: department.category,
      categoryLabel: department.label,
      price: centsToPlain(regularCents),
      salePrice: saleCents === null ? null : centsToPlain(saleCents),
      currency: spec.currency,
      availability: drawAvailability(prng),
      gtin13: gtin13(prng),
      ratingValue: `${prng.int(2, 4)}.${prng.int(0, 9)}`,
      reviewCount: prng.int(0, 640),
    });
  }
  return products;
}
