// Rows a walk over every CLDR locale and sign (Intl) and over shop conventions found wrong: each once gave a wrong amount or currency.
import { shop, type PriceRow } from './price-table-types';

const both = (locale: string, defaultCurrency: string) => ({ locale, defaultCurrency });

export const CLDR_WALK: readonly PriceRow[] = [
  // A bare language ("en", as Shopify themes declare it) names no region: the shop's declared currency decides
  // "$", not Intl's likeliest region for the language (read USD on Canadian and Australian shops).
  ['$12.99', '12.99', 'CAD', both('en', 'CAD')], ['$12.99', '12.99', 'AUD', both('en', 'AUD')], ['$ 1,299.00', '1299.00', 'NZD', both('en', 'NZD')],
  ['1 299 kr', '1299', 'NOK', both('sv', 'NOK')], ['$12.99', '12.99', 'USD', { locale: 'en' }], ['$12.99', '12.99', 'CAD', both('en-CA', 'USD')],
  ['$12.99', '12.99', 'USD', both('en-US', 'CAD')], ['12,99 $', '12.99', 'CAD', both('fr', 'CAD')], ['¥1,299', '1299', 'CNY', both('en', 'CNY')],
  ['$12.99', '12.99', 'USD', shop('USD')],
  // A unit after a space-grouped number measures the whole number unless a currency leads the run ("¥980 500 ml"):
  // cut, the first group was the price (1, 10 with a shop default, 299.99 BAM for Bosnian marks printed "1 299,99 KM").
  ['1 500 ml', 'price/not-a-price', null, shop('EUR')], ['Powerbank 10 000 mAh', 'price/not-a-price', null, shop('EUR')], ['2 000 W', 'price/not-a-price', null],
  ['1 299 kg', 'price/not-a-price', null], ['1 299,99 KM', '1299.99', 'BAM'], ['9 999,99 KM', '9999.99', 'BAM', { locale: 'sv-BA' }],
  ['¥ 980 500 ml', '980', 'JPY', shop('JPY')], ['1 299,99 L', 'price/not-a-price', null, shop('HNL')],
];
