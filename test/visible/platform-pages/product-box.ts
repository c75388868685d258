// Cards and strips of other products under class names no list holds, above, beside or below the product: the product's own
// price is the one in its box (its microdata Product, or the block of its <h1> and its buy control), not the first or the named one.
import type { PlatformPage } from './page-kit';

const card = (name: string, price: string) => `<div class="grid__item"><div class="card-wrapper"><a href="/p/${name}" class="full-unstyled-link"><h3 class="card__heading">${name}</h3></a><div class="price"><span class="price-item">${price}</span></div><form action="/cart/add" method="post"><button type="submit" class="button">Add to cart</button></form></div></div>`;
const strip = `<div class="page-width"><ul class="grid grid--4-col">${card('Mug', '$9.99')}${card('Teapot', '$34.99')}</ul></div>`;
const product = (price: string, buy = '<button type="submit" name="add" class="product-form__submit button">Add to cart</button>') =>
  `<section class="product page-width"><div class="product__media"><img src="/k.jpg" alt=""></div><div class="product__info"><h1 class="product__title">Kettle</h1><div class="price"><span class="price-item">${price}</span></div><form method="post" action="/cart/add">${buy}</form></div></section>`;

export const PAGES: PlatformPage[] = [
  { name: 'a strip of cards (grid__item, card-wrapper) above the product', lang: 'en-US', visible: '49.99 USD', stored: '49.99 USD visible', body: strip + product('$49.99') },
  { name: 'a strip of cards below the product', lang: 'en-US', visible: '49.99 USD', stored: '49.99 USD visible', body: product('$49.99') + strip },
  { name: 'a column of cards beside the product (Bootstrap row)', lang: 'en-US', visible: '49.99 USD', stored: '49.99 USD visible', body: `<div class="row"><div class="col-md-8">${product('$49.99')}</div><div class="col-md-4">${card('Mug', '$9.99')}</div></div>` },
  { name: 'a microdata Product with cards above it, no buy control', lang: 'en-US', visible: '49.99 USD', stored: '49.99 USD structured', body: `${strip}<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Kettle</h1><div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span class="price" itemprop="price" content="49.99">$49.99</span><meta itemprop="priceCurrency" content="USD"></div></div>` },
  // What the structure does not settle stays refused
  { name: 'the product sold out, its cart form kept with a disabled button', lang: 'en-US', visible: '49.99 USD', stored: '49.99 USD visible', body: strip + product('$49.99', '<button type="submit" disabled>Sold out</button>') },
  { name: 'the product with no buy control of its own beside cards', lang: 'en-US', visible: 'price/ambiguous', stored: 'price/ambiguous', body: strip + product('$49.99').replace(/<form[^]*<\/form>/, '<p>Sold out</p>') },
  { name: 'a bundle\'s total inside the product box', lang: 'en-US', visible: 'price/ambiguous', stored: 'price/ambiguous', body: strip + product('$49.99').replace('<form', '<div class="bundle"><span class="price">$79.99</span> with the teapot</div><form') },
  { name: 'two <h1> on the page', lang: 'en-US', visible: 'price/ambiguous', stored: 'price/ambiguous', body: `<h1 class="shop-name">Kitchen Shop</h1>${strip}${product('$49.99')}` },
];
