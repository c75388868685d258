// Generic listing navigation: links of priced product cards and the next page, for shops without a sitemap.
import { showsPrice, type CrawlResponse } from 'pricecrawl';
import { decodeHTML } from 'entities';

/** Elements that wrap one product on a listing. */
const CARD = 'li, article, [class*="card"], [class*="tile"], [class*="product"], [class*="item"]';
/** A card is small: a menu or a footer column is neither short nor limited to a few links. */
const CARD_MAX_CHARS = 600;
const CARD_MAX_LINKS = 3;

/**
 * Links inside a small card whose text shows an amount with a currency ("$1,299.00", "£12.99", a
 * was/now pair or a range alike): how
 * listings everywhere present products. Navigation, footers and rating counts have no currency.
 */
export function productCardLinks(res: CrawlResponse): string[] {
  const $ = res.$;
  const found = new Set<string>();
  for (const anchor of $('a[href]').toArray()) {
    // From the parent up: the link itself may carry a "card" class.
    const card = $(anchor).parent().closest(CARD);
    if (card.length === 0) continue;
    // Element boundaries become spaces, or "Notebook 52X" and "$781.99" would run together.
    const text = decodeHTML((card.html() ?? '').replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ').trim();
    if (text.length > CARD_MAX_CHARS) continue;
    const links = new Set(card.find('a[href]').toArray().map((a) => $(a).attr('href')));
    if (links.size > CARD_MAX_LINKS || !showsPrice(text)) continue;
    found.add(res.urljoin($(anchor).attr('href') as string));
  }
  return [...found];
}

const NEXT_TEXT = /^(?:next(?: page)?|›|»|weiter|suivant|siguiente|volgende)\s*[›»>]?$/i;

/** rel="next" (on <a> or <link>), or a link called or classed "next". */
export function nextPageLinks(res: CrawlResponse): string[] {
  const $ = res.$;
  const hrefs = $('a[rel~="next"][href], link[rel~="next"][href], a[class*="next"][href]')
    .toArray()
    .map((element) => $(element).attr('href') as string);
  for (const anchor of $('a[href]').toArray()) if (NEXT_TEXT.test($(anchor).text().trim())) hrefs.push($(anchor).attr('href') as string);
  return [...new Set(hrefs.map((href) => res.urljoin(href)))];
}
