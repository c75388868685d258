// visiblePrice: the current price a shopper reads on a product page or price block, or a refusal with a reason.
import type { Decimal } from '../core/money';
import { REGULAR_LABEL } from '../prices/regular-words';
import { printedMinorDigits } from '../prices/iso-currencies';
import { nonPositiveRefusal } from '../prices/non-positive-refusal';
import { grossAtRate, grossOfNet, namesGross, namesNet } from '../prices/tax-words';
import { parentPath } from './css-path';
import { netAlone } from './net-alone';
import type { ScannedPrice } from './scanned-price';
import { amountAlone, otherUnnamed } from './unread-sheets';

/** One price read off the page: exact amount, ISO currency, the text and the element it came from. */
export interface ReadPrice {
  amount: Decimal;
  currency: string | null;
  /** A shared sign nothing on the page resolved ("$", "kr"): the codes it may stand for. Absent for a bare number. */
  currencyCandidates?: readonly string[];
  /**
   * Set when the page's locale or the spider's default picked `currency`, not the text: the codes the text's sign allows
   * ("$" on an en-US page: every dollar), or null for a bare number (any). A structured priceCurrency among them says more.
   */
  currencyPickedAmong?: readonly string[] | null;
  text: string;
  /** CSS path of the element. */
  path: string;
}

export interface VisiblePrice extends ReadPrice {
  ok: true;
  /** The struck / "was" price the page shows beside it (above the current one), for sale detection; else null. */
  regular: ReadPrice | null;
  /** The price without tax the page shows beside this gross one ("100,00 € zzgl. MwSt."; see grossShown). */
  net?: ReadPrice;
  /** The price is labelled without tax and no gross is shown beside it ("24,00 € HT" alone; see netAlone). */
  taxIncluded?: false;
  /** The page's currency switcher has this currency selected, and it (not the text's sign) gave the price its currency. */
  switcherCurrency?: string;
}

/**
 * The page does not determine one current price: `price/not-found` (no current price shown),
 * `price/ambiguous` (current prices that disagree; `candidates` lists them), `price/range` (only a
 * "from" or range price), `price/rate-only` (only a price per night, day, week, month, year or person: the total
 * to pay is not shown), `price/member-only` (only a loyalty club's price: "Member price", "Clubcard Price"), `price/only-reference` (only struck or "was" prices), `price/on-request` (the page
 * says the price is given on request: "Call for price", "Preis auf Anfrage"), `price/login-required` (shown to signed-in
 * customers only: "Login to see price", "Preise nach Anmeldung"), `price/in-cart` (shown only in the cart: "See price in
 * cart", "Preis im Warenkorb"), `price/zero` (only a zero the page does not call free: "0,00 €", a template's `$0.00`),
 * or the parser's own
 * reason for the one price text it could not read.
 */
export interface VisiblePriceRefusal {
  ok: false;
  reason: string;
  detail?: string;
  candidates: ReadPrice[];
}

export type VisiblePriceResult = VisiblePrice | VisiblePriceRefusal;

function readOf(price: ScannedPrice): ReadPrice | null {
  if (!price.parsed.ok) return null;
  const read: ReadPrice = { amount: price.parsed.amount, currency: price.parsed.currency, text: price.text, path: price.path };
  if (price.parsed.currencyCandidates) read.currencyCandidates = price.parsed.currencyCandidates;
  if (price.parsed.currency !== null && price.parsed.currencySource !== 'text') read.currencyPickedAmong = price.parsed.signCandidates ?? null;
  return read;
}

/** The prices that pass `keep`, when any does; else all of them. */
const preferred = (prices: readonly ScannedPrice[], keep: (price: ScannedPrice) => boolean): readonly ScannedPrice[] => (prices.some(keep) ? prices.filter(keep) : prices);

/** Same amount and currency: one price shown twice (sticky bar, mobile and desktop copies) is not a disagreement. */
function distinct(prices: readonly ReadPrice[]): ReadPrice[] {
  const kept: ReadPrice[] = [];
  for (const price of prices) if (!kept.some((k) => k.amount.eq(price.amount) && k.currency === price.currency)) kept.push(price);
  return kept;
}

