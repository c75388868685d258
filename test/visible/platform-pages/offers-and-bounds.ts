// Amounts around the price that do not say what the product costs: an instalment line under a Brazilian price, a German bottle
// deposit and base price, a code's or a trade-in's price, a from-price beside a selected variant.
import { ld, type PlatformPage } from './page-kit';

const item = (inner: string) => `<div class="product-info"><h1>Item</h1>${inner}</div>`;
const oneOffer = (price: string) => ld({ '@type': 'Product', name: 'Item', sku: 'I-1', offers: { '@type': 'Offer', price, priceCurrency: 'USD' } });

export const PAGES: PlatformPage[] = [
  // One structured Offer at the amount the page shows only as a from-price or a range's low end: the cheapest variant's (stored as the price before)
  { name: 'Single JSON-LD offer equal to the page\'s "From $10.00"', lang: 'en-US', visible: 'price/range', stored: 'price/range', head: oneOffer('10.00'), body: item('<p class="price">From $10.00</p>') },
  { name: 'Single JSON-LD offer equal to the low end of the page\'s range', lang: 'en-US', visible: 'price/range', stored: 'price/range', head: oneOffer('10.00'), body: item('<p class="price">$10.00 – $20.00</p>') },
  // VTEX-like: the price, then "ou 12x de R$ 10,00 sem juros" under it (the instalment in a price-named element of its own)
  { name: 'Brazil: price with the instalment line under it', lang: 'pt-BR', visible: '120.00 BRL', stored: '120.00 BRL visible', body: item('<div class="product-price"><span class="selling-price">R$ 120,00</span><div class="installments"><span class="installment-price">ou 12x de R$ 10,00 sem juros</span></div></div>') },
  { name: 'Brazil: "em até 12x sem juros de R$ 10,00" and a struck "De"', lang: 'pt-BR', visible: '120.00 BRL was 150.00', stored: '120.00 BRL visible', body: item('<div class="price-box"><span class="list-price">De <s>R$ 150,00</s></span> <span class="best-price">Por R$ 120,00</span><p class="installments">em até 12x sem juros de <span class="price">R$ 10,00</span></p></div>') },
  { name: 'Brazil: the instalment as one text "R$ 10,00 em até 12x" beside the price', lang: 'pt-BR', visible: '120.00 BRL', stored: '120.00 BRL visible', body: item('<div class="price"><span class="price-value">R$ 120,00</span> <span class="price-installment">R$ 10,00 em até 12x</span></div>') },
  { name: 'Brazil: only the instalment is shown', lang: 'pt-BR', visible: 'price/not-found', stored: 'none', body: item('<div class="price"><span class="price-installment">ou 12x sem juros de R$ 10,00</span></div>') },
  // A German drinks shop: the price, "zzgl. 0,25 € Pfand" and a base price per litre
  { name: 'Germany: price, deposit and base price', lang: 'de-DE', visible: '1.99 EUR', stored: '1.99 EUR visible', body: item('<div class="product-price"><span class="price">1,99 €</span><span class="deposit">zzgl. Pfand 0,25 €</span><span class="base-price">Grundpreis: 3,98 € / 1 l</span></div>') },
  { name: 'Germany: "Pfand 0,25 €" in a price-named element of its own', lang: 'de-DE', visible: '1.99 EUR', stored: '1.99 EUR visible', body: item('<div class="prices"><span class="price">1,99 €</span> <span class="price price--deposit">Pfand 0,25 €</span></div>') },
  { name: 'Germany: price text with the deposit after it', lang: 'de-DE', visible: '1.99 EUR', stored: '1.99 EUR visible', body: item('<p class="price">1,99 € (zzgl. Pfand 0,25 €)</p>') },
  // A code or a trade-in: whoever has it pays the other amount
  { name: 'Promo code label with the code written out beside the price', lang: 'en-US', visible: '34.99 USD', stored: '34.99 USD visible', body: item('<div class="product-price"><span class="price">$34.99</span></div><div class="promo"><span class="price">Promo code SAVE10 $29.99</span></div>') },
  { name: 'Trade-in price beside the price', lang: 'en-US', visible: '799.00 USD', stored: '799.00 USD visible', body: item('<div class="product-price"><span class="price">$799.00</span></div><div class="trade-in"><span class="price">$599.00 with trade-in</span></div>') },
  // A from-price: refused alone, a selected option's price determines it
  { name: 'From-price alone in the price holder', lang: 'en-US', visible: 'price/range', stored: 'price/range', body: item('<div class="product-price"><span class="price">Starting at $30.00</span></div>') },
  { name: 'Japanese from-price "3,000円から" alone', lang: 'ja-JP', visible: 'price/range', stored: 'price/range', body: item('<div class="product-price"><span class="price">3,000円から</span></div>') },
  { name: 'From-price beside the price of the option the page marks as taken', lang: 'en-US', visible: '35.00 USD', stored: '35.00 USD visible', body: item('<p class="price-range">From $30.00</p><div role="radiogroup" class="sizes"><div role="radio" aria-checked="false" class="option">Small <span class="price">$30.00</span></div><div role="radio" aria-checked="true" class="option">Large <span class="price">$35.00</span></div></div>') },
];
