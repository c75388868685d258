// Structured prices that are not the product's price to pay now, as shops publish them: instalment, down payment and
// subscription specifications (Google's financing markup), specifications in a currency of their own, against a page
// whose price a script fills in or that shows it.
import { ld, type PlatformPage } from './page-kit';
const url = 'https://shop.example/p/1';
/** A product page whose price a script fills in: only the structured data can price it. */
const js = '<div class="product-info"><h1>Phone X</h1><div class="product-price" data-js-price></div></div>';
const prod = (offers: unknown) => ld({ '@type': 'Product', name: 'Phone X', url, sku: 'PX', offers });
const spec = (price: string, extra: object) => ({ '@type': 'UnitPriceSpecification', price, priceCurrency: 'USD', ...extra });
const installment = spec('41.58', { priceComponentType: 'https://schema.org/Installment', billingDuration: 24, billingIncrement: 1, unitCode: 'MON' });
const downpayment = spec('0', { priceComponentType: 'https://schema.org/Downpayment' });
export const PAGES: PlatformPage[] = [
  { name: 'Offer with only an Installment specification (41.58 a month for 24 months), price by script', lang: 'en-US', visible: 'price/not-found', stored: 'price/rate-only', head: prod({ '@type': 'Offer', priceCurrency: 'USD', priceSpecification: [downpayment, installment] }), body: js },
  { name: 'Offer price beside Downpayment and Installment specifications, price by script', lang: 'en-US', visible: 'price/not-found', stored: '999.00 USD structured', head: prod({ '@type': 'Offer', price: '999.00', priceCurrency: 'USD', priceSpecification: [downpayment, installment] }), body: js },
  { name: 'Offer price equal to its Installment specification, price by script', lang: 'en-US', visible: 'price/not-found', stored: 'price/rate-only', head: prod({ '@type': 'Offer', price: '41.58', priceCurrency: 'USD', priceSpecification: installment }), body: js },
  { name: 'Offer with a monthly subscription specification (unitCode MON), price by script', lang: 'en-US', visible: 'price/not-found', stored: 'price/rate-only', head: prod({ '@type': 'Offer', priceCurrency: 'USD', priceSpecification: spec('9.99', { unitCode: 'MON', billingIncrement: 1 }) }), body: js },
  { name: 'Offer with a specification per piece (unitCode C62) is the price', lang: 'en-US', visible: 'price/not-found', stored: '19.99 USD structured', head: prod({ '@type': 'Offer', priceCurrency: 'USD', priceSpecification: spec('19.99', { unitCode: 'C62' }) }), body: js },
  { name: 'Microdata Installment specification in other letter case, page shows the monthly amount only', lang: 'en-US', visible: 'price/rate-only', stored: 'price/rate-only', body: `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Phone X</h1><div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="priceCurrency" content="USD"><div itemprop="priceSpecification" itemscope itemtype="https://schema.org/UnitPriceSpecification"><meta itemprop="PriceComponentType" content="https://schema.org/Installment"><meta itemprop="price" content="41.58"><meta itemprop="unitCode" content="MON"><p class="price">$41.58/mo for 24 months</p></div></div></div>` },
  { name: 'Offer in USD whose only specification is priced in EUR, price by script', lang: 'en-US', visible: 'price/not-found', stored: '74.00 EUR structured', head: prod({ '@type': 'Offer', priceCurrency: 'USD', priceSpecification: { '@type': 'UnitPriceSpecification', price: '74.00', priceCurrency: 'EUR' } }), body: js },
  { name: 'Offer with the same amount in USD and in EUR specifications, no price of its own, price by script', lang: 'en-US', visible: 'price/not-found', stored: 'price/ambiguous', head: prod({ '@type': 'Offer', priceSpecification: [{ '@type': 'UnitPriceSpecification', price: '80.00', priceCurrency: 'USD' }, { '@type': 'UnitPriceSpecification', price: '80.00', priceCurrency: 'EUR' }] }), body: js },
  { name: 'Offer in USD with a SalePrice specification in EUR: no sale, the offer price stands', lang: 'en-US', visible: 'price/not-found', stored: '100.00 USD structured', head: prod({ '@type': 'Offer', price: '100.00', priceCurrency: 'USD', priceSpecification: { '@type': 'UnitPriceSpecification', priceType: 'https://schema.org/SalePrice', price: '74.00', priceCurrency: 'EUR' } }), body: js },
];