/**
 * Current prices in an element named as a price holder (or set as a heading of their own) win over
 * unmarked ones (prose, badges); when they still disagree, nothing is picked. Among options of one choice
 * (fare families, rooms) the one the page marks as taken speaks for the page, the others do not.
 */
export function decideVisiblePrice(scanned: readonly ScannedPrice[], page: { unreadSheets?: boolean } = {}): VisiblePriceResult {
  // An aria-hidden price no screen-reader copy says is read only when nothing else shows one: beside another it may be a
  // variant's price a linked sheet hides with it (eye-alone.ts).
  // "≈ €52.10" beside "£45.00": a conversion or an estimate beside an exact amount is never the price; alone it is, as the parser reads it.
  const onScreen = preferred(scanned.filter((p) => p.role === 'current'), (p) => !p.approximate);
  const shown = preferred(onScreen, (p) => !p.drawnOnly);
  // Options of one choice, each with its price (fare families, rooms, plans): once the page marks one as taken, the others are choices not taken.
  const current = shown.some((p) => p.choice === 'chosen') ? shown.filter((p) => p.choice !== 'unchosen') : shown;
  // "Price on request" says the product has no price here: an amount beside it is an accessory's, a deposit's, a guess.
  const requested = scanned.find((p) => p.role === 'on-request');
  if (requested) return { ok: false, reason: requested.parsed.ok ? 'price/on-request' : requested.parsed.reason, detail: `${requested.path}: ${requested.text}`, candidates: current.flatMap((p) => readOf(p) ?? []) };
  // "$19.99" drawn for the eye, "$24.99" said to screen readers: which the shopper pays, the page does not agree with itself.
  const copied = scanned.find((p) => p.copyConflict);
  if (copied) return { ok: false, reason: 'price/ambiguous', detail: copied.copyConflict, candidates: current.flatMap((p) => readOf(p) ?? []) };
  // A price set as a heading of its own stays in: a single named price elsewhere (another product's card) must not outrank it,
  // nor a bare amount beside a named one in its box (see besideNamed).
  const named = current.some((p) => p.marked) ? current.filter((p) => p.marked || p.headline || besideNamed(p, current)) : current;
  const pool = ownProduct(named);
  const unreadable = pool.find((p) => !p.parsed.ok);
  if (unreadable && !unreadable.parsed.ok) {
    return { ok: false, reason: unreadable.parsed.reason, detail: `${unreadable.path}: ${unreadable.text}`, candidates: pool.flatMap((p) => readOf(p) ?? []) };
  }
  const values = distinct(pool.flatMap((p) => readOf(p) ?? []).filter((p) => p.amount.gt(0)));
  // "$29.99 [Original price, for screen readers] $19.99": which of the two the label strikes, the markup does not say.
  const unsettled = pool.find((p) => p.unsettled);
  if (unsettled) return { ok: false, reason: 'price/ambiguous', detail: unsettled.unsettled, candidates: values };
  const withRole = (role: ScannedPrice['role']) => distinct(scanned.filter((p) => p.role === role).flatMap((p) => readOf(p) ?? []));
  const references = withRole('reference');
  const priorLowest = withRole('prior-lowest');
  const gross = grossShown(pool, values);
  // "Regular price $10.00" (Dawn's label of a price not on sale) beside a taken pill's "$12.00": the page shows two prices for the
  // variant. The label alone would be the price (regularAlone), so the taken option does not silence it. It stored 12.00.
  const regularBeside = shown.some((p) => p.choice === 'chosen') && values.length === 1 ? regularAlone(scanned, references, priorLowest) : null;
  if (regularBeside && !regularBeside.amount.eq(values[0].amount)) return { ok: false, reason: 'price/ambiguous', detail: `the taken option's ${values[0].text} beside the page's regular price ${regularBeside.text}`, candidates: [values[0], regularBeside] };
  if (values.length > 1 && !gross) return { ok: false, reason: 'price/ambiguous', detail: `${values.length} different current prices`, candidates: values };
  if (values.length === 0) {
    const ranges = scanned.filter((p) => p.role === 'range').flatMap((p) => readOf(p) ?? []);
    if (ranges.length > 0) return { ok: false, reason: 'price/range', detail: 'only a "from" or range price is shown', candidates: ranges };
    // A price per night, person or month with no total beside it: the stay's or the plan's price is not shown.
    const rates = withRole('rate');
    if (rates.length > 0) return { ok: false, reason: 'price/rate-only', detail: 'only a price per night, day, week, month, year or person is shown', candidates: rates };
    // "0,00 €" where the price should be, with nothing else priced: a placeholder (not yet priced, out of stock, a template
    // before its script), refused with its own reason rather than read as "no price here" (the page's item vanished).
    const zero = placeholderZero(pool);
    if (zero) return zero;
    // "Regular price $25.00" and nothing else: the label of a price not on sale is the price when it stands alone, as the parser reads it;
    // beside a club's price ("会員価格 ¥7,000", "通常価格 ¥8,000") it is everyone's price.
    const regular = regularAlone(scanned, references, priorLowest);
    if (regular) return { ok: true, ...regular, regular: null };
    const members = withRole('member');
    if (members.length > 0) return { ok: false, reason: 'price/member-only', detail: 'only a loyalty club\'s price is shown', candidates: members };
    if (references.length + priorLowest.length > 0) return { ok: false, reason: 'price/only-reference', detail: 'only struck or reference prices are shown', candidates: [...references, ...priorLowest] };
    return { ok: false, reason: 'price/not-found', candidates: [] };
  }
  const [price] = gross ? [gross] : values;
  // "Add to cart · $29.99" beside "$24.99": the call to action charges another amount than the page shows.
  const against = withRole('action').find((action) => !action.amount.eq(price.amount) || (action.currency !== price.currency && action.currency !== null && price.currency !== null));
  if (against) return { ok: false, reason: 'price/ambiguous', detail: `the call to action ${against.path}: ${against.text} charges another amount than the price shown`, candidates: [price, against] };
  // What only the page's unread sheets could settle: the named price may be the struck or hidden one (unread-sheets.ts).
  const other = page.unreadSheets && !gross ? otherUnnamed(price, current.filter((p) => !named.includes(p))) : undefined;
  if (other?.parsed.ok) return { ok: false, reason: 'price/ambiguous', detail: `unnamed ${other.path}: ${other.text} beside the named price; the page's linked stylesheets, unread, may strike or hide either`, candidates: [price, readOf(other)!] };
  // A reference price only counts as the regular price of a sale when it is one value, above the current price.
  // The EU's "lowest price in the last 30 days" is a past price beside the "was" price, so it counts only without one.
  const above = (list: ReadPrice[]) => list.filter((r) => r.amount.gt(price.amount) && (r.currency === price.currency || r.currency === null));
  const struck = above(references);
  const regular = struck.length > 0 ? struck : above(priorLowest);
  const read: VisiblePrice = { ok: true, ...price, regular: regular.length === 1 ? regular[0] : null };
  const net = gross ? values.find((value) => value !== gross) : undefined;
  if (net) return { ...read, net };
  return netAlone(pool, price) ? { ...read, taxIncluded: false } : read;
}

