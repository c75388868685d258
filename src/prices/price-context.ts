// What the words around a number say it is: the price to pay now, a reference (was/RRP/save), a unit price, an instalment.
import { COUPON_AFTER, COUPON_BEFORE, opensWithCode } from './coupon-price';
import { isLowestRecentlyLabel } from './lowest-recently';
import { isEstimatedEach } from './estimated-each';
import { isPiecePrice, isTotalOfCount } from './piece-price';
import { isQuantityTier } from './quantity-tier';
import { cardLabelAlone, clubLabelAfter, clubLabelBefore } from './member-price';
import { REGULAR_PRICE_WORDS } from './regular-words';
import { UNIT_LABEL_WORDS } from './unit-labels';
import { SAVING_WORDS } from './saving-words';
import { WAS_PRICE_WORDS, WORTH_WORDS } from './was-words';
import { APPROXIMATE_WORDS } from './approximate-words';
import { SHIPPING_ALTERNATION } from './shipping-words';
import { isShippingAfter, shippingOpening } from './shipping-labels';
import { wordPattern } from './word-pattern';
import { ARABIC_MONTHLY, INSTALMENT_BEFORE, INSTALMENTS_AFTER } from './instalment-words';
import { depositNounAfter } from './deposit-words';
import { PERIOD_AFTER, PERIOD_BEFORE } from './rate-words';

/**
 * The role a label gives a number; `current` and `plain` compete for the price to pay now, `unit` and
 * `regular` ("Regular price $25", as Shopify prints a price that is not on sale) only when none does. A `member`
 * price is a loyalty club's ("Member price $70.00", "$70.00 for members"): never everyone's price. A `rate` is paid
 * again each period ("$99/yr", "$189/night"): never the product's price.
 */
export type PriceRole = 'current' | 'plain' | 'unit' | 'regular' | 'reference' | 'multiple' | 'member' | 'rate';

const alternation = (words: readonly string[]): string => words.join('|');
/** A label that ends right before the number (currency symbols and punctuation between them are ignored). */
const endsWith = (words: readonly string[]) => wordPattern(new RegExp(`(?:^|[^\\p{L}])(?:${alternation(words)})[\\s:.\\-–]*$`, 'iu'));

