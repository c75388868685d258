// Table cases from files written the way big shops write theirs: many groups, Yandex and Bing extensions, query and file-type rules.
import type { RobotsCase } from './robots-table-types';

/** A marketplace's file: a long `*` group of Allow/Disallow pairs, bots shut out, and a group naming us beside another crawler. */
const MARKETPLACE = `# robots.txt for shop.example
# Questions: seo@shop.example

User-agent: *
Disallow: /exec/account-access-login
Disallow: /gp/cart
Disallow: /gp/aw/so.html
Allow: /gp/offer-listing/B000
Disallow: /gp/offer-listing/
Disallow: /*/dp/*/ref=
Allow: /wishlist/universal*
Disallow: /wishlist/
Disallow: /*?*pd_rd_
Disallow: /s?k=*&rh=n*p_*p_*p_

User-agent: EtaoSpider
Disallow: /

User-agent: pricecrawl-images
Disallow: /

# Comparison crawlers: product pages only
User-agent: GPTBot
User-agent: PriceCrawl
Disallow: /gp/
Allow: /gp/product/
Disallow: /*/dp/
Allow: /*/dp/*$

User-agent: pricecrawl
Disallow: /deals
`;

/** A Russian-market shop: Yandex's Host and Clean-param beside the usual rules, a Sitemap at the end. */
const YANDEX_STYLE = `User-agent: Yandex
Disallow: /basket
Clean-param: utm_source&utm_medium /catalog/
Host: https://shop.example

User-agent: *
Disallow: /basket
Disallow: /*?*sort=
Disallow: /*.json$
Disallow: /search/
Allow: /search/$
Disallow: /*;jsessionid
Disallow: /files/%2Fsecret
Disallow: /100%25
Disallow: /cat/*/filter*
Noindex: /old/

Sitemap: https://shop.example/sitemap.xml
`;

/** A file whose named group sits in a comment-only block between groups, then a `*` group that also lists us. */
const COMMENTED = `User-agent: *
User-agent: pricecrawl
# Disallow: /
Disallow: /checkout/

User-agent: *
Disallow: /b2b/
`;

/**
 * A list of crawlers on one user-agent line, a common mistake: RFC 9309 and Google read its first token only,
 * so `SemrushBot, PriceCrawl` did not name us and we crawled a shop that had shut us out by name. A group
 * that lists us later on its line is obeyed too, beside the group that applies (only what both allow).
 */
const SHUT_OUT_BY_LIST = `User-agent: *
Disallow: /cart/

User-agent: SemrushBot, AhrefsBot, PriceCrawl
Disallow: /

User-agent: MJ12bot; pricecrawl
Crawl-delay: 20
`;

