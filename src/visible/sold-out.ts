// A product page saying its product is sold out where no stock element does: its buy button disabled with those words, a state on the price's box.
import type { Cheerio, CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import { actionText } from './call-to-action';
import { cssPath } from './css-path';
import { choiceOf, hiddenByMarkup } from './element-marks';
import { markWords, OTHER_PRODUCTS_MARK } from './price-labels';
import type { ScannedPrice } from './scanned-price';
import { collapse, isTag } from './text-flow';

/** A control's whole words saying the product cannot be bought now, in the languages shops write their buttons in. */
const SOLD_OUT_WORDS = /^(?:sold out|out of stock|currently unavailable|unavailable|ausverkauft|vergriffen|nicht (?:mehr )?(?:lieferbar|verfügbar)|épuisé|rupture de stock|agotado|sin stock|esaurito|non disponibile|uitverkocht|slutsåld|utsolgt|udsolgt|wyprzedane|brak w magazynie|vyprodáno|tükendi|品切れ|売り切れ|在庫切れ|已售罄|缺货|품절)[.!]?$/iu;
/**
 * A class naming the sold-out state of the box it is on: `sold-out`, `is-sold-out`, a modifier `price--sold-out`. Not a part of a
 * block named for it (Dawn's `price__badge-sold-out`): themes render that badge on every page and show it by their sheet.
 */
const SOLD_OUT_STATE = /^(?:is-|has-)?(?:sold-?out|out-?of-?stock)$|--(?:sold-?out|out-?of-?stock)$/;
const CHROME = new Set(['header', 'footer', 'nav', 'dialog', 'template', 'noscript', 'script']);

/**
 * Not shown, inside page chrome or another product's block, or in an option not taken (Dawn labels a sold-out size "Variant sold
 * out or unavailable" on a page whose taken size is in stock): its words say nothing of this product as the page offers it.
 */
export function elsewhere(element: Element): boolean {
  for (let at: AnyNode | null = element; at && isTag(at); at = at.parent) {
    const words = markWords(`${at.attribs.class ?? ''} ${at.attribs.id ?? ''}`);
    if (CHROME.has(at.tagName) || hiddenByMarkup(at) || OTHER_PRODUCTS_MARK.test(words) || choiceOf(at) === 'unchosen') return true;
  }
  return false;
}

/** A buy button the page has disabled and labelled "Sold out" (Dawn, BigCommerce's "Out of stock" submit input). */
function disabledBuy(element: Element): boolean {
  const { attribs, tagName } = element;
  const control = tagName === 'button' || (tagName === 'input' && /^(?:submit|button)$/i.test(attribs.type ?? ''));
  const disabled = attribs.disabled !== undefined || attribs['aria-disabled'] === 'true';
  return control && disabled && SOLD_OUT_WORDS.test(collapse(actionText(element)));
}

/**
 * The elements a scanned price's path names. Asked of the selector engine whole, `:nth-of-type(n)` counts every matching tag's
 * siblings for each of them: a price after 20,000 sibling spans took 80 s. The path without it finds the few candidates of the
 * price's tag and classes, and each is kept when its own path is the one asked for.
 */
function elementsAt($: CheerioAPI, path: string): Element[] {
  return $(path.replace(/:nth-of-type\(\d+\)/g, '')).toArray().filter((element): element is Element => isTag(element) && cssPath(element) === path);
}

/**
 * Whether the page says its product is sold out where a shopper sees it: a disabled buy button saying so, or a state class on a box
 * holding the product's current price (`price--sold-out`). A badge's words alone are not read: themes print a "Sold out" badge on
 * every page and let their sheet show it.
 */
export function soldOut($: CheerioAPI, root: Cheerio<AnyNode>, scanned: readonly ScannedPrice[]): boolean {
  const button = root.find('button, input').toArray().some((element) => disabledBuy(element as Element) && !elsewhere(element as Element));
  if (button) return true;
  const prices = scanned.filter((p) => p.role === 'current').flatMap((p) => elementsAt($, p.path));
  return prices.some((price) => {
    for (let at: AnyNode | null = price; at && isTag(at); at = at.parent) {
      if ((at.attribs.class ?? '').split(/\s+/).some((name) => SOLD_OUT_STATE.test(markWords(name)))) return !elsewhere(at);
    }
    return false;
  });
}
