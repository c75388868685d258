// Unit price, quantity tiers, shipping terms and availability as the page shows them, from the same scan as the current price.
import type { Cheerio, CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import { Decimal } from '../core/money';
import { emptyPricing, type PricingFields, type QuantityTier, type ShippingTerms, type UnitPrice } from '../core/pricing';
import { normalizeAvailability, type Availability } from '../structured/availability';
import { isThreshold, unitOf } from './price-labels';
import type { ScannedPrice } from './scanned-price';
import { elsewhere, soldOut } from './sold-out';

const ok = (p: ScannedPrice) => (p.parsed.ok ? p.parsed : null);

/** One value, or a refusal when the page shows several that differ. */
function single<T>(values: T[], same: (a: T, b: T) => boolean): { value: T | null; ambiguous: boolean } {
  const kept: T[] = [];
  for (const value of values) if (!kept.some((k) => same(k, value))) kept.push(value);
  return { value: kept.length === 1 ? kept[0] : null, ambiguous: kept.length > 1 };
}

function unitPrices(scanned: readonly ScannedPrice[]): UnitPrice[] {
  return scanned.filter((p) => p.role === 'unit').flatMap((p) => {
    const parsed = ok(p);
    const unit = unitOf(p.context.after, p.context.before);
    return parsed && unit ? [{ amount: parsed.amount, currency: parsed.currency, quantity: new Decimal(unit.quantity), unit: unit.unit }] : [];
  });
}

/** The price is of one piece: "für je 9,99 €", "Buy 3 for $9.99 each" (Magento's tier line), "9,99 € cada uno". */
const EACH_BEFORE = /(?:\bje|\beach|\bà|@)\s*$/iu;
const EACH_AFTER = /^\s*(?:each|apiece|cada(?: uno| una)?|chacun|chacune|ciascuno|l'uno|per stuk|pro stück|\/\s*(?:ea|st|stk|pc|pcs|szt)\b)/iu;

/** "from 3 pcs", "3+", "3–5", "2 for": the first number of the words before the price is the tier's minimum. */
function tiers(scanned: readonly ScannedPrice[]): QuantityTier[] {
  const found = scanned.filter((p) => p.role === 'tier').flatMap((p) => {
    const parsed = ok(p);
    const label = /(\d+)\s*(for|für|pour|por|per)?[^\d]*$/iu.exec(p.context.before.replace(/(\d+)\s*[-–]\s*\d+/, '$1'));
    if (!parsed || !label) return [];
    const minQuantity = Number(label[1]);
    const each = EACH_BEFORE.test(p.context.before) || EACH_AFTER.test(p.context.after);
    return [{ minQuantity, price: parsed.amount, forQuantity: label[2] && !each ? minQuantity : 1, currency: parsed.currency }];
  });
  const byMin = new Map<number, QuantityTier>();
  for (const tier of found) if (!byMin.has(tier.minQuantity)) byMin.set(tier.minQuantity, tier);
  return [...byMin.values()].sort((a, b) => a.minQuantity - b.minQuantity);
}

function shipping(scanned: readonly ScannedPrice[]): { value: ShippingTerms | null; ambiguous: boolean } {
  const shown = scanned.filter((p) => p.role === 'shipping').flatMap((p) => (ok(p) ? [{ price: ok(p)!, threshold: isThreshold(p.context.before) }] : []));
  const same = (a: Decimal, b: Decimal) => a.eq(b);
  const cost = single(shown.filter((s) => !s.threshold).map((s) => s.price.amount), same);
  const freeOver = single(shown.filter((s) => s.threshold).map((s) => s.price.amount), same);
  if (cost.value === null && freeOver.value === null) return { value: null, ambiguous: cost.ambiguous || freeOver.ambiguous };
  const currency = shown.map((s) => s.price.currency).find((c) => c !== null) ?? null;
  return { value: { cost: cost.value, freeOver: freeOver.value, currency }, ambiguous: cost.ambiguous || freeOver.ambiguous };
}

const STOCK_WORDS: ReadonlyArray<[RegExp, Availability]> = [
  [/\b(?:out of stock|sold out|currently unavailable|not available)\b|nicht (?:mehr )?(?:lieferbar|verfügbar)|ausverkauft|rupture de stock|épuisé|agotado|esaurito|uitverkocht/iu, 'OutOfStock'],
  [/\bpre-?order\b|vorbestell|précommande|reserva/iu, 'PreOrder'],
  [/\b(?:only \d+ left|low stock|few left)\b|nur noch \d+/iu, 'LimitedAvailability'],
  [/\bin stock\b|\bavailable\b|auf lager|sofort lieferbar|lieferbar|en stock|disponible|disponibile|op voorraad|på lager/iu, 'InStock'],
];
const STOCK_HOLDER = '[class*="stock" i], [class*="availab" i], [id*="stock" i], [id*="availab" i], [class*="lieferbar" i], [class*="verfuegbar" i], [class*="dispo" i], [class*="soldout" i], [class*="delivery-information" i], link[itemprop="availability" i]';

/**
 * The elements matching `selector` inside `root`. cheerio's `root.find` first drops those of the root's children that another
 * child contains, comparing each with all (css-select's removeSubsets): a <body> of 40,000 sibling spans, a one-line page of
 * half a megabyte, took 19 s there. The document's top holds a node or two: searched from it, each match is kept when inside.
 */
function insideOf($: CheerioAPI, root: Cheerio<AnyNode>, selector: string): Cheerio<AnyNode> {
  const roots = new Set<AnyNode>(root.toArray());
  return $(selector).filter((_, element) => {
    for (let at = element.parent; at; at = at.parent) if (roots.has(at)) return true;
    return false;
  });
}

/**
 * Availability from elements named for it (stock, availability, Shopware's delivery information), and a sold-out state the
 * buy button or the price's box shows (sold-out.ts); several that disagree refuse. The price stays: a sold-out product still has it.
 */
function availability($: CheerioAPI, root: Cheerio<AnyNode>, scanned: readonly ScannedPrice[]): { value: Availability | null; ambiguous: boolean } {
  const found: Availability[] = [];
  insideOf($, root, STOCK_HOLDER).each((_, element) => {
    const $el = $(element);
    if ($el.closest('[hidden], [aria-hidden="true"], script, template, noscript, [class*="related" i], [class*="recommend" i], [class*="carousel" i]').length || elsewhere(element as Element)) return;
    const text = $el.text().replace(/\s+/g, ' ').trim();
    const byWords = STOCK_WORDS.find(([pattern]) => pattern.test(text))?.[1];
    const value = byWords ?? normalizeAvailability($el.attr('href') ?? null);
    if (value) found.push(value);
  });
  if (soldOut($, root, scanned)) found.push('OutOfStock');
  return single(found, (a, b) => a === b);
}

export function readVisiblePricing($: CheerioAPI, root: Cheerio<AnyNode>, scanned: readonly ScannedPrice[]): PricingFields {
  const fields = emptyPricing();
  const unit = single(unitPrices(scanned), (a, b) => a.amount.eq(b.amount) && a.quantity.eq(b.quantity) && a.unit === b.unit);
  fields.unitPrice = unit.value;
  if (unit.ambiguous) fields.refused.unitPrice = 'price/ambiguous';
  fields.tiers = tiers(scanned);
  const ship = shipping(scanned);
  fields.shipping = ship.value;
  if (ship.ambiguous) fields.refused.shipping = 'price/ambiguous';
  const stock = availability($, root, scanned);
  fields.availability = stock.value;
  if (stock.ambiguous) fields.refused.availability = 'availability/ambiguous';
  return fields;
}