export const SHOP_CASES: RobotsCase[] = [
  // Our groups merged (PriceCrawl beside GPTBot, pricecrawl alone), `*` left aside; pricecrawl-images is another crawler.
  {
    name: 'marketplace file, our merged groups',
    robots: MARKETPLACE,
    verdicts: [['/gp/cart', false], ['/gp/product/B01', true], ['/gp/offer-listing/B000', false], ['/wishlist/', true], ['/deals', false], ['/deals/x', false], ['/Foo/dp/B01', true], ['/Foo/dp/B01/ref=x', true], ['/Foo/dp/', true], ['/s?k=a&rh=n1p_1p_2p_3', true]],
  },
  {
    name: 'marketplace file, the * group',
    robots: MARKETPLACE,
    agent: 'otherbot',
    verdicts: [['/gp/cart', false], ['/gp/offer-listing/B000x', true], ['/gp/offer-listing/C', false], ['/Foo/dp/B01/ref=x', false], ['/Foo/dp/B01', true], ['/wishlist/universal/1', true], ['/wishlist/1', false], ['/x?a=1&pd_rd_w=2', false], ['/s?k=tv&rh=n1&p_1&p_2&p_3', false], ['/s?k=tv&rh=n1', true]],
  },
  { name: 'marketplace file, pricecrawl-images', robots: MARKETPLACE, agent: 'pricecrawl-images', verdicts: [['/', false], ['/gp/product/B01', false]] },
  {
    name: 'Yandex-style file: Host, Clean-param and Noindex read as nothing, the rest as written',
    robots: YANDEX_STYLE,
    verdicts: [
      ['/catalog/x?utm_source=1', true], ['/old/x', true], ['/basket', false], ['/basket/add', false], ['/BASKET', true],
      ['/c/shoes?page=2&sort=price', false], ['/c/shoes?sort=price', false], ['/c/shoes?sorting=1', true],
      ['/api/p.json', false], ['/api/p.json?x=1', true], ['/api/p.jsonp', true],
      ['/search/', true], ['/search/?q=1', false], ['/search/x', false],
      ['/p/1;jsessionid=ABC', false], ['/p/1;JSESSIONID=ABC', true],
      ['/files/%2fsecret', false], ['/files/secret', true],
      ['/100%25', false], ['/100%', false], ['/100', true],
      ['/cat/shoes/filter-red', false], ['/cat/filter', true],
      // A fragment is not sent; dot segments are resolved before the URL is judged, as before it is sent.
      ['/basket#x', false], ['/x/../basket', false], ['/x/%2e%2e/basket', false], ['/x/./basket', true],
    ],
  },
  // Tokens match whole (RFC 9309 §2.2.1): a group for `Yandex` is not YandexBot's, whose name only starts with it.
  { name: 'Yandex-style file, YandexBot: the * group', robots: YANDEX_STYLE, agent: 'YandexBot/3.0', verdicts: [['/basket', false], ['/c?sort=1', false], ['/search/', true]] },
  { name: 'Yandex-style file, Yandex itself', robots: YANDEX_STYLE, agent: 'Yandex', verdicts: [['/basket', false], ['/c?sort=1', true]] },
  // A commented-out Disallow does not end the agent lines; the group naming us beside * is ours alone.
  { name: 'our token in a group with *, a second * group', robots: COMMENTED, verdicts: [['/', true], ['/checkout/1', false], ['/b2b/1', true]] },
  { name: 'a group with *, the * groups merged for others', robots: COMMENTED, agent: 'otherbot', verdicts: [['/checkout/1', false], ['/b2b/1', false], ['/', true]] },
  { name: 'a list on one user-agent line shuts us out when it names us', robots: SHUT_OUT_BY_LIST, verdicts: [['/', false], ['/p/1', false], ['/cart/1', false]] },
  { name: 'a list on one user-agent line: a crawler it does not name keeps the * group', robots: SHUT_OUT_BY_LIST, agent: 'otherbot', verdicts: [['/', true], ['/p/1', true], ['/cart/1', false]] },
  { name: 'a list on one user-agent line: its first crawler as before', robots: SHUT_OUT_BY_LIST, agent: 'SemrushBot/7', verdicts: [['/', false], ['/p/1', false]] },
  // Listed with others, a group that allows more than ours or the * group does not widen what we fetch.
  { name: 'a list that allows more does not widen ours', robots: 'User-agent: *\nDisallow: /private/\n\nUser-agent: googlebot pricecrawl\nAllow: /\n', verdicts: [['/private/1', false], ['/p/1', true]] },
  { name: 'a line naming us by its first token is ours alone, as before', robots: 'User-agent: *\nDisallow: /\n\nUser-agent: pricecrawl, googlebot\nDisallow: /private/\n', verdicts: [['/p/1', true], ['/private/1', false]] },
  // Only whole list entries: a URL or a comment inside a line is no list of crawlers.
  { name: 'a name inside another crawler\'s URL is no list entry', robots: 'User-agent: SomeBot/1.0 (+https://pricecrawl.example/bot)\nDisallow: /\n', verdicts: [['/', true]] },
  // A name in quotes starts with no token character: RFC 9309 and Google read it as naming nobody, so a ban so
  // written went unread. It is obeyed beside the group that applies, as a listed name is: never wider.
  { name: 'a quoted name shuts us out', robots: 'User-agent: *\nAllow: /\n\nUser-agent: "PriceCrawl"\nDisallow: /\n', verdicts: [['/', false], ['/p/1', false]] },
  { name: 'a name in single quotes, in a list', robots: "User-agent: *\nAllow: /\n\nUser-agent: googlebot, 'pricecrawl'\nDisallow: /cart/\n", verdicts: [['/cart/1', false], ['/p/1', true]] },
  { name: 'a quoted name that allows more does not widen the * group', robots: 'User-agent: *\nDisallow: /private/\n\nUser-agent: "pricecrawl"\nAllow: /\n', verdicts: [['/private/1', false], ['/p/1', true]] },
  { name: 'a quoted name is not another crawler\'s', robots: 'User-agent: "otherbot"\nDisallow: /\n', verdicts: [['/', true]] },
  { name: 'a longer token that starts with ours is no list entry', robots: 'User-agent: googlebot, pricecrawl-images\nDisallow: /\n', verdicts: [['/', true]] },
];
