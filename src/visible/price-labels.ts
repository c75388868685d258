// What the words around a visible price say it is: a reference ("was"), unit, instalment, shipping, deposit, saving, tier, range, fee or rate price.

/**
 * Roles a visible price can play; only `current` is what the shopper pays for the product now. A `rate` is a price per
 * night, day, week, year or person (the stay's or the trip's total is the price); a `fee` is charged beside the price
 * (setup, activation, taxes and fees); a `member` price is a loyalty club's, not everyone's; an `action` price stands on a call to
 * action ("Add to cart · $24.99"): never the price, it must agree with it.
 */
export type PriceRole = 'current' | 'reference' | 'prior-lowest' | 'unit' | 'instalment' | 'shipping' | 'deposit' | 'saving' | 'tier' | 'range' | 'member' | 'fee' | 'rate' | 'on-request' | 'action';

import { FROM_BEFORE, FROM_WORDS_AFTER } from '../prices/from-price';
import { exclusionAfter } from '../prices/number-exclusions';
import { clubLabelAfter, clubLabelBefore } from '../prices/member-price';
import { isEstimatedEach } from '../prices/estimated-each';
import { isTotalOfCount } from '../prices/piece-price';
import { isLowestRecentlyLabel } from '../prices/lowest-recently';
import { CART_PRICE_PHRASES } from '../prices/cart-price-words';
import { UNIT_LABEL_WORDS } from '../prices/unit-labels';
import { SAVING_WORDS } from '../prices/saving-words';
import { SHIPPING_ALTERNATION } from '../prices/shipping-words';
import { shippingWordInName } from '../prices/shipping-labels';
import { discountAfter, discountBefore } from '../prices/discount-words';
import { WAS_PRICE_WORDS, WORTH_WORDS } from '../prices/was-words';
import { APPROXIMATE_WORDS } from '../prices/approximate-words';
import { FINANCING_ANYWHERE, INSTALMENT_BEFORE, INSTALMENTS_AFTER } from '../prices/instalment-words';
import { rateOrFee } from './rate-labels';
import { signInForPrice } from './sign-in-price';

const words = (list: readonly string[]) => list.join('|');

/** Labels written right before a price that is not the one to pay now (many languages, lower case). */
const REFERENCE_WORDS = words(WAS_PRICE_WORDS);
const REFERENCE_BEFORE = new RegExp(`(?:^|[^\\p{L}])(?:${REFERENCE_WORDS}|${words(WORTH_WORDS)})\\s*(?:is)?[\\s:.\\-–]*$`, 'iu');

// Amazon writes its unit prices with the unit spelt out and capitalised: "($0.62/Ounce)", "($0.05/Tablet)", "($1.10/Foot)".
const UNITS = '(?:kg|kilo(?:gram)?s?|g|gr|grams?|mg|l|ltr|lit(?:er|re)s?|ml|millilit(?:er|re)s?|cl|dl|m|met(?:er|re)s?|cm|mm|m2|m²|qm|m3|m³|lbs?|pounds?|oz|ounces?|fl\\.? ?oz|fluid ounces?|gal(?:lon)?s?|quarts?|pints?|sq\\.? ?ft|square (?:foot|feet|met(?:er|re)s?|yards?)|ft|foot|feet|yd|yards?|100 ?g|100 ?ml|10 ?g|wash(?:es)?|loads?|doses?|sheets?|tabs?|tablets?|capsules?|softgels?|servings?|rolls?|wipes?|ct|count)';
/** Words for "per" before a unit: "/ kg", "per 100 g", "pro kg", "le kilo", Polish "za kg", Danish "pr. kg". */
const PER = "(?:\\/|per|pro|je|par|por|al|a|le|la|il|l'|the|za|pr\\.)";
/** A footnote mark may stand between the amount and its unit: Shopware's "(39,98 €* / 1 Liter)". */
const UNIT_AFTER = new RegExp(`^[\\s)*]*${PER}\\s*(?:\\d+(?:[.,]\\d+)?\\s*)?${UNITS}(?![\\p{L}\\d])`, 'iu');
/**
 * What follows a bare number (no currency of its own) that makes it a count or a measure, not an amount: "10 %",
 * "10x", Plentymarkets' "Inhalt: <span>0,5</span> <span>l</span>", "<span>6</span> Stück".
 */
