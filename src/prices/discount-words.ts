// "Rabatt 5 €", "Korting €5", "Скидка 500 ₽", "할인 5,000원": the amount a discount takes off, never the price; one vocabulary for the parser and the page reader.
import { wordPattern } from './word-pattern';

/**
 * The discount itself, as a noun a shop writes beside its amount, in the forms that stand before or after it ("Descuento 5 €",
 * "5 € Rabatt", "Размер скидки 500 ₽", "5 zł rabatu"). Never an adjective or a compound that makes a price of it: "Rabattpreis",
 * "Prezzo scontato", "İndirimli fiyat", "Alennettu hinta", "割引価格", "할인가" are whole other words and never match.
 * Not "promo", "sale", "aktion", "offer": those name the price on offer; nor a rebate, which `conditional-pairs.ts` reads (an
 * instant one after an amount leaves it the price).
 */
const DISCOUNT_WORDS = [
  'discount', 'instant savings', 'reduction', 'price reduction', 'markdown',
  'rabatt', 'preisnachlass', 'nachlass', 'ermäßigung', '(?:ihr |dein )?(?:preis)?vorteil',
  'remise', 'réduction', 'rabais', 'ristourne', 'korting', 'alennus(?:ta)?',
  'rabat(?:u)?', 'zniżk[ai]', 'upust(?:u)?', 'obniżk[ai]', 'slev[ay]', 'zľav[ay]', 'kedvezmény', 'reducere', 'popust', 'έκπτωση',
  '[iİ]ndirim', 'desconto', 'descuento', 'rebaja', 'sconto', 'riduzione', 'скидк[аи]', 'знижк[аи]', 'отстъпка',
  'הנחה', 'خصم', 'diskon', 'potongan(?: harga)?', 'giảm giá', 'ส่วนลด',
];

/**
 * The same in Japanese, Chinese and Korean, which join words: only where no other character of those scripts precedes, since
 * "限时优惠 ¥99" (a limited-time offer) and "특별할인 45,000원" name the price on offer; the compounds that name the discount are listed.
 */
const DISCOUNT_CJK = ['割引(?:額)?', '値引き?(?:額)?', '优惠(?:金额)?', '折扣(?:金额)?', '할인(?:금액|액)?', '즉시할인', '쿠폰할인', '추가할인'];
const ALONE_CJK = '(?<![\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}])';
/** Verbs that always take the amount off, whatever precedes them ("限时立减 ¥50": a limited-time cut of ¥50). */
const CUT_CJK = ['立减', '立減', '直降', '减价', '減價'];

/**
 * A preposition that makes the discount qualify a price the label names ("Preis nach Rabatt", "Precio con descuento", "Price
 * after discount", "Prijs na korting", "Pris efter rabatt", "Cena z rabatem"), or the price noun Romance languages put first
 * ("Precio descuento 45 €"): the amount is the price to pay. An article may follow ("mit dem Rabatt", "con el descuento").
 */
const APPLIED = [
  'after', 'with', 'incl\\.?', 'inc\\.?', 'including', 'less', 'minus', 'net of', 'nach', 'mit', 'inkl\\.?', 'inklusive', 'abzgl\\.?', 'abzüglich', 'nach abzug',
  'après', 'avec', 'moins', 'con', 'tras', 'después de(?:l)?', 'menos', 'dopo', 'com', 'c\\/', 'após', 'depois d[oa]', 'na', 'met', 'inclusief', 'efter', 'etter', 'med',
  'z', 'ze', 's', 'se', 'po', 'со', 'с', 'после', 'за вычетом', 'зі', 'з', 'після', 'precio', 'preço', 'preco', 'prezzo', 'prix',
].join('|');
const ARTICLE = "(?:the|dem|der|den|la|le|l'|el|lo|il|o|a|de|het)";

/** A percentage the word counts ("10 % Rabatt", "-20% de descuento", "30% 할인", Turkish "%23 indirim"): the amount after it is the price. */
const COUNTED = '(?<!%\\s*(?:(?:de|di|da|of)\\s+)?)(?<!%\\s?\\d+(?:[.,]\\d+)?\\s*)';
const labelPattern = (counted: string) => wordPattern(new RegExp(
  `(?:(?:^|[^\\p{L}])(?<!(?<![\\p{L}])(?:${APPLIED})\\s+(?:${ARTICLE}\\s+)?)${counted}(?:${DISCOUNT_WORDS.join('|')})|${ALONE_CJK}${counted}(?:${DISCOUNT_CJK.join('|')})|(?:${CUT_CJK.join('|')}))[\\s:：.\\-–]*$`,
  'iu',
));
const BEFORE = labelPattern(COUNTED);
const COUNTED_OR_NOT = labelPattern('');

/**
 * Right after the amount: "5 € Rabatt", "€5 korting", "50 TL indirim", "5 € de réduction", "R$ 5 de desconto", "5 € di sconto",
 * "500円引き", "500円OFF" (the yen sign glued to the word is not read as one), "5,000원 할인". A number or a colon after the word
 * may make it a badge of its own beside the price instead ("39,99 € Rabatt 20%", "39,99 € Rabatt: -20%").
 */
const WORD_AFTER = wordPattern(new RegExp(
  `^[\\s!]*(?:(?:(?:de|di|da|of) )?(?:${DISCOUNT_WORDS.join('|')})(?![\\p{L}\\d-])|(?:${DISCOUNT_CJK.join('|')}|円?(?:引き|オフ)|円off(?![\\p{L}])))(?<numbered>[\\s:：]*[-–+]?\\d)?`,
  'iu',
));

/** The label right before an amount names the discount, not a price after it ("Rabatt:", "Ihr Rabatt", "Скидка"; never "Preis nach Rabatt"). */
export const discountBefore = (label: string): boolean => BEFORE.test(label);
/**
 * The label ends in a discount word a percentage counts ("10 % Rabatt", "Save 20% Korting"): the amount after it is the price
 * when it stands alone, but with another after it either may be the discount's ("20% Korting €5 €45").
 */
export const countedDiscountBefore = (label: string): boolean => !BEFORE.test(label) && COUNTED_OR_NOT.test(label);
/** The words right after an amount name it a discount ("5 € Rabatt", "5 € de remise"), with no number of its own after them. */
export const discountAfter = (after: string): boolean => {
  const words = WORD_AFTER.exec(after);
  return words !== null && words.groups?.numbered === undefined;
};
/**
 * The same words with a number after them: the badge of a price ("39,99 € Rabatt 20%") or the label of the amount before them
 * and then a badge ("39,99 € 5 € Rabatt 20% off"); with another amount before it nothing tells which.
 */
export const numberedDiscountAfter = (after: string): boolean => WORD_AFTER.exec(after)?.groups?.numbered !== undefined;
