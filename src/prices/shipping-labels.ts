// Whether the words beside an amount name what delivery costs ("$5.99 shipping", "Versandkosten 4,95 €", "Delivery £4.50"): a charge beside the price, never the price.
import { opensWithDiscount } from './discount-sign';
import { SHIPPING_ALTERNATION } from './shipping-words';
import { wordPattern } from './word-pattern';

/**
 * The kind of delivery, before the word ("Standard delivery", "Next day delivery", "UPS Ground shipping", "Royal Mail Special
 * Delivery"; German joins them into one noun, `shipping-words.ts`) or after it
 * ("Livraison standard", "Envío estándar", "Spedizione espressa").
 */
const SHIPPING_KIND_BEFORE =
  "(?:(?:flat[- ]rate|standard|express|tracked|next[- ]day|same[- ]day|two[- ]day|2[- ]day|named[- ]day|home|ground|economy|priority|overnight|international|special|royal mail|first class|second class|ups|dhl|fedex|usps|gls|dpd)\\s+){0,2}";
const SHIPPING_KIND_AFTER = '(?:\\s+(?:standard|express|exprés|estándar|espressa|rapide|urgente|à domicile|a domicilio|en point relais))?';
const SHIPPING_FEE = '(?:\\s+(?:fee|costs?|charges?))?(?![\\p{L}])';
const SHIPPING_WORDS_AFTER = wordPattern(new RegExp(`^\\s*(?:for\\s+)?${SHIPPING_KIND_BEFORE}${SHIPPING_ALTERNATION}${SHIPPING_KIND_AFTER}${SHIPPING_FEE}`, 'iu'));

/**
 * The cost of shipping named right after the amount ("$5.99 shipping", "4,95 € Versand", "£3.99 P&P"): charged beside the
 * product's price, never the price. Not "+ shipping" (the amount is the price, shipping comes on top), nor "shipped"/"delivered",
 * which in US and Australian shops mean the amount already includes it.
 */
export const shippingWordsAfter = (after: string): boolean => SHIPPING_WORDS_AFTER.test(after);

/**
 * The shipping words end the amount's label: the text or its sentence ends ("$19.99 Shipping calculated at checkout" is the
 * price and a note; "19,99 € Versand kostenlos" the price), or a discount badge of its own follows ("£25.00 £3.99 delivery 20%
 * off": the badge made the fee the lower of two prices, the sale price).
 */
export function isShippingAfter(after: string): boolean {
  const words = SHIPPING_WORDS_AFTER.exec(after);
  if (!words) return false;
  const rest = after.slice(words[0].length);
  // "29,99 € Versand: 1-3 Tage": a colon makes the words the label of a note of their own.
  return /^\s*(?:$|[^\s\p{L}\d:：])/u.test(rest) || opensWithDiscount(rest);
}

/**
 * Delivery words and nothing else between two amounts ("12,99 € Versandkosten 4,95 €", "Nur 4,95 € Versandkosten 12,99 €"): a
 * label ahead of its amount ("Versandkosten 4,95 €") as much as a noun after it ("4,95 € Versandkosten"), so either amount may be
 * the delivery's.
 */
export function deliveryWordsAlone(between: string): boolean {
  const words = SHIPPING_WORDS_AFTER.exec(between);
  return words !== null && /^[\s:.,;·|/-]*$/u.test(between.slice(words[0].length)) && !/:/.test(between.slice(0, words.index + words[0].length));
}

/** A label that names the amount after it the product's price ("Preis", "Price:", "販売価格"): a delivery word after that amount is the next one's. */
const PRICE_NOUN_BEFORE = wordPattern(/(?:^|[^\p{L}])(?:price|prix|preis|precio|prezzo|preço|pris|prijs|cena|fiyat|цена|ціна|τιμή|מחיר|السعر|giá|harga|価格|价格|가격|售价|现价|판매가)[\s:.\-–]*$/iu);
export const namesPriceBefore = (label: string): boolean => PRICE_NOUN_BEFORE.test(label);

/** A word that puts delivery into the price or makes it free ("inkl. Versand 19,99 €", "Kostenloser Versand 19,99 €", "Gratis-Versand"). */
const INTO_PRICE = '(?:incl|inkl|inc|ink|including|inklusive|inclusief|with|mit|avec|con|com|med|sis|free|gratis|kostenlose[rn]?|gratuite?|offerte?|grátis|gratuito|ilmainen|fri|darmowa|bezpłatna|zdarma|ücretsiz|бесплатная)';
const SHIPPING_OPENING = wordPattern(new RegExp(
  `(?:^|[^\\p{L}])(?<!(?<![\\p{L}])${INTO_PRICE}\\.?[\\s-]*)${SHIPPING_KIND_BEFORE}(${SHIPPING_ALTERNATION})${SHIPPING_KIND_AFTER}${SHIPPING_FEE}[\\s:.\\-–]*$`,
  'iu',
));
/** Shipping words that also name a product or a place: "Graham's Porto" (a port wine), "Baby Carriage", "Portes Coulissantes". */
const ALSO_A_NAME = /^(?:porto|portes|carriage)$/iu;
/** A word of a name right before: a letter word and spaces, not a connector ("20% off Porto 4,90 €", "zzgl. Porto"). */
const NAME_WORD_BEFORE = /(?<![\p{L}])(?!(?:off|and|und|et|y|e|plus|zzgl|excl|exkl|hors|sin|senza|sem)(?![\p{L}]))[\p{L}][\p{L}'’.-]*\s+$/iu;

/** A shipping word that is a product's or place's name here: "Porto" after "Graham's" (one rule for both readers). */
export const shippingWordInName = (word: string, before: string): boolean => ALSO_A_NAME.test(word) && NAME_WORD_BEFORE.test(before);

/**
 * The shipping words end the label of the text's first amount ("Fragt 49 kr 299 kr", "20% off Toimitus 4,90 € 29,90 €"), but not
 * after a word that puts delivery into the price or makes it free, nor a word that also names a product when a name's word
 * stands before it ("Graham's Porto 19,99 €": the word must qualify the amount, not merely occur in the text).
 */
export function shippingOpening(reach: string): boolean {
  const words = SHIPPING_OPENING.exec(reach);
  return words !== null && !shippingWordInName(words[1], reach.slice(0, words.index + words[0].indexOf(words[1])));
}
