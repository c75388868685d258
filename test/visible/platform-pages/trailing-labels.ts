// A list price's noun written after its amount in an element of its own ("29,99 € <span>UVP</span>"), ending the amount's line.
import type { PlatformPage } from './page-kit';

const box = (title: string, lines: string) => `<div class="product-info"><h1>${title}</h1><div class="price-wrapper">${lines}</div></div>`;
const line = (amount: string, label = '') => `<div class="price-line"><span class="price">${amount}</span>${label && `<span class="price-label">${label}</span>`}</div>`;

export const PAGES: PlatformPage[] = [
  // The list price was a second current price beside the sale price: refused, though the label says which is which
  { name: 'MSRP after the list price, the sale price on the next line', lang: 'en-US', visible: '24.99 USD was 29.99', stored: '24.99 USD visible', body: box('Kettle', line('$29.99', 'MSRP') + line('$24.99')) },
  { name: 'UVP after the list price, below the sale price', lang: 'de-DE', visible: '24.99 EUR was 29.99', stored: '24.99 EUR visible', body: box('Wasserkocher', line('24,99 €') + line('29,99 €', 'UVP')) },
  { name: 'Prix conseillé after the list price', lang: 'fr-FR', visible: '24.99 EUR was 29.99', stored: '24.99 EUR visible', body: box('Bouilloire', line('29,99 €', 'Prix conseillé') + line('24,99 €')) },
  { name: 'RRP after the list price in a table row of its own', lang: 'en-GB', visible: '24.99 GBP was 29.99', stored: '24.99 GBP visible', body: box('Kettle', '<table class="prices"><tr><td>£29.99</td><td>RRP</td></tr><tr><td class="price">£24.99</td></tr></table>') },
  // The only amount is the maker's list price: 29.99 was stored as the price to pay
  { name: 'UVP after the one amount shown', lang: 'de-DE', visible: 'price/only-reference', stored: 'price/only-reference', body: box('Wasserkocher', line('29,99 €', 'UVP')) },
  // Between two amounts in one line the noun may label either: still refused (two-sided-nouns)
  { name: 'RRP between two amounts in one line', lang: 'en-GB', visible: 'price/ambiguous', stored: 'price/ambiguous', body: box('Kettle', '<p class="prices"><span class="price">£29.99</span> <span class="price-label">RRP</span> <span class="price">£24.99</span></p>') },
  // A label calling its amount the price to pay now keeps it current
  { name: '"Jetzt" before, UVP after the other amount', lang: 'de-DE', visible: '24.99 EUR was 29.99', stored: '24.99 EUR visible', body: box('Wasserkocher', '<div class="price-line"><span class="price-label">Jetzt</span> <span class="price">24,99 €</span></div>' + line('29,99 €', 'UVP')) },
];