/** Labels that introduce a price other than the one to pay now. Many languages, any case. */
const REFERENCE = endsWith([
  'was', 'were', 'rrp', 'msrp', 'srp', 'list(?: price)?', 'compare at', 'original(?: price)?', 'orig',
  'old price', 'before', 'previously', 'instead of', ...SAVING_WORDS, 'retail',
  'uvp', 'statt', 'vorher', 'bisher', 'streichpreis', 'alter preis',
  'avant', 'au lieu de', 'ancien prix', 'prix barré', 'prix de référence', 'prix conseillé', 'prix initial',
  'prima', 'invece di', 'prezzo consigliato', 'antes', 'precio anterior', 'pvpr',
  'era', 'van', 'preț vechi', 'pret vechi', 'adviesprijs', 'førpris', 'rek\\.? pris', 'rekommenderat pris', 'cirkapris', 'vejl\\.? pris', 'vejledende (?:udsalgs)?pris', 'veil\\.? pris', 'veiledende pris', 'før', 'för', 'poprzednia cena', 'cena regularna',
  'původní cena', 'было', 'старая цена', 'önceki fiyat', 'm\\.?r\\.?p', 'м\\.?р\\.?р',
  '定価', '参考価格', 'メーカー希望小売価格', '原价', '市场价', '정가',
  'αρχική τιμή', 'παλιά τιμή', 'стара ціна', 'було', 'eski fiyat', 'السعر الأصلي', 'السعر القديم', 'كان', 'بدلاً من', 'بدلا من', 'السعر قبل الخصم', 'قبل الخصم', 'במקום', 'מחיר קודם', 'מחיר מקורי', 'ราคาปกติ', 'ราคาเดิม',
  'giá gốc', 'giá cũ', 'harga asli', 'harga coret',
  ...WORTH_WORDS,
  // The rebate's own amount ("Rebate: $5.00", "Mail-in rebate $20"): money back, never the price (it was stored as one).
  'after (?:mail-in )?rebate', "(?:mail-in |instant |manufacturer'?s? )?rebate", 'nach cashback', 'effektivpreis', 'après remboursement',
  // Money the buyer holds or gets back, never what the product costs: "Credit: $5.00", "Gift card balance: $25.00", "Cashback £5".
  '(?:store |account )?credit', '(?:gift card |account |card )?balance', 'cash ?back', 'guthaben', 'crédit', 'solde', 'saldo',
  // The page reader's "was" labels in more languages ("Listenpreis", "Tidligere pris", "Cena katalogowa", "Eredeti ár"), but for
  // the regular-price ones, which name the price when they stand alone.
  ...WAS_PRICE_WORDS.filter((word) => !REGULAR_PRICE_WORDS.includes(word)),
  // Thresholds: a free-shipping limit or a minimum order is no price of the product.
  'over', 'above', 'under', 'below', 'less than', 'unter', 'moins de', 'menos de', 'sotto i', '(?:save )?up to', 'bis zu', 'jusqu.à', 'orders over', 'spend', 'free (?:standard |express )?(?:shipping|delivery|postage)(?: (?:on|for|with))?(?: orders?)?(?: over| above| from| of)?',
  '(?:on|off) orders(?: over| above| from| of)?', 'versandkostenfrei ab',
  'kostenloser versand ab', 'gratis versand ab', 'livraison gratuite dès', 'livraison offerte dès', 'envío gratis (?:desde|a partir de)',
  'spedizione gratuita (?:da|sopra)', 'frete grátis acima de', 'gratis verzending vanaf', 'darmowa dostawa od', 'min(?:imum)? order',
  // Shipping and deposits are charged beside the price, never the price. With a colon only: a bare
  // "Versand" is as often the end of the previous amount ("+ 4,99 € Versand 12,99 €").
  `(?:${SHIPPING_ALTERNATION}|deposit|pfand)(?: costs?| charges?| fee)? ?:`,
  'p&p', 'frais de port', '送料', '运费', '배송비', '\\+', 'zzgl\\.?', 'plus',
  // A charge's word before the delivery word says the amount after is added to the price ("12,99 € zzgl. Versandkosten 4,95 €",
  // "$12.99 plus shipping $4.95"): no colon needed, the phrase cannot end the amount before it.
  `(?:\\+|plus|zzgl\\.?|zuzüglich|exkl\\.?|excl\\.?) ?${SHIPPING_ALTERNATION}(?: costs?| charges?| fee)?`,
  // A fee or a levy charged beside the price, or the part of it a levy is ("dont 0,50 € d'éco-participation"), with a colon
  // for a tax and not "Ex Tax:" (a net price, settled against the gross beside it), never the product's price.
  'dont', '[ée]co-?participation', 'eco-?part', '[ée]co-?tax[ea]?', 'ecotasse', 'crv', 'installation(?: fee)?', 'assembly(?: fee)?', 'montage(?:kosten)?',
  '(?<!(?:ex|excl|exc|incl|inc|including|excluding|plus|\\+)\\.?\\s*)(?:sales |est\\.? |estimated )?tax ?:',
]);

/**
 * After the amount: "20 € off", "12 990 Ft helyett" and "1.299 TL yerine" (instead of), and a price after a rebate or cashback paid back later ("$29.99 after mail-in rebate", "29,99 € nach
 * Cashback"), or that rebate ("$20 mail-in rebate"), or what a set is worth ("$29.00 ($50 value)", "(50 € Wert)"; not a
 * "$29 Value Pack", where a word follows): never what the checkout charges.
 */
const REFERENCE_AFTER = wordPattern(/^\s*(?:off|(?:and|&|or) (?:under|below|less|up|over|above)|helyett|yerine|(?:(?:(?:retail|total|combined|est\\.|approx\\.) )?value|wert|worth)(?!\s*\p{L})|(?:after )?(?:mail-in )?rebates?|after trade-in|(?:nach )?cash ?back|(?:store )?credit|guthaben|in rewards|après (?:remboursement|odr))(?![\p{L}])/iu);

/** "$12.50 CR": a credit in a statement's capitals (a refund, a balance owed to the buyer), never a price; "cr" in lower case is a crore. */
const CREDIT_MARK_AFTER = /^\s*CR\.?(?![\p{L}\d-])/u;

/**
 * A gift card or store cash handed out with the purchase ("$89.99 Get a $10 gift card", "Receive a free $25 eGift Card", "Get $10
 * Kohl's Cash"): what the shopper gets, never what the product costs. A gift card sold as the product keeps its price ("App Store
 * Gift Card $25", "$25 Gift Card").
 */
const HANDED_OUT_BEFORE = endsWith(['(?:get|receive|earn|plus|with)(?: an?| your)?(?: free| bonus)?']);
const HANDED_OUT_AFTER = wordPattern(/^\s*(?:(?:e-?)?gift ?cards?|(?:kohl.s|bonus|reward) cash|(?:reward|bonus) (?:dollars|bucks)|in (?:store )?credit|promo(?:tional)? card)(?![\p{L}])/iu);

