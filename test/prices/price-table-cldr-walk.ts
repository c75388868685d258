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
];
