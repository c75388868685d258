// Labels that name a unit (base, comparison) price by themselves, per language: one list for the parser and the page reader.

/**
 * Regular-expression sources, lower case, matched as whole words right before the amount ("Jämförpris: 124,50 kr",
 * "Kiloprijs € 12,45", "100gあたり99円"). EU law (and Nordic, Turkish, Japanese, Korean shelf rules) makes shops print the
 * price per kilo, litre or piece beside the price; with the label not read, a page showing both was refused as two prices.
 */
export const UNIT_LABEL_WORDS: readonly string[] = [
  // German, English, French, Spanish, Italian, Portuguese
  'kilopreis', 'literpreis', 'vergleichspreis', 'unit price', 'price per unit', 'prix au kilo', 'prix au litre', 'prix\\/kg', 'prix\\/l',
  'precio\\/kg', 'precio\\/l', 'precio unitario', 'prezzo unitario', 'prezzo al litro', 'preço unitário', 'preço por (?:kg|quilo|litro|unidade|l)', 'preço\\/kg',
  // Dutch, Swedish, Norwegian, Danish, Finnish
  'kiloprijs', 'literprijs', 'eenheidsprijs', 'jämförpris', 'jmf[- ]?pris', 'jfr[- ]?pris', 'jämförelsepris', 'kilopris', 'literpris', 'enhetspris', 'enhedspris',
  'sammenligningspris', 'kilohinta', 'litrahinta', 'yksikköhinta', 'vertailuhinta',
  // Polish, Czech, Slovak, Hungarian, Romanian, Turkish, Russian
  'cena jednostkowa', 'cena za (?:kg|l|litr|szt\\.?)', 'jednotková cena', 'cena za (?:kg|l|ks)', 'egységár', 'preț unitar', 'pret unitar', 'preț\\/kg',
  '(?:kg|litre|lt|adet) fiyatı', 'birim fiyat(?:ı)?', 'цена за (?:1 )?(?:кг|л|шт\\.?|100 г)', 'за 1 кг', 'за кг',
  // Japanese, Chinese, Korean: the quantity joined to the word ("100gあたり", "100g당")
  '単価', '\\d+ ?(?:g|kg|ml|l|個|枚|本|袋)(?:あたり|当たり|当り)', '单价', '每(?:斤|公斤|千克|100克|升)', '단위가격', '단가', '\\d+ ?(?:g|kg|ml|l|개|매)당',
];
