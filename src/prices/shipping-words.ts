// "Shipping", "Versand", "Fragt", "Toimitus", "Frete", "送料", "배송비": the words for delivery and its cost, one list for the parser and the page reader.

/**
 * Regular-expression sources, lower case, each a whole word or phrase: the noun a shop writes beside the amount delivery costs,
 * in the languages real shops use. The amount they name is charged beside the product's price, never the price. Not "port"
 * (a harbour, a connector), nor a bare "transport" or "expédition", which name products and services as often.
 */
/**
 * German writes the kind of delivery and its charge into one noun with the delivery word: a compound whose head (its last part)
 * is a delivery ("Expressversand", "Briefporto", "Speditionslieferung", "Seefracht", "DHL-Versand"), or whose first part is one
 * followed by a charge ("Versandkostenpauschale", "Frachtkosten", "Portopauschale", "Lieferzuschlag", "Expressversandkosten"),
 * and any surcharge ("Inselzuschlag", "Sperrgutzuschlag": a "Zuschlag" is charged on top, never a product's price).
 * Not a product whose head is something else ("Versandtasche", "Lieferwagen", "Frachtschiff"), nor delivery made free
 * ("Gratisversand 19,99 €" is the price of a product shipped free), nor the city ("Oporto", a port wine's name).
 */
const DELIVERY_COMPOUND = `(?!(?:gratis|frei|kostenlos|kostenfrei|free)-?(?:versand|lieferung|zustellung)|oporto)(?:${[
  // The charge may run on into another word for the page reader ("versandkostenfrei ab"); the parser's patterns bound it.
  '[\\p{L}]*-?(?:versand|liefer(?:ungs)?|zustell(?:ungs)?|porto|fracht|speditions)(?:kosten|gebühren?|pauschale|zuschlag|anteil|spesen|entgelt)+',
  // A prefixed head is a whole word: "Frachtschiff", "Portokasse" go on into a product's head.
  '[\\p{L}]+-?(?:versand|lieferung|zustellung|porto|fracht)(?![\\p{L}])', 'versand', 'lieferung', 'zustellung', 'porto', 'fracht(?![\\p{L}])',
  '[\\p{L}]*zuschlag(?![\\p{L}])',
].join('|')})`;

export const SHIPPING_WORDS: readonly string[] = [
  'shipping(?: (?:&|and) handling)?', 's&h', 's\\/h', 'postage(?: (?:&|and) packing)?', 'p&p', 'delivery', 'carriage',
  DELIVERY_COMPOUND,
  'livraison', 'frais de (?:port|livraison|transport|expédition)', 'frais d.envoi',
  'envío', 'envio', 'gastos de envío', 'gastos de envio', 'cost[eo] de envío', 'entrega', 'frete', 'portes', 'custo de envio',
  'spedizione', 'spese di spedizione', 'costi di spedizione', 'consegna',
  'verzending', 'verzendkosten', 'bezorging', 'bezorgkosten', 'levering', 'leveringskosten', 'leverans', 'frakt', 'fraktkostnad', 'fragt', 'forsendelse',
  'toimitus', 'toimituskulut', 'toimitusmaksu', 'postikulut', 'postituskulut',
  'dostawa', 'koszt dostawy', 'wysyłka', 'koszt wysyłki', 'przesyłka', 'doprava', 'dopravné', 'poštovné', 'doručení', 'doručenie',
  'szállítás', 'szállítási díj', 'livrare', 'cost(?:ul)? livrare', 'taxa de livrare', 'dostava', 'poštarina', 'kargo', 'kargo ücreti', 'kargo bedeli', 'gönderim', 'gönderim ücreti', 'teslimat ücreti',
  'доставка', 'стоимость доставки', 'вартість доставки', 'αποστολή', 'μεταφορικά', 'έξοδα αποστολής', 'משלוח', 'דמי משלוח',
  'الشحن', 'التوصيل', 'رسوم الشحن', 'رسوم التوصيل', 'phí vận chuyển', 'phí giao hàng', 'phí ship', 'ongkir', 'ongkos kirim', 'biaya pengiriman', 'ค่าจัดส่ง', 'ค่าส่ง',
  // Japanese, Chinese and Korean join words; these are whole nouns ("配送料", "快递费"), read as any other.
  '送料', '配送料', '配送費', '运费', '運費', '配送费', '快递费', '邮费', '郵費', '배송비', '배송료', '택배비',
];

/** The list as one alternation, for patterns that add their own bounds. */
export const SHIPPING_ALTERNATION = `(?:${SHIPPING_WORDS.join('|')})`;
