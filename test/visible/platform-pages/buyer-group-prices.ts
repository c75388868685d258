// Prices only some buyers get, each in a block of its own beside the price everyone pays: a club's, a store card's, a
// subscription's (Autoship, Abo), a Prime or app member's, in the shops' own languages; and a piece's price in brackets
// beside the pack's. None of them is the product's price; alone, the page is refused as price/member-only.
import { ld, type PlatformPage } from './page-kit';

const item = (inner: string) => `<div class="product-info"><h1>Item</h1>${inner}</div>`;
const block = (priceClass: string, label: string, amount: string) => `<div class="offer-row"><span class="offer-label">${label}</span> <span class="${priceClass}">${amount}</span></div>`;
const offer = (price: string, priceCurrency: string) => ld({ '@type': 'Product', name: 'Item', sku: 'I-1', offers: { '@type': 'Offer', price, priceCurrency } });

export const PAGES: PlatformPage[] = [
  // Labels the club vocabulary lacked: both blocks read as current, the page refused (Club-Preis) or the club's stored (Precio Tarjeta)
  { name: 'German club price block ("Club-Preis") beside the price', lang: 'de-DE', visible: '19.99 EUR', stored: '19.99 EUR visible', body: item(`<div class="preis">19,99 €</div>${block('preis', 'Club-Preis', '17,99 €')}`) },
  { name: 'German subscription price block ("Abo-Preis") beside the price', lang: 'de-DE', visible: '19.99 EUR', stored: '19.99 EUR visible', body: item(`<div class="preis">19,99 €</div>${block('preis', 'Abo-Preis', '17,99 €')}`) },
  { name: 'French store-card price ("Prix Carte") beside the price', lang: 'fr-FR', visible: '19.99 EUR', stored: '19.99 EUR visible', body: item(`<div class="prix">19,99 €</div>${block('prix', 'Prix Carte', '17,99 €')}`) },
  { name: 'French loyalty price ("Prix fidélité") beside the price', lang: 'fr-FR', visible: '19.99 EUR', stored: '19.99 EUR visible', body: item(`<div class="prix">19,99 €</div>${block('prix', 'Prix fidélité', '17,99 €')}`) },
  { name: 'Chilean store-card price ("Precio Tarjeta") beside "Precio Normal": the card\'s 17.999 was stored', lang: 'es-CL', visible: '19999 CLP', stored: '19999 CLP visible', body: item(`<div class="prices">${block('price', 'Precio Tarjeta', '$ 17.999')}${block('price', 'Precio Normal', '$ 19.999')}</div>`) },
  { name: 'Chilean "Precio con tarjeta" beside "Precio internet"', lang: 'es-CL', visible: '18999 CLP', stored: '18999 CLP visible', body: item(`<div class="prices">${block('price', 'Precio con tarjeta', '$ 17.999')}${block('price', 'Precio internet', '$ 18.999')}</div>`) },
  { name: 'Chewy-like Autoship row beside the price', lang: 'en-US', visible: '19.99 USD', stored: '19.99 USD visible', body: item(`<div class="price">$19.99</div><div class="autoship-pricing"><span class="price">$17.99</span> <span>Autoship</span></div>`) },
  { name: 'Autoship price alone', lang: 'en-US', visible: 'price/member-only', stored: 'price/member-only', body: item('<div class="autoship-pricing"><span class="price">$17.99</span> <span>Autoship</span></div>') },
  { name: 'Autoship price alone with JSON-LD stating it', lang: 'en-US', visible: 'price/member-only', stored: 'price/member-only', head: offer('17.99', 'USD'), body: item('<div class="autoship-pricing"><span class="price">$17.99</span> <span>with Autoship</span></div>') },
  { name: 'Student price block beside the price', lang: 'en-GB', visible: '19.99 GBP', stored: '19.99 GBP visible', body: item(`<p class="price">£19.99</p>${block('price', 'Student price', '£17.99')}`) },
  { name: 'Trade price alone (a trade counter\'s account price)', lang: 'en-GB', visible: 'price/member-only', stored: 'price/member-only', body: item(block('price', 'Trade price', '£17.99')) },
  { name: 'Business price beside the price', lang: 'en-US', visible: '80.00 USD', stored: '80.00 USD visible', body: item(`<p class="price">$80.00</p>${block('price', 'Business price', '$70.00')}`) },
  { name: 'Japanese Prime member price joined to its words ("プライム会員価格")', lang: 'ja-JP', visible: '8000 JPY', stored: '8000 JPY visible', body: item(`<div class="price">¥8,000</div>${block('price', 'プライム会員価格', '¥7,000')}`) },
  { name: 'Japanese subscription price ("定期購入価格")', lang: 'ja-JP', visible: '8000 JPY', stored: '8000 JPY visible', body: item(`<div class="price">8,000円</div>${block('price', '定期購入価格', '7,000円')}`) },
  { name: 'Korean member price joined to the club\'s name ("와우회원가")', lang: 'ko-KR', visible: '8000 KRW', stored: '8000 KRW visible', body: item(`<div class="price">8,000원</div>${block('price', '와우회원가', '7,000원')}`) },
  { name: 'Russian card price ("Цена по карте") beside the price', lang: 'ru-RU', visible: '800.00 RUB', stored: '800.00 RUB visible', body: item(`<div class="price">800 ₽</div>${block('price', 'Цена по карте', '700 ₽')}`) },
  { name: 'Card price with JSON-LD stating the card price: the page shows no price for everyone', lang: 'ru-RU', visible: 'price/member-only', stored: 'price/member-only', head: offer('700', 'RUB'), body: item(block('price', 'Цена по карте', '700 ₽')) },
  { name: 'Club price named after its amount ("REI Member Price") beside the price', lang: 'en-US', visible: '49.95 USD', stored: '49.95 USD visible', body: item('<div class="price">$49.95</div><div class="member"><span class="price">$39.95</span> REI Member Price</div>') },
  { name: 'Grocer\'s card price ("with Card") beside the price', lang: 'en-US', visible: '4.99 USD', stored: '4.99 USD visible', body: item('<div class="price">$4.99</div><div class="promo"><span class="price">$3.99</span> with Card</div>') },
  { name: 'Trade and retail prices: the trade account\'s was stored', lang: 'en-GB', visible: 'price/member-only', stored: 'price/member-only', body: item('<div class="price"><span>Trade: £17.99</span></div><div class="price"><span>Retail: £19.99</span></div>') },
  // Produce sold by weight: the price per pound and an estimate per piece (Instacart-like); the estimate was stored
  { name: 'Price per pound beside "About $3.98 each"', lang: 'en-US', visible: 'price/not-found', stored: 'none', body: item('<div class="price"><span>$1.99 /lb</span></div><div class="subtext">About $3.98 each</div>') },
  { name: 'Price per kilo beside "ca. 3,98 € pro Stück"', lang: 'de-DE', visible: 'price/not-found', stored: 'none', body: item('<div class="preis"><span>1,99 €/kg</span></div><div class="hinweis">ca. 3,98 € pro Stück</div>') },
  // A piece's price in brackets beside the pack's total: the total
  { name: 'Amazon-like count, pack price and "($1.99 each)" in one price row', lang: 'en-US', visible: '23.88 USD', stored: '23.88 USD visible', body: item('<div class="price"><span>12 count</span> <span class="a-price">$23.88</span> <span>($1.99 each)</span></div>') },
  { name: 'Pack price and "(£0.25 each)" in one text', lang: 'en-GB', visible: '3.00 GBP', stored: '3.00 GBP visible', body: item('<p class="price">£3.00 (£0.25 each)</p>') },
  { name: 'Only "(£0.25 each)" in brackets: a breakdown of a total the page does not show', lang: 'en-GB', visible: 'price/not-found', stored: 'none', body: item('<p class="price">Pack of 12</p><p class="unit">(£0.25 each)</p>') },
];
