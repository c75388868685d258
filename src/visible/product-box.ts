// The page's own product box, by structure: its microdata Product, or the block holding both its one <h1> and its buy control.
import type { Cheerio, CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import { callsToBuy } from './call-to-action';
import { hiddenByMarkup } from './element-marks';
import { isInside, isTag } from './text-flow';

const CHROME = new Set(['header', 'footer', 'nav', 'dialog', 'template', 'noscript']);

function shown(element: Element): boolean {
  for (let at: AnyNode | null = element; at && isTag(at); at = at.parent) if (CHROME.has(at.tagName) || hiddenByMarkup(at)) return false;
  return true;
}

function ancestors(element: Element): Element[] {
  const out: Element[] = [];
  for (let at: AnyNode | null = element.parent; at && isTag(at); at = at.parent) out.push(at);
  return out;
}

/** A buy control: a button or submit drawn to put the product in the cart, or a form posting to a cart (Shopify's `/cart/add`, Woo's `form.cart`). */
function buyControls($: CheerioAPI, root: Cheerio<AnyNode>): Element[] {
  const forms = root.find('form').toArray().filter((form) => /\/cart\b|add-?to-?cart|checkout\/cart\/add/i.test(form.attribs.action ?? '') || /(?:^|\s)cart(?:\s|$)/.test(form.attribs.class ?? ''));
  const buttons = root.find('button, input, a, [role="button"]').toArray().filter((element) => callsToBuy(element));
  return [...forms, ...buttons].filter(shown);
}

/**
 * The product's own box, or null when the structure does not give one: the one shown `<h1>` (the product's name) inside a microdata
 * Product, that Product; else the smallest block holding the `<h1>` and a buy control (the nearest of them, so a related card's "Add to
 * cart" further away gives a larger block). Cards and strips of other products stand outside it whatever their class names.
 * With no `<h1>`, several, or no buy control, there is none.
 */
export function productBox($: CheerioAPI, root: Cheerio<AnyNode>): Element | null {
  const headings = root.find('h1').toArray().filter(shown);
  if (headings.length !== 1) return null;
  const [heading] = headings;
  const up = ancestors(heading);
  const product = up.find((element) => /schema\.org\/Product$/i.test(element.attribs.itemtype ?? '') && element.attribs.itemscope !== undefined);
  if (product) return product;
  let box: Element | null = null;
  for (const control of buyControls($, root)) {
    const common = up.find((element) => isInside(control, element));
    if (common && (!box || isInside(common, box))) box = common;
  }
  return box && root.toArray().includes(box) ? null : box;
}
