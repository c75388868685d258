// The trap shop's catalog: each product's current and struck price, pack size and unit price, tiers, instalment and "from" price, in integer cents.
import { buildCatalog, type CatalogProduct } from './catalog';
import { deDrogerieSpec } from './catalog-specs';
import { Prng } from './prng';

/** The ways a page shows a struck price (WooCommerce, Shopify, Magento, PrestaShop and hand-made themes). */
export const STRUCK_WAYS = ['del', 's', 'strike', 'magento-old-price', 'shopify-compare-at', 'prestashop-regular-price', 'inline-line-through', 'style-rule', 'aria-label', 'title', 'statt-label', 'woocommerce', 'data-price-type'] as const;
export type StruckWay = (typeof STRUCK_WAYS)[number];

/** Pack sizes the unit price is quoted for ("Grundpreis"). */
const PACKS = [
  { label: '250 g', grams: 250, per: { quantity: '100', unit: 'g' } },
  { label: '500 g', grams: 500, per: { quantity: '1', unit: 'kg' } },
  { label: '1 kg', grams: 1000, per: { quantity: '1', unit: 'kg' } },
  { label: '750 ml', grams: 750, per: { quantity: '1', unit: 'l' } },
  { label: '1,5 l', grams: 1500, per: { quantity: '1', unit: 'l' } },
] as const;

export const SHIPPING_CENTS = 495;
export const FREE_SHIPPING_OVER_CENTS = 5000;

export interface TrapProduct {
  product: CatalogProduct;
  /** What the shopper pays now. */
  currentCents: number;
  /** The struck price shown beside it, or null (products from STRUCK_WAYS.length * 4 on show none). */
  wasCents: number | null;
  way: StruckWay;
  /** Where the struck price stands relative to the current one. */
  struckAfter: boolean;
  pack: (typeof PACKS)[number];
  /** The unit price for `pack.per` (rounded to the cent as shops print it). */
  unitCents: number;
  /** From 3 and from 10 pieces, per piece; and "2 für" (the price of two) on every fourth product. */
  tierCents: { from3: number; from10: number; twoFor: number | null };
  /** "4 x" monthly instalment shown on products from 50 €. */
  instalmentCents: number | null;
  /** The cheapest other size ("weitere Größen ab"), below the current price. */
  fromCents: number;
  /** Pfand on drinks. */
  depositCents: number | null;
}

const cents = (plain: string) => Number(plain.replace('.', ''));

export function buildTrapCatalog(seed: number, count: number, priceShift?: number): TrapProduct[] {
  return buildCatalog(deDrogerieSpec, { seed, count, priceShift }).map((product) => {
    const prng = new Prng(seed ^ 0x7a11, product.index + 1);
    const withStruck = product.index < STRUCK_WAYS.length * 4;
    const regular = cents(product.price);
    const sale = product.salePrice ? cents(product.salePrice) : null;
    // Every product of the first rounds shows a struck price: the sale's regular price, or a higher "UVP".
    const currentCents = sale ?? regular;
    const wasCents = withStruck ? (sale ? regular : regular + Math.max(100, Math.floor(regular / 500) * 100)) : null;
    const pack = prng.pick(PACKS);
    const perGrams = pack.per.unit === 'g' ? Number(pack.per.quantity) : 1000;
    return {
      product,
      currentCents,
      wasCents,
      way: STRUCK_WAYS[product.index % STRUCK_WAYS.length],
      struckAfter: Math.floor(product.index / STRUCK_WAYS.length) % 2 === 1,
      pack,
      unitCents: Math.round((currentCents * perGrams) / pack.grams),
      tierCents: { from3: Math.floor((currentCents * 95) / 100), from10: Math.floor((currentCents * 90) / 100), twoFor: product.index % 4 === 1 ? currentCents * 2 - 50 : null },
      instalmentCents: currentCents >= 5000 ? Math.ceil(currentCents / 4) : null,
      fromCents: Math.max(49, currentCents - prng.int(50, 300)),
      depositCents: product.category === 'getraenke' ? 25 : null,
    };
  });
}
