// A call to action that repeats the price ("Add to cart · $24.99"): which elements are one, and their text.
import type { Element } from 'domhandler';
import { textContent } from './text-flow';

/**
 * Words of putting the product in the cart or buying it now, in the languages shops write their buttons in. A control without
 * them (an add-on's "Add protection plan $4.99", a plan, a financing badge) says nothing of the product's price.
 */
const CART_ACTION = new RegExp(`(?:^|[^\\p{L}])(?:${[
  'add to (?:cart|bag|basket|trolley)', 'buy (?:it )?now', 'buy', 'order now', 'pre-?order', 'purchase',
  'in den (?:warenkorb|einkaufswagen)', '(?:jetzt )?kaufen', 'ajouter au panier', 'acheter', 'commander', 'añadir al carrito', 'agregar al carrito', 'comprar(?: ahora)?',
  'adicionar ao carrinho', 'aggiungi al carrello', 'acquista(?: ora)?', 'in (?:de )?winkel(?:wagen|mand)', 'bestellen', 'lägg i (?:varukorgen|kundvagnen)', 'köp',
  'læg i kurv(?:en)?', 'legg i handlekurv(?:en)?', 'dodaj do koszyka', 'kup teraz', 'přidat do košíku', 'koupit', 'sepete ekle', 'satın al',
  'カートに(?:入れる|追加)', '購入する', '加入购物车', '立即购买', '장바구니', '구매하기', 'أضف إلى السلة', 'הוסף לסל', 'thêm vào giỏ', 'mua ngay', 'masukkan keranjang',
].join('|')})(?![\\p{L}])`, 'iu');

/** Class words of a link or box drawn as a button, and of an add-to-cart control whatever its tag. */
const ACTION_CLASS = /(?:^|[\s_-])(?:btn|button|add-?to-?cart|addtocart|buy-?now)(?:[\s_-]|$)/i;

/** The words a control shows: a submit input's value, else its text. */
export const actionText = (element: Element): string =>
  element.tagName === 'input' ? (element.attribs.value ?? '') : textContent(element);

/** A button, a `role="button"`, a submit input or a link drawn as a button, whose words put the product in the cart or buy it. */
export function callsToBuy(element: Element): boolean {
  const { attribs, tagName } = element;
  const control = tagName === 'button' || (attribs.role ?? '').toLowerCase() === 'button' || (tagName === 'input' && /^(?:submit|button)$/i.test(attribs.type ?? ''))
    || (['a', 'span', 'div'].includes(tagName) && ACTION_CLASS.test(attribs.class ?? ''));
  return control && CART_ACTION.test(actionText(element));
}
