// A multi-buy's total with its count after the amount or in its label, a store card's price named after the amount, decimals of a
// currency with no minor unit, and the Swiss franc's sign without its dot: each once alone and once beside the price everyone pays.
import type { PlatformPage } from './page-kit';

const item = (name: string, inner: string) => `<div class="pd"><h1>${name}</h1>${inner}</div>`;

export const PAGES: PlatformPage[] = [
  { name: 'A total with its count in an element after it ("£10 for 3 pairs")', lang: 'en-GB', visible: 'price/not-found', stored: 'none', body: item('Socks', '<p class="price"><span class="amount">£10</span> <span class="note">for 3 pairs</span></p>') },
  { name: 'A total with its count after it, beside the price of one', lang: 'en-GB', visible: '4.00 GBP', stored: '4.00 GBP visible', body: item('Socks', '<p class="price">£4.00</p><p class="offer"><span class="price">£10</span> for 3</p>') },
  { name: 'A total labelled with its count ("Price for 2:")', lang: 'en-US', visible: 'price/not-found', stored: 'none', body: item('Tees', '<p><span class="label">Price for 2:</span> <span class="price">$20.00</span></p>') },
  { name: 'A store card by its one-word name after the amount ("with Clubcard"), alone', lang: 'en-GB', visible: 'price/member-only', stored: 'price/member-only', body: item('Milk', '<p class="offer"><span class="price">£2.00</span> with Clubcard</p>') },
  { name: 'A store card by its one-word name after the amount, beside the price everyone pays', lang: 'en-GB', visible: '2.50 GBP', stored: '2.50 GBP visible', body: item('Milk', '<p class="price">£2.50</p><p class="offer"><span class="price">£2.00</span> with Clubcard</p>') },
  { name: 'The card in French after the amount ("avec la carte"), beside the price everyone pays', lang: 'fr-FR', visible: '12.99 EUR', stored: '12.99 EUR visible', body: item('Lait', '<p class="price">12,99 €</p><p class="offer"><span class="price">9,99 €</span> avec la carte</p>') },
  { name: 'Yen with decimals ("12.50円"): no amount of a currency without a minor unit', lang: 'ja-JP', visible: 'price/ambiguous', stored: 'price/ambiguous', body: item('商品', '<p class="price">12.50円</p>') },
  { name: 'The Swiss franc\'s sign without its dot ("SFr 12.50")', lang: 'de-CH', visible: '12.50 CHF', stored: '12.50 CHF visible', body: item('Käse', '<p class="price">SFr 12.50</p>') },
];
