// "Was", "RRP", "UVP", "statt", "prix conseillé", "原价" …: labels of a price that is not the one to pay now, one list for the page reader and the parser.

/**
 * Regular-expression sources, lower case, matched as whole words right before the amount. The page reader reads each as a
 * reference; the parser too, but for the regular-price words (`regular-words.ts`), which stand for the price when alone.
 */
export const WAS_PRICE_WORDS: readonly string[] = [
  'was', 'were', 'reg\\.?', 'regular(?: price)?', 'regularly', 'rrp', 'msrp', 'srp', 'list(?: price)?', 'compare at', 'compare-at price',
  'original(?: price)?(?: was)?', 'reference price', 'ref\\. price', '(?:price )?reduced from', 'orig\\.?', 'old price', 'before', 'previously', 'instead of', 'retail(?: price)?', 'price before',
  'mrp', 'm\\.r\\.p\\.?', 'uvp', 'statt', 'vorher', 'bisher(?:iger preis)?', 'früher', 'streichpreis', 'alter preis', 'ehemaliger preis', 'regulärer preis', 'listenpreis', 'originalpreis', 'normalpreis', 'ursprünglich(?:er preis)?(?: war)?', 'war', 'unverb\\. preisempf\\.?',
  'avant', 'au lieu de', 'prix initial(?: était)?', 'prix d\'origine', 'ancien prix', 'prix barré', 'prix de référence', 'prix (?:de vente )?conseillé', 'prima', 'invece di', 'prezzo originale(?: era)?', 'prezzo iniziale', 'prezzo consigliato', 'prezzo di listino', 'prezzo pieno',
  'antes', 'precio anterior', 'precio original(?: era)?', 'pvp recomendado', 'precio (?:de venta )?recomendado', 'preço original(?: era)?', 'preço anterior', 'de(?=\\s*:)', 'pvpr', 'precio normal', 'era', 'van', 'adviesprijs', 'ord\\.? ?pris', 'ordinarie pris', 'tidigare pris', 'tidligere pris', 'tidl\\. pris', 'normalpris', 'førpris', 'veil\\.? pris',
  'previous(?: price)?', 'sonst', 'normaal(?:prijs)?', 'oude prijs', 'vejl\\.? pris', 'vejledende pris', 'før', 'norm\\.', 'ovh\\.?', 'dříve', 'původně', 'eredeti ár', 'régi ár',
  'preț vechi', 'pret vechi', 'prp', 'αρχική τιμή', 'preço antigo', 'precio habitual', 'precio de referencia', 'prezzo precedente', 'cena przed obniżką',
  'poprzednia cena', 'stara cena', 'cena katalogowa', 'cena regularna', 'pierwotna cena(?: wynosiła)?', '(?:det )?ursprungliga priset(?: var)?', 'ursprungligt pris', 'původní cena', 'běžná cena', 'было', 'старая цена', 'önceki fiyat', '定価', '通常価格', '参考価格', '原价', '정가',
  // "Instead of" in more languages ("1 299 ₽ вместо 1 599 ₽", "129,99 zł zamiast 159,99 zł"): two prices were refused as two current ones.
  'вместо', 'замість', 'zamiast', 'místo', 'namiesto', 'umjesto', 'namesto', 'în loc de', 'anstatt', 'en lugar de', 'en vez de', 'em vez de', 'i stedet for', 'i stället för', 'αντί(?: για)?',
  // Was-labels of Nordic, Finnish, French, German, Turkish, Korean and English shops the page reader lacked (the parser knew some):
  // a was-price under one was read as a second current price, and alone as the price.
  'tidligere', 'tidigare', 'ennen', 'normaalihinta', 'prix public', 'uvp des herstellers', '(?:unverbindliche |unverb\\.? )?preisempfehlung',
  'piyasa fiyatı', 'liste fiyatı', '소비자가(?:격)?', '시중가', 'typical(?: price)?', 'market (?:price|value)', 'comparable value', 'originally',
  // The maker's suggested retail price and the struck list price in Japanese, Chinese and Korean ("希望小売価格 ¥2,980 ¥1,980" was refused as two prices).
  '(?:メーカー)?希望小売価格', '(?:建议|建議)?零售价', '建議售價', '吊牌价', '专柜价', '划线价', '市场价', '原價', '定價', '권장소비자가(?:격)?',
  'במקום', 'מחיר קודם', 'מחיר מקורי', 'מחיר רגיל', 'بدلاً من', 'بدلا من', 'السعر قبل الخصم', 'السعر الأصلي', 'السعر القديم', 'السعر العادي', 'كان',
  // Was-labels of Dutch, Persian, Turkish, Indonesian, Romanian, Balkan, Baltic, Bulgarian and Japanese shops the lists lacked: the pair was refused as two current prices.
  'oorspronkelijke prijs', 'oorspronkelijk', 'voorheen', 'vorige prijs', 'قیمت قبلی', 'قیمت اصلی', 'قیمت قبل از تخفیف', 'eski fiyat', 'harga normal', 'harga coret', 'preț inițial', 'pret initial',
  'stara cijena', 'redovna cijena', 'prethodna cijena', 'redovna cena', 'pôvodná cena', 'bežná cena', 'redna cena', 'sena kaina', 'įprasta kaina', 'ankstesnė kaina',
  'vecā cena', 'parastā cena', 'tavahind', 'vana hind', 'стара цена', 'редовна цена', 'предишна цена', '旧価格',
];

/**
 * What a set or a bundle is worth bought apart ("Worth £40", "Value: $50", "im Wert von 50 €", "d'une valeur de 50 €"): no price
 * of this product, for the parser and the page reader (a "Worth" in a parent of the amount's element was read as the price).
 * Not in the list above: in an aria-label or a title ("Price value") these words say nothing.
 */
export const WORTH_WORDS: readonly string[] = [
  'value', 'worth', 'valued at', 'value of', '(?:im )?wert(?: von)?', 'd.une valeur de', 'valeur', 'valor(?: de)?', 'valore(?: di)?', 'ter waarde van', 't\\.w\\.v\\.?', 'värde', 'verdi', 'værdi',
];