/**
 * Prices that disagree, of which those in the product's own box (its microdata Product, or the block of its `<h1>` and buy control:
 * product-box.ts) show one amount: the others are cards and strips of other products, whatever their class names (a "You may also
 * like" strip above the product, a column of cards beside it, each made the page ambiguous). Else the pool as it was.
 */
function ownProduct(pool: readonly ScannedPrice[]): readonly ScannedPrice[] {
  const amounts = (prices: readonly ScannedPrice[]) => distinct(prices.flatMap((p) => readOf(p) ?? []).filter((p) => p.amount.gt(0)));
  // Only prices known to stand outside leave: a variant picker's taken price or a screen-reader copy read apart stays and is weighed.
  const own = pool.filter((p) => p.inProductBox !== false);
  if (!own.some((p) => p.inProductBox) || own.length === pool.length || amounts(pool).length < 2 || own.some((p) => !p.parsed.ok)) return pool;
  return amounts(own).length === 1 ? own : pool;
}

/** The first current price that is a zero the page does not call free ("Free", "Gratis" stay as before), as a refusal (a negative one is a saving: price-scan.ts). */
function placeholderZero(pool: readonly ScannedPrice[]): VisiblePriceRefusal | null {
  for (const price of pool) {
    const refusal = price.parsed.ok ? nonPositiveRefusal(price.parsed.amount, `${price.path}: ${price.text}`, price.parsed.free) : null;
    if (refusal) return { ok: false, reason: refusal.reason, detail: refusal.detail, candidates: [] };
  }
  return null;
}