/**
 * A deposit named right before the amount ("Pfand 0,25 €", "zzgl. Pfand 0,25 €", "statiegeld € 0,15", "+ pant 1 kr"): charged
 * beside the price and refunded, never the price. "Pant" only after a plus or "inkl./exkl." ("Cargo Pant $49.99" is a product).
 */
const DEPOSIT_BEFORE = endsWith([
  '(?:flaschen|mehrweg|einweg)?pfand(?: von)?', '(?:refundable |bottle |container )?deposit(?: of)?', 'statiegeld', 'consigne(?: de)?',
  '(?:\\+|plus|inkl\\.?|exkl\\.?|ink\\.?|exk\\.?|med)\\s*pant',
]);

/** A regular price: a reference beside a sale price, the price itself when it stands alone; so is an approximation. */
const REGULAR = endsWith([
  ...REGULAR_PRICE_WORDS,
  // An approximation ("£17.99 (approx. €20.99)", "ca. 12,99 €"): a conversion beside the price, the price when alone.
  ...APPROXIMATE_WORDS,
]);
/** "De R$ 199 por R$ 149": a bare "de" opening the text (Portuguese, Spanish). */
const OPENING_DE = wordPattern(/^\s*de\s*$/iu);
/** Labels that name the price to pay now: they settle a tie between two unlabelled prices. */
const CURRENT = endsWith([
  'now', 'sale', 'sale price', 'our price', 'deal price', 'special price', 'offer price', 'current price', 'your price', 'today',
  'jetzt', 'nur', 'aktion', 'angebot', 'nu', 'nyní', 'ahora', 'por', 'voor', 'maintenant', 'ora', 'adesso', 'teraz', 'сейчас', 'nyt', 'nå', '現在', '特価', '販売価格', '售价', '现价', '促销价', '할인가', '판매가',
  'нова ціна', 'новая цена', 'стало', 'yeni fiyat', 'الآن', 'السعر الآن', 'سعر العرض', 'السعر بعد الخصم', 'מחיר מבצע', 'מחיר אונליין', 'ราคาพิเศษ', 'giá km', 'giá khuyến mãi', 'harga promo', 'τιμή προσφοράς',
  // An arrow from the old price to the new one ("¥3,980 → ¥2,980").
  '→', '⇒', '⟶',
]);
/** A bare "Price:" is current only when it is the whole label ("Clubcard Price", "Member price" are other prices). */
const PRICE_ALONE = wordPattern(/^[\s:.\-–]*(?:price|prix|preis|precio|prezzo|preço|pris|cena|fiyat|цена|ціна|τιμή|מחיר|السعر|giá|harga|価格|价格|가격)[\s:.\-–]*$/iu);
/** Whether a label before an amount names it the price to pay now ("Now", "Sale price", a bare "Price:"). */
export const labelsCurrent = (label: string): boolean => CURRENT.test(label) || PRICE_ALONE.test(label);
/** A unit price: "Grundpreis", "Prix au kg", "price per 100 g". */
const UNIT_BEFORE = endsWith([
  'grundpreis(?: (?:je|pro) [\\p{L}\\d ]{1,12})?', 'unit price', '(?:price|preis|prix|precio|prezzo|prijs|pris|cena) (?:per|pro|je|par|por|al|za) [\\p{L}\\d ]{1,12}', 'per kg', 'per l', 'prix au (?:kg|litre|l)', 'prix unitaire', 'precio por (?:kg|litro|unidad)',
  'prezzo al (?:kg|litro)', '(?:kg|g|l|ml|cl|liter|litre|m|m²|m2|stück|stk\\.?) ?=', 'pris per [\\p{L}]+', ...UNIT_LABEL_WORDS,
]);
/** After the amount (a footnote star may come first): "/kg", "/ 100 g", "per kg", "le kg", "€/l"; not a multi-buy after a slash ("£10 / 3 for £25"). */
const UNIT_AFTER = wordPattern(/^[\s*]*(?:\/\s*(?!\d+\s*(?:for|für|pour|por|voor|för|za)(?![\p{L}]))\d*\s*\p{L}|per\s+\d*\s*\p{L}|pro\s+\d*\s*\p{L}|le\s+(?:kg|litre|l)\b|je\s+\d*\s*\p{L}|al\s+(?:kg|litro)\b|the\s+kg)/iu);
/**
 * After the amount: a monthly, weekly or fortnightly price (a contract, an instalment: Afterpay's "$12.50/wk"),
 * never the price of the product. "£12.50 pm" and "p/m" are how UK shops write per month.
 */
