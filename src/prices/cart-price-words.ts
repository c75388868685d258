// Words saying a price is shown only in the cart or at checkout (a maker's minimum advertised price, MAP): one list for the parser and the page reader.

/**
 * Phrases, lower case, as regular-expression source. A shop under a MAP agreement may not print a price below
 * the maker's minimum, so it prints the words instead, often beside a placeholder (`$0.00`) or the higher
 * advertised price; what the cart charges is on no page.
 */
export const CART_PRICE_PHRASES: readonly string[] = [
  '(?:see|view|show|reveal) (?:the |our |final |your )?(?:low(?:est)? )?price in (?:the |your )?(?:cart|basket|bag|checkout)',
  'price (?:shown |revealed )?in (?:the )?(?:cart|basket|bag|checkout)',
  'add (?:it )?to (?:the |your )?(?:cart|basket|bag) to see (?:the |our |final )?(?:low(?:est)? )?price',
  'to see (?:our|the) price,? add (?:this item|it) to (?:your |the )?(?:cart|basket|bag)',
  '(?:see|view) price at checkout',
  'price too low to (?:show|display)',
  // The link MAP shops put where the price would be, and the button that shows it in a pop-up cart.
  'why (?:don.t|do not|can.t|cannot) we show (?:the |our |this )?price\\??',
  'click (?:here )?(?:to see|to view|for) (?:the |our |final )?price',
  'preis im warenkorb',
  'prix (?:visible |affiché )?dans le panier',
  'precio en el carrito',
  'prezzo nel carrello',
  'prijs in (?:de )?winkelwagen',
];

/** Those words anywhere in a price text, not inside a longer word. */
export const CART_PRICE = new RegExp(`(?:^|[^\\p{L}])(?:${CART_PRICE_PHRASES.join('|')})(?![\\p{L}])`, 'iu');
