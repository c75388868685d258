// "Free", "Gratis", "Kostenlos", "無料" … as a zero price, only where the text is a price and not free shipping or a trial.

const FREE = new RegExp(
  // Not glued after a hyphen: "interest-free", "duty-free", "hands-free" say without what, not that the product costs nothing.
  '(?:^|[^\\p{L}-])(' +
    [
      'free', 'free of charge', 'gratis', 'kostenlos', 'umsonst', 'gratuit', 'gratuite', 'offert', 'gratuito', 'gratuita', 'grátis', 'gratuitamente',
      'бесплатно', 'безкоштовно', 'безплатно', 'darmowy', 'darmowe', 'za darmo', 'zdarma', 'ingyenes', 'ingyen', 'gratuită', 'δωρεάν', 'ücretsiz',
      'bedava', 'ilmainen', 'maksuton', 'kostnadsfritt', 'gratuitement', 'miễn phí', 'percuma', 'ฟรี', 'مجاني', 'مجانا', 'חינם', 'मुफ़्त', 'मुफ्त',
    ].join('|') +
    ')(?![\\p{L}])|(無料|免费|免費|무료)',
  'iu',
);
/** Words that make "free" about something else: shipping, returns, a trial, a gift, a size. */
const NOT_THE_PRICE = new RegExp(
  [
    'shipping', 'delivery', 'returns?', 'trial', 'gift', 'sample', 'installation', 'wrapping', 'click', 'collect', 'cancellation', 'of charge over',
    'versand', 'lieferung', 'rückversand', 'livraison', 'retours?', 'envío', 'envio', 'devoluci', 'spedizione', 'reso', 'frete', 'verzending',
    'dostawa', 'wysyłka', 'doprava', 'доставка', 'kargo', 'frakt', 'levering', 'toimitus', 'szállítás', '送料', '配送', '包邮', '运费', '배송', 'sugar', 'gluten',
    'lactose', 'fat', 'alcohol', 'bpa', 'cruelty', 'size', 'wifi', 'wi-fi', 'parking', 'zucker', 'sans',
    'interest', 'duty', 'hands', 'risk', 'hassle',
    // A multi-buy's free piece ("Buy 3 get 1 free", "2+1 gratis", "3 for 2"): the others are paid for.
    'buy \\d', 'get \\d', 'bogo', '\\d ?\\+ ?\\d',
  ].join('|'),
  'iu',
);

/** Whether a free word appears at all, whatever it is about. */
export const mentionsFree = (text: string): boolean => FREE.test(text);

/** The free word when the text says the product costs nothing; null otherwise. */
export function freeWord(text: string): string | null {
  const match = FREE.exec(text);
  if (!match) return null;
  if (NOT_THE_PRICE.test(text)) return null;
  return match[1] ?? match[2];
}