const MONTHLY_AFTER = wordPattern(new RegExp(
  `^[\\s*]*(?:\\/\\s*(?:mo|mth|month|monat|mtl|mt|mois|mes|mês|mnd|kk|mån|md|mies|měs|мес|міс|ay|tháng|bln|bulan|เดือน|חודש|${ARABIC_MONTHLY}|wk|week|woche|semaine|semana|fortnight|payment|月|월|bi-?week)(?![\\p{L}])|(?:${[
    'per month', 'per mo', 'mo\\.', 'a month', 'monthly', 'pcm', 'p\\/m', 'pm', 'p\\.m\\.?', 'mtl\\.?', 'monatlich', 'pro monat', 'im monat', 'par mois', 'mensuel(?:le)?s?',
    'al mes', 'por mes', 'ao mês', 'al mese', 'per maand', 'maandelijks', 'i månaden', 'per måned', 'pr\\.? md\\.?', 'miesięcznie', 'měsíčně',
    'per week', 'a week', 'weekly', 'p\\/w', 'pw', 'wöchentlich', 'pro woche', 'par semaine', 'per fortnight', 'fortnightly', '每月',
    // Two weeks' instalment, as buy-now-pay-later providers charge ("$12.50 bi-weekly"). A year's charge is a plan's own price ("$99.99/yr").
    'bi-?weekly', 'every (?:2|two) weeks',
    // Swiss "mtl."/"monatl.", Turkish, Hebrew, Arabic, Thai, Vietnamese, Indonesian and Russian words for "a month".
    'monatl\\.?', 'aylık', 'ayda', 'לחודש', 'בחודש', ARABIC_MONTHLY, 'ต่อเดือน', 'mỗi tháng', 'một tháng', 'per bulan', 'sebulan', 'в месяц', 'на місяць',
  ].join('|')})(?![\\p{L}])|\\/\\s*月|\\/月)`,
  'iu',
));
/**
 * A down payment ("$0 down", "£29 upfront", "Anzahlung: 99 €", "acompte de 50 €"): the first part of a financed
 * price, paid before the monthly ones, never the product's price ("$0 down, $29/mo" read 0). "Down from",
 * "down to", "down by" tell a price drop instead.
 */
const DOWN_PAYMENT_AFTER = wordPattern(/^[\s*]*(?:down(?: ?payment)?(?!\s*(?:from|to|by)(?![\p{L}]))|upfront|(?:als )?anzahlung|d.acompte|de entrada)(?![\p{L}])/iu);
const DOWN_PAYMENT_BEFORE = endsWith(['down ?payment(?: of)?', 'upfront(?: cost| payment)?', 'anzahlung(?: von)?', 'acompte(?: de)?', 'pay(?:able)? upfront', 'entrada de', 'sinal(?: de)?']);

/** Before the amount: "4 payments of", "10x de", "3 x", "en 3 fois", "in 24 Raten à". */
const MULTIPLE_BEFORE = endsWith([
  '[x×]', '\\/', 'x de', 'payments? of', 'interest-free payments? of', 'instal?lments? of', 'raten (?:à|a|von|zu)', 'mensualités de', 'fois', 'cuotas de',
  'parcelas de', 'rate da', 'monthly', 'per month', 'monatlich', 'for', 'für', 'pour', 'por', 'voor', 'för', 'za', 'за',
]);
/** The same after a Japanese or Chinese count, which no space or word boundary sets apart: "2点で", "2件". */
const MULTIPLE_CJK = /(?:点で|点|件|個で|個)\s*$/u;

export interface RoleInput {
  /** Text between the previous number (or the start) and this number, the currency written right before it removed. */
  before: string;
  /** Text after this number and its own currency, up to the next number. */
  after: string;
  /** Whether the previous number is a count ("3 for", "10x"): then "for" and "x" make this a multi-unit price. */
  afterMultiplier: boolean;
  /** First number of the text. */
  first: boolean;
  /** No number that may be a price follows this one. */
  last: boolean;
  /** Text since the end of the previous number that may be a price (at most 80 characters), across numbers that are none or small counts. */
  reach: string;
  /** No number that may be a price comes before this one: `reach` runs from the text's start. */
  opening: boolean;
}

