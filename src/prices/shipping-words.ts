// "Shipping", "Versand", "Fragt", "Toimitus", "Frete", "送料", "배송비": the words for delivery and its cost, one list for the parser and the page reader.

/**
 * Regular-expression sources, lower case, each a whole word or phrase: the noun a shop writes beside the amount delivery costs,
 * in the languages real shops use. The amount they name is charged beside the product's price, never the price. Not "port"
 * (a harbour, a connector), nor a bare "transport" or "expédition", which name products and services as often.
 */
export const SHIPPING_WORDS: readonly string[] = [
  'shipping(?: (?:&|and) handling)?', 's&h', 's\\/h', 'postage(?: (?:&|and) packing)?', 'p&p', 'delivery', 'carriage',
  'versand(?:kosten(?:anteil|pauschale)?|pauschale|gebühr|gebühren|zuschlag)?', 'inselzuschlag', 'lieferung', 'liefer(?:kosten|gebühr|pauschale|zuschlag)', 'zustellung', 'porto(?:kosten)?',
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