const QUANTITY_AFTER = new RegExp(`^\\s*(?:%|[x×](?!\\p{L})|(?:${UNITS}|st(?:ü|ue)ck|stk\\.?|st\\.|pcs?\\.?|pieces?|pack|ct|count)(?![\\p{L}\\d]))`, 'iu');
/**
 * An estimate or a conversion into another currency right before the amount ("≈ €52.10", eBay's "Approximately US $57.20",
 * "ca. 31,20 €"; a country's letters may stand between the word and a dollar sign). The parser's list: beside an exact price the
 * amount is never the price, alone it is.
 */
const APPROXIMATE_BEFORE = new RegExp(`(?:^|[^\\p{L}])(?:${words(APPROXIMATE_WORDS)})[\\s:(]*$`, 'iu');
export const isApproximate = (before: string): boolean => APPROXIMATE_BEFORE.test(before.replace(/(?<=[\s(])[A-Z]{1,3}\s*$/u, ''));
/**
 * Whether the words after a bare number (no currency of its own) make it a count, a measure or another unit than money: the
 * list above, and the parser's (`exclusionAfter`): "<span>1,200</span> <span>points</span>", "<span>99</span>p", "4.5 out of 5",
 * "12 Monate", "256 GB" were read as amounts in the page's currency.
 */
export const isQuantityAfter = (after: string, number: string): boolean => QUANTITY_AFTER.test(after) || exclusionAfter(after.trimStart(), { raw: number }) !== undefined;
/**
 * A piece's price in brackets after the pack's ("$23.88 ($1.99 each)", "£3.00 (£0.25 each)"): a breakdown of the amount
 * before it, as the parser reads the same text in one piece (`piece-price.ts`). A bare "each" stays a price ("$1.99 each").
 */
const PIECE_IN_BRACKETS = { before: /\(\s*$/u, after: /^\s*(?:each|ea\.?|apiece|pro stück|je stück|la pièce|c\/u|cada uno)\s*\)/iu };
/** The unit may stand in the label itself: "Price per kg: £8.00", "Preis pro 100 g: 1,25 €", "Precio por litro: 3,20 €". */
const LABEL_UNIT = `(?:\\s*(?:\\d+(?:[.,]\\d+)?\\s*)?(?:${UNITS}|kilo|litro|litre|liter|unit|unidad|stück|piece|item))?`;
const UNIT_BEFORE = new RegExp(`(?:(?:unit price|price per|per unit|grundpreis|preis pro|prix au|prix par|prix unitaire|prix\\/kg|precio por|precio unitario|prezzo al|prezzo per|prezzo unitario|prijs per|jednotková cena|cena za|pris per)${LABEL_UNIT}|\\d+(?:[.,]\\d+)?\\s*${UNITS}\\s*=|(?:^|[^\\p{L}])(?:${UNIT_LABEL_WORDS.join('|')}))[\\s:]*$`, 'iu');

/** "/mo", "per month", "mtl.": a plan's monthly price or a financing instalment; with no financing word it is a rate. */
const PER_MONTH_ANYWHERE = /(?:\/\s*(?:mo|mth|month|monat|mois|mes|mese|maand|mt|ay|tháng|bln|bulan|เดือน|חודש|شهر)(?![\p{L}])|\/\s*월|\bper month\b|\ba month\b|\bmonthly\b|\bmtl\.|\bmonatl\.|monatlich|(?:pro|im|je) monat|par mois|al mes|al mese|per maand|aylık|לחודש|בחודש|شهري|เดือนละ|ต่อเดือน|mỗi tháng|per bulan|(?<![\p{L}\p{Nd}])월\s*¤)/iu;
/** "4 x", and Brazil's "10x de" / "em até 10x de"; the parser's instalment labels (`instalment-words.ts`) besides. */
const COUNT_BEFORE = /(?:^|[^\p{L}\d])\d{1,2}\s*[x×]\s*(?:de|of|à|a|di|da)?\s*$/u;

/**
 * The shipping words (`shipping-words.ts`, German compounds by their head: "Standardversand"), and "delivered", where a word
 * begins ("Todos los importes" holds no "portes"). Only a charge goes on into a Latin word ("versandkostenfrei ab"); a delivery
 * word before another head names a product ("Versandtasche", "Portokasse"), as the parser reads it. Scripts without spaces run on.
 */
const SHIPPING = `(?<![\\p{L}])(?:${SHIPPING_ALTERNATION}|deliver(?:ed)?)(?:(?![\\p{Script=Latin}])|(?<=kosten|gebühren?|pauschale|zuschlag|anteil|spesen|entgelt))`;
const SHIPPING_BEFORE = new RegExp(`(${SHIPPING})[^\\d]{0,40}$`, 'iu');
/** Shipping words before the amount, but not a name's ("Graham's Porto" then the wine's price). */
function shippingBefore(before: string): boolean {
  const words = SHIPPING_BEFORE.exec(before);
  return words !== null && !shippingWordInName(words[1], before.slice(0, words.index));
}
/**
 * "€4.95 shipping", but not the legal note "zzgl. Versand" / "plus shipping" after the product's price, nor the news that
 * delivery costs nothing beside it: "versandkostenfrei", "送料無料", "Livraison gratuite", "Envío gratis", "Delivery included".
 */
const FREE = '(?:free|gratuite?s?|gratis|gratuito|offerte?s?|included|incl\\.?|inclus[ae]?s?|inklusive|inbegriffen|incluid[oa]s?|compres[oa]|kostenlos)';
const SHIPPING_AFTER = new RegExp(`^[\\s+]*(?:for\\s+)?${SHIPPING}(?![\\p{L}])(?![\\s:-]*${FREE}(?![\\p{L}]))`, 'iu');
/** Free delivery named after an amount ("versandkostenfrei", "送料無料", "Livraison gratuite"): the threshold's when a threshold word stands before it. */
const FREE_SHIPPING_AFTER = new RegExp(`^[\\s+]*(?:${SHIPPING}[\\s:-]*${FREE}|versandkostenfrei|portofrei|送料無料|送料込み?)`, 'iu');
/** The free-shipping threshold: "free delivery over", "versandkostenfrei ab", "livraison offerte dès". */
const THRESHOLD_BEFORE = /(?:over|above|from|on orders (?:of|over)|orders over|spend|ab|ab einem bestellwert von|dès|à partir de|desde|a partir de|oltre|vanaf|från|fra|od)[\s:]*$/iu;

const DEPOSIT_WORDS = '(?:pfand|deposit|consigne|statiegeld|\\bpant\\b|vratná záloha|kaucja)';
/**
 * A deposit's amount: its word before it with no other amount between ("zzgl. Pfand 0,25 €", "Pfand: 0,25 €"), or right
 * after it ("0,25 € Pfand", "$50 refundable deposit"). Not the price an own text ends with one ("1,99 € (zzgl. Pfand 0,25 €)").
 */
const DEPOSIT_BEFORE = new RegExp(`${DEPOSIT_WORDS}[^\\d]*$`, 'iu');
const DEPOSIT_AFTER = new RegExp(`^[\\s(]*(?:refundable |bottle |container )?${DEPOSIT_WORDS}`, 'iu');

/**
 * "You save", "Save an extra", "Apply … coupon", "Earn … in rewards": money the shopper saves or gets back, never the price.
 * A percentage may stand between the label and the amount: "Sie sparen 17% / 5,00 €".
 */
const SAVING_BEFORE = new RegExp(`(?:${words(SAVING_WORDS)}|apply|earn|cashback|cash back|coupon|voucher|gutschein|cupón|cupom|kupon|buono)[\\s:]*(?:up to|bis zu|jusqu'à|an extra|extra|an additional|additional|zusätzlich)?[\\s:]*(?:\\d+(?:[.,]\\d+)?\\s*%\\s*[/(,–-]?)?[\\s:]*$`, 'iu');
const SAVING_AFTER = /^[\s!]*(?:off|coupon|voucher|gutschein|cupón|cupom|kupon|in rewards|rewards?|cash ?back|back(?: in)?|bonus)\b/iu;

/** "from 3 pcs", "ab 5 Stück", "3+", "3–5", "buy 2", "2 for". */
const TIER_BEFORE = /(?:(?:from|ab|à partir de|dès|desde|a partir de|da|vanaf|od)\s*\d+\s*(?:pcs?\.?|pieces?|items?|units?|stück|stk\.?|st\.|pièces?|unidades|pezzi|stuks|x)|\b\d+\s*\+|\b\d+\s*[-–]\s*\d+\s*(?:pcs?\.?|pieces?|items?|units?|stück|stk\.?)?|buy\s*\d+|\b\d+\s*(?:or more|and (?:more|up|above)|und mehr|ou plus|o más|o più|of meer|eller fler|lub więcej|ou mais)|\b\d+\s*(?:for|für|pour|por|per)|\bqty\.?\s*\d+\+?)[\s:=]*(?:each|je|à|@)?[\s:]*$/iu;
/** Only a dash or "to" between two prices, each in an element of its own: the ends of a range ("12,00 € – 19,00 €"). */
const RANGE_LINK = /^\s*(?:[-–—~～〜]|to|through|bis|à|au|a|al|hasta|até|tot|till|do)\s*$/iu;
export const linksRange = ({ before, after }: PriceContext): boolean => RANGE_LINK.test(before) || RANGE_LINK.test(after);

/**
 * The whole text of an element saying the price is given on request: the product has no price on the page,
 * so any amount nearby (an accessory, shipping, a financing example) is not its price.
 */
const ON_REQUEST = new RegExp(`^(?:${words([
  'price (?:available )?(?:on|upon) request', 'prices? on application', 'p\\.?o\\.?a\\.?', 'call for (?:a )?pric(?:e|ing)', 'contact us for (?:a )?(?:price|pricing|quote)', 'request a quote', 'ask for (?:a )?price',
  'preis(?:e)? auf anfrage', 'preis anfragen', 'prix sur (?:demande|devis)', 'prix : nous consulter', 'precio a consultar', 'consultar precio', 'precio (?:bajo|a) (?:consulta|petición|pedido)',
  'prezzo su (?:richiesta|domanda)', 'prijs op aanvraag', 'cena na zapytanie', 'zapytaj o cenę', 'pris på (?:förfrågan|begäran|forespørgsel|forespørsel)', 'preço sob consulta', 'consulte o preço',
  '価格(?:は)?(?:要)?お?問い?合わ?せ(?:ください)?', '価格は?お見積り',
])})[\\s.:!*…]*$`, 'iu');

/** The whole text of an element saying the price is shown to signed-in customers only (B2B shops): the price is theirs, not the page's. */
const LOGIN_REQUIRED = new RegExp(`^(?:please )?(?:${words([
  '(?:log ?in|sign ?in|sign in or register|log ?in or register|register or log ?in) (?:to (?:see|view|get)|for) (?:the |our |your )?(?:prices?|pricing)',
  'prices? (?:after|upon|on) (?:log ?in|sign ?in|login)', 'prices? (?:for|visible to) (?:registered|logged-in|signed-in) (?:customers|users|members)',
  'preise? (?:nur )?nach (?:anmeldung|login|registrierung)', '(?:bitte )?(?:anmelden|einloggen),? um (?:den |die )?preise? zu sehen', 'preise? für (?:händler|geschäftskunden) nach anmeldung',
  'connectez-vous pour (?:voir|afficher) (?:les |le )?prix', 'prix (?:visibles? )?après connexion', 'inicia sesión para ver (?:el |los )?precios?', 'precios? (?:tras|después de) iniciar sesión',
  'accedi per (?:vedere|visualizzare) (?:il |i )?prezz[oi]', 'log in om (?:de )?prijs(?:zen)? te (?:zien|bekijken)', 'prijzen na inloggen', 'zaloguj się,? aby zobaczyć ceny?', 'logga in för att se priset?',
])})[\\s.:!*…]*$`, 'iu');

/** The whole text of an element saying the price is shown only in the cart (a maker's minimum advertised price). */
const IN_CART = new RegExp(`^(?:${words(CART_PRICE_PHRASES)})[\\s.:!*…]*$`, 'iu');

export type WithheldReason = 'price/on-request' | 'price/login-required' | 'price/in-cart';

/**
 * Why a page withholds its price, from an element's whole text: on request (`price/on-request`), for signed-in
 * customers only (`price/login-required`), or in the cart only (`price/in-cart`: the structured or printed amount
 * beside it is the advertised one, not what the cart charges).
 */
export function withheldBy(text: string): WithheldReason | null {
  if (ON_REQUEST.test(text)) return 'price/on-request';
  if (LOGIN_REQUIRED.test(text) || signInForPrice(text)) return 'price/login-required';
  return IN_CART.test(text) ? 'price/in-cart' : null;
}



export interface PriceContext {
  /** Text before the amount: the neighbouring words in its line, then its own text up to the amount. */
  before: string;
  /** Text after the amount: its own text after it, then the neighbouring words. */
  after: string;
}

/** The role the words around an amount give it; `current` when they say nothing special. Order matters: narrower first. */
export function roleFromWords({ before, after }: PriceContext): PriceRole {
  const line = `${before} ¤ ${after}`;
  // The parser's instalment labels name a monthly amount too ("월", "aylık"): with no financing word that is a plan's rate.
  const monthly = PER_MONTH_ANYWHERE.test(line);
  if (COUNT_BEFORE.test(before) || FINANCING_ANYWHERE.test(line) || (!monthly && (INSTALMENT_BEFORE.test(before) || INSTALMENTS_AFTER.test(after)))) return 'instalment';
  if (monthly) return 'rate';
  if (UNIT_AFTER.test(after) || UNIT_BEFORE.test(before) || (PIECE_IN_BRACKETS.before.test(before) && PIECE_IN_BRACKETS.after.test(after)) || isEstimatedEach(before, after)) return 'unit';
  if (DEPOSIT_BEFORE.test(before) || DEPOSIT_AFTER.test(after)) return 'deposit';
  if (shippingBefore(before) || SHIPPING_AFTER.test(after) || (FREE_SHIPPING_AFTER.test(after) && isThreshold(before))) return 'shipping';
  // "Rabatt 5 €", "€5 korting" are a discount's amount; "Preis nach Rabatt 45 €", "할인가" name the price (`discount-words.ts`).
  if (SAVING_BEFORE.test(before) || SAVING_AFTER.test(after) || discountBefore(before) || discountAfter(after)) return 'saving';
  // "£10 <span>for 3 pairs</span>", "Price for 2: <b>$20</b>": the total of several pieces, a multi-buy's as "3 for £10" is.
  if (TIER_BEFORE.test(before) || isTotalOfCount(after, before)) return 'tier';
  if (clubLabelBefore(before) || clubLabelAfter(after)) return 'member';
  if (isLowestRecentlyLabel(before)) return 'prior-lowest';
  if (REFERENCE_BEFORE.test(before)) return 'reference';
  // "From €10", "ab 12,99 €", "3,000円<span>から</span>": the cheapest variant, not this one.
  if (FROM_BEFORE.test(before) || FROM_WORDS_AFTER.test(after)) return 'range';
  return rateOrFee(before, after) ?? 'current';
}

/** A shipping amount that is a free-delivery threshold rather than a cost ("free delivery over €50"). */
export const isThreshold = (before: string): boolean => THRESHOLD_BEFORE.test(before);

/** The unit a unit price is quoted for: quantity and unit ("per 100 g" → 100 g), or null. */
export function unitOf(after: string, before: string): { quantity: string; unit: string } | null {
  const match = new RegExp(`${PER}\\s*(\\d+(?:[.,]\\d+)?)?\\s*(${UNITS})(?![\\p{L}\\d])`, 'iu').exec(after)
    ?? new RegExp(`(\\d+(?:[.,]\\d+)?)?\\s*(${UNITS})\\s*=[\\s:]*$`, 'iu').exec(before);
  if (!match) return null;
  const compact = match[2].toLowerCase().replace(/\s+/g, ' ');
  const inner = /^(\d+) ?(g|ml)$/.exec(compact);
  if (inner) return { quantity: inner[1], unit: inner[2] };
  return { quantity: (match[1] ?? '1').replace(',', '.'), unit: canonicalUnit(compact) };
}

const UNIT_NAMES: Readonly<Record<string, string>> = {
  kilo: 'kg', kilos: 'kg', kilogram: 'kg', kilograms: 'kg', gr: 'g', gram: 'g', grams: 'g', ltr: 'l', liter: 'l', litre: 'l', liters: 'l', litres: 'l',
  'm²': 'm2', qm: 'm2', 'm³': 'm3', lbs: 'lb', 'fl.oz': 'fl oz', 'fl. oz': 'fl oz', floz: 'fl oz', gallon: 'gal',
};
const canonicalUnit = (unit: string): string => UNIT_NAMES[unit] ?? unit;

/** Words for "price" that shops glue to a reference word in one class name ("altpreis", "prixbarre", "eskifiyat"). */
const PRICE_WORDS = 'price|preis|prix|precio|preco|prezzo|prijs|pris|cena|fiyat|hinta';
/**
 * Reference words of class names, ids and data words, by language. Each is read as a whole word of the name, so a
 * struck price whose class says "old" in the shop's language is never the price: a price holder (`product-price
 * preco-antigo`) beside a sale price in an unnamed element (`destaque`) was read as the one price before.
 */
const REFERENCE_MARK_WORDS = [
  'old', 'was', 'compare', 'compare-?at', 'regular', 'list-?price', 'rrp', 'msrp', 'strike', 'strike-?through', 'strike-?out', 'striked', 'struck', 'crossed', 'crossed-?out',
  'cross-?out', 'slashed', 'line-?through', 'original', 'origin-?price', 'non-?sale', 'before', 'former', 'reference-?price', 'prev(?:ious)?', 'reg', 'mrp', 'org',
  'price-?standard', 'standard-?price', 'undiscounted', 'non-?discounted',
  'uvp', 'streich-?preis', 'durchgestrichen', 'vorher', 'statt', 'alt-?preis', 'alter-?preis', 'listen-?preis', 'normal-?preis',
  'barre', 'ancien', 'prix-?initial', 'prix-?conseille',
  'tachado', 'anterior', 'antes', 'antigo', 'antiga', 'riscado',
  'barrato', 'pieno', 'listino', 'consigliato', 'precedente', 'originale', 'iniziale', 'vecchio', 'teika',
  'van-?prijs', 'oud', 'oude', 'adviesprijs', 'doorgestreept',
  'gammal', 'gammalt', 'gammel', 'ordinarie', 'tidigare', 'forpris', 'foerpris', 'normalpris', 'veiledende', 'vejledende', 'overstreget', 'genomstruken',
  'stara', 'stary', 'stare', 'przekreslona', 'poprzednia', 'katalogowa', 'puvodni', 'preskrtnuta', 'regi', 'eredeti', 'athuzott', 'vechi', 'taiat', 'eski', 'ustu-?cizili',
].join('|');
/** The words above glued to a price word, either way round: "wasprice", "crossprice", "prixbarre", "eskifiyat". */
const REFERENCE_COMPOUNDS = `(?:old|was|strike|cross|compare|regular|retail|orig|before|alt|streich|barre|antigo|oud|gammalt|stara|eski)-?(?:${PRICE_WORDS})|(?:${PRICE_WORDS})-?(?:barre|antigo|oud|stara|eski|vechi|regi|alt)`;

/**
 * Marks of reference prices in class names, ids and data attributes (Shopify, WooCommerce, Magento, PrestaShop, BigCommerce...).
 * A "with-"/"has-" modifier names the element that has a reference price beside it, not the reference price itself:
 * Shopware's current price is `product-detail-price with-list-price`. "price-list" is no mark: Shopify themes (Focal, Prestige)
 * call the box holding the sale and the compare-at price a price list. Compounds written as one word count too
 * ("wasprice", "crossprice"), and SFCC SiteGenesis's "price-standard" is its struck list price.
 */
export const REFERENCE_MARK = new RegExp(`(?:^|[^a-z])(?<!(?:with|has)-)(?:${REFERENCE_MARK_WORDS}|${REFERENCE_COMPOUNDS})(?=[^a-z]|$)`);
/**
 * Blocks that show other products' prices: related, recently viewed, recommendations, carousels, cart widgets (not WooCommerce's
 * product `form.cart`), and the cards listings are made of (OpenCart's product-thumb, SFCC's product-tile, PrestaShop's product-miniature).
 */
export const OTHER_PRODUCTS_MARK = /(?:^|[^a-z])(?:related|recently-?viewed|recent|recommend(?:ed|ations?)?|upsells?|up-sells?|cross-?sells?|also-?(?:bought|viewed|like)|(?:other|more)-?sellers?|other-?offers|offer-?listing|you-?may-?(?:also-?)?like|similar|carousel|slider|swiper|slick|splide|glide|owl|complementary|mini-?(?:cart|bag)|bag-?drawer|cart-?(?:drawer|summary|totals?|widget|popup|preview|count)|side-?cart|basket|warenkorb|wishlist|compare-?list|bestsellers?|trending|product-?(?:thumb|tile|miniature))(?=[^a-z]|$)/;
/** Headings of such blocks when their markup says nothing ("Kunden kauften auch", "Customers who viewed this item also viewed"). */
export const OTHER_PRODUCTS_HEADING = new RegExp(words([
  'related', 'recently viewed', 'you (?:may|might|will) also (?:like|love|need)', 'customers (?:who|also)', '(?:also|often|frequently) (?:bought|viewed|purchased)',
  'people (?:also|who)', 'recommended', '(?:other|more) sellers', 'more buying choices', 'other offers', 'weitere angebote', 'andere (?:verkäufer|anbieter|händler)', 'autres (?:vendeurs|offres)', 'otros vendedores', 'altri venditori', 'andere verkopers', 'similar (?:products|items|styles)', 'complete the look', 'shop the look', 'pairs? (?:well )?with', 'goes well with',
  'kunden.{0,40}(?:kauften|sahen|interessierten sich) (?:auch|für)', 'ähnliche (?:produkte|artikel)', 'zuletzt angesehen', 'das könnte (?:ihnen|dir) auch (?:gefallen|interessieren)',
  'passende (?:produkte|artikel)', 'vous aimerez', 'produits similaires', 'récemment consultés', '(?:les )?clients ont (?:aussi|également)', 'también te puede',
  'productos relacionados', 'otros clientes', 'potrebbe interessarti', 'prodotti correlati', 'anderen bekeken ook', 'misschien ook leuk', 'vergelijkbare producten',
  // Shop modules whose whole heading is one generic word (OpenCart's Featured, Latest, Bestsellers, Specials).
  `^\\s*(?:${words(['featured(?: products)?', 'latest(?: products)?', 'specials', 'best ?sellers?', 'top sellers', 'new arrivals', 'trending(?: now)?', 'most popular',
    'neuheiten', 'angebote', 'nouveautés', 'meilleures ventes', 'novedades', 'más vendidos', 'novità', 'più venduti'])})\\s*$`,
]), 'iu');
/** Words of an aria-label or title that make a price a reference price. */
export const REFERENCE_TITLE = new RegExp(`(?:^|[^\\p{L}])(?:${REFERENCE_WORDS}|strikethrough|crossed out|durchgestrichen|barré)(?:[^\\p{L}]|$)`, 'iu');
/**
 * Class, id and data words that name what kind of other price an element holds, for pages that say it with a logo
 * or an icon instead of words (a Klarna badge, a truck, a club's logo): instalment, shipping, deposit, saving, unit, member, from-price. A "with-"/"has-"
 * modifier names the element beside one. Not "discount" (Shopware 5's current price is `price--discount`) nor
 * "base-price" (Magento's price without tax).
 */
const ROLE_MARKS: ReadonlyArray<[PriceRole, RegExp]> = [
  ['instalment', /klarna|afterpay|affirm|clearpay|sezzle|zip-?pay|tabby|tamara|postpay|spotii|scalapay|atome|kredivo|instal+ments?|financing|finance|monthly|per-?month|emi|ratenzahlung|raten|pay-?later|paypal-?message|bnpl|cuotas|parcelas?|mensualit|taksit|cicilan/],
  ['shipping', /shipping|delivery|versand|livraison|envio|spedizione|verzend|frakt/],
  ['deposit', /deposit|pfand|consigne|statiegeld/],
  ['saving', /you-?save|savings?|ersparnis|economi[ez]/],
  ['unit', /unit-?price|price-?unit|price-?per|per-?unit|grundpreis|base-?unit|prix-?unitaire/],
  ['member', /members?-?(?:price|only|deal)|loyalty(?:-?price)?|club-?(?:price|preis|prix|card)|clubpreis|mitglieder-?preis|prix-?(?:adherent|membre)|precio-?socio|vip-?price/],
  // A theme's "from" price (`price--from`, `ab-preis`) shows the cheapest variant, its word drawn by the sheet or left out.
  ['range', new RegExp(`(?:${PRICE_WORDS})-*(?:from|ab|desde|vanaf|fran|od|a-partir(?:-de)?|starting)|(?:from|ab|starting|desde|vanaf|a-partir-de|a-partire-da)-*(?:${PRICE_WORDS})|starting-?at|as-low-as|minimal-price`)],
];
const ROLE_MARK_WORDS = ROLE_MARKS.map(([role, pattern]) => [role, new RegExp(`(?:^|[^a-z])(?<!(?:with|has)-)(?:${pattern.source})(?=[^a-z]|$)`)] as const);
export const roleFromMarks = (words: string): PriceRole | null => ROLE_MARK_WORDS.find(([, pattern]) => pattern.test(words))?.[0] ?? null;
/** Marks of the element that holds a price: class, id, itemprop or data attributes naming it. */
export const PRICE_MARK = /price|preis|prix|precio|prezzo|prijs|pris|cena|fiyat|amount|betrag|montant/i;

/** Class/id/data value words: "compareAtPrice" → "compare-at-price", lower case. */
export const markWords = (value: string): string => value.replace(/([a-z\d])([A-Z])/g, '$1-$2').toLowerCase();