/**
 * Two current prices the page labels as without and with tax ("100,00 € zzgl. MwSt." beside "119,00 € inkl. MwSt.",
 * "£100.00 excl. VAT" beside "£120.00 incl. VAT", Magento's `price-including-tax` beside `price-excluding-tax`): one price, and the gross is what a shopper pays. Tax only adds, so the
 * higher is the gross, when it is above the lower by no more than a VAT rate; else null.
 */
function grossShown(pool: readonly ScannedPrice[], values: readonly ReadPrice[]): ReadPrice | null {
  if (values.length !== 2) return null;
  const [net, gross] = [...values].sort((a, b) => a.amount.comparedTo(b.amount));
  if (net.currency !== gross.currency || !grossOfNet(net.amount, gross.amount)) return null;
  const shown = (price: ReadPrice) => pool.filter((p) => p.parsed.ok && p.parsed.amount.eq(price.amount));
  const says = (price: ReadPrice, side: 'net' | 'gross', names: (words: string) => boolean) =>
    shown(price).some((p) => p.tax === side || names(`${p.context.before} ¤ ${p.context.after}`));
  const [netSaid, grossSaid] = [says(net, 'net', namesNet), says(gross, 'gross', namesGross)];
  if (netSaid && grossSaid) return gross;
  // One side labelled ("13,580円" beside "(本体価格 12,345円)"), the other unlabelled by either word: as the parser reads the
  // same pair in one text, the unlabelled one is the gross only at exactly a VAT rate of the currency's country above the net.
  const unlabelled = netSaid ? !says(gross, 'net', namesNet) : grossSaid && !says(net, 'gross', namesGross);
  const digits = printedMinorDigits(gross.currency);
  return unlabelled && gross.currency !== null && digits !== null && grossAtRate(net.amount, gross.amount, [gross.currency], digits) ? gross : null;
}

/**
 * An unnamed price that is nothing but an amount in a line of no words, in the same box as a named one of another amount:
 * `<span class="price price-initial">$100.00</span> <span>$80.00</span>`, or each in a line of its own in one block. Classes name the struck price
 * as often as the current one ("initial", a theme's own word), so the name settles nothing there and both
 * stay in the pool (two prices: refused). Words beside the amount ("approx. US $57.20", "Gold members
 * $8.00") say what it is, and a price in another box is another block's: those leave the named price alone.
 */
function besideNamed(price: ScannedPrice, current: readonly ScannedPrice[]): boolean {
  // Words in its line ("Bought together with the <b>$5.00</b> case") make it prose or a labelled price, not the pair's other half.
  if (price.marked || !price.parsed.ok || !amountAlone(price)) return false;
  const amount = price.parsed.amount;
  // The box is the price block: the element's parent or grandparent, as themes wrap each price of a pair in a line of its own.
  const box = (p: ScannedPrice) => [parentPath(p.path), parentPath(parentPath(p.path))];
  const shareBox = (named: ScannedPrice) => [price.path, ...box(price)].some((path) => box(named).includes(path));
  return current.some((named) => named.marked && named.parsed.ok && !named.parsed.amount.eq(amount) && shareBox(named));
}

/**
 * The one reference price, when its own words call it the regular price ("Regular price", "Reg.", "Normalpreis", "通常価格") and
 * nothing strikes it, nor stands as another was-, list- or lowest price beside it.
 */
function regularAlone(scanned: readonly ScannedPrice[], references: readonly ReadPrice[], priorLowest: readonly ReadPrice[]): ReadPrice | null {
  if (references.length !== 1 || priorLowest.length > 0) return null;
  const labelled = scanned.filter((p) => p.role === 'reference');
  // A class that names it the regular price too ("regular-price") says what the words say; it strikes nothing.
  const unstruck = (p: ScannedPrice) => p.struck === null || p.struck === 'marked regular';
  return labelled.every((p) => p.why === 'words' && unstruck(p) && REGULAR_LABEL.test(p.context.before)) ? references[0] : null;
}