/** The label of a number: the words before it, a "+" glued to the previous amount and brackets taken off. */
// "$35+ $29.99": a "+" glued to the previous amount says "or more" of it (a threshold), it adds nothing to this one.
const labelOf = (before: string, first: boolean): string => (first ? before : before.replace(/^\+(?=\s)/, '')).replace(/[()[\]*]/g, ' ');

/**
 * Where a club's label stands for a number (see `settleClubLabels`): before it ("Member price $70", "(members $70"; the
 * bracket read before the label drops it), after it ("$70 for members"), both, or none.
 */
export function clubSide({ before, after, first }: Pick<RoleInput, 'before' | 'after' | 'first'>): 'before' | 'after' | 'both' | null {
  // "Mit Karte 1,99 €": a card's words opening the text are its label; after a name they end it ("Birthday Cake with Card $24.99").
  const opensWithCard = first && cardLabelAlone(labelOf(before, first));
  const [labelled, behind] = [clubLabelBefore(before) || clubLabelBefore(labelOf(before, first)) || opensWithCard, clubLabelAfter(after)];
  return labelled && behind ? 'both' : labelled ? 'before' : behind ? 'after' : null;
}

export function roleOf({ before, after, afterMultiplier, first, last, reach, opening }: RoleInput): PriceRole {
  const label = labelOf(before, first);
  if (MONTHLY_AFTER.test(after) || DOWN_PAYMENT_AFTER.test(after) || DOWN_PAYMENT_BEFORE.test(label) || isTotalOfCount(after, reach)) return 'multiple';
  if (afterMultiplier && (MULTIPLE_BEFORE.test(label) || MULTIPLE_CJK.test(label))) return 'multiple';
  // The count may stand in the label or before a number of its own ("10 rat 0% po 10 zł", "Pay in 4: $12.50").
  if (INSTALMENT_BEFORE.test(label) || INSTALMENT_BEFORE.test(reach)) return 'multiple';
  if (INSTALMENTS_AFTER.test(after)) return 'multiple';
  // "10 St. à 1,99 €": one piece of a pack of ten; the pack costs ten times that, so alone it is refused as a multi-buy is.
  if (isPiecePrice(reach, label, after, opening)) return 'multiple';
  // "ab 3 Stück je 4,50 €", "18 € ab 2 Stück": a quantity discount's price per piece, not what one piece costs.
  if (isQuantityTier(reach, after, last)) return 'multiple';
  if (REFERENCE.test(label) || DEPOSIT_BEFORE.test(label) || isLowestRecentlyLabel(reach) || (first && OPENING_DE.test(label)) || REFERENCE_AFTER.test(after) || CREDIT_MARK_AFTER.test(after) || depositNounAfter(after, last)) return 'reference';
  if (HANDED_OUT_AFTER.test(after) && HANDED_OUT_BEFORE.test(label)) return 'reference';
  // "$29.99 with code", "Clip coupon: $24.99": whoever lacks the code pays another price. Between two amounts the words
  // may be either one's ("$34.99 with code SAVE10 $29.99"): `settleCouponLabels` gives them to the lower.
  if ((first && COUPON_BEFORE.test(label)) || (opening && opensWithCode(reach)) || (last && COUPON_AFTER.test(after))) return 'reference';
  if ((last && isShippingAfter(after)) || (opening && shippingOpening(reach))) return 'reference';
  // "$99/yr", "99 € jährlich", "Price per night: $189": paid again each period. Before a club's label ("Member rate $171 per night")
  // and a unit's ("Preis pro Nacht" reads as a price per unit of something), which would make it a price when it stands alone.
  if (PERIOD_AFTER.test(after) || PERIOD_BEFORE.test(label)) return 'rate';
  if (clubSide({ before, after, first }) !== null) return 'member';
  if (isEstimatedEach(label, after)) return 'unit';
  if (REGULAR.test(label)) return 'regular';
  // "Price per 100 g: 1,29 €": the unit's quantity is a number of its own, so the label is read over it.
  if (UNIT_BEFORE.test(label) || UNIT_BEFORE.test(reach) || UNIT_AFTER.test(after)) return 'unit';
  return labelsCurrent(label) ? 'current' : 'plain';
}

/** What may stand between the two ends of a range: "10 – 20", "$10 to $20", "von 10 bis 20 €", "10～20円". */
const RANGE_BETWEEN = /^\s*(?:-|–|—|~|～|〜|to|through|thru|bis|à|a|al|hasta|do|до|tot|till|til|tới|から|至)\s*$/iu;

export const isRangeBetween = (between: string): boolean => RANGE_BETWEEN.test(between);
