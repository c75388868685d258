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
  // Letters glued to a shared sign name its country: read as the bare sign, a USD default (or en's likeliest
  // region) made pesos dollars and "EG£" an Egyptian pound GBP. Letters that name no currency leave it unknown.
  ['AR$ 12.990', '12990', 'ARS', shop('USD')], ['CL$ 12.990', '12990', 'CLP', { locale: 'en' }], ['CO$ 129.900', '129900', 'COP', shop('USD')],
  ['BZ$ 49.99', '49.99', 'BZD', shop('USD')], ['FJ$ 129.95', '129.95', 'FJD', shop('USD')], ['JM$ 4,500', '4500', 'JMD', shop('USD')],
  ['BN$ 12.50', '12.50', 'BND', shop('SGD')], ['12,50 EG£', '12.50', 'EGP'], ['FK£ 12.50', '12.50', 'FKP'], ['£GI 12.50', '12.50', 'GIP'],
  ['$TT 199.99', '199.99', 'TTD', shop('USD')], ['JP¥ 1,299', '1299', 'JPY', shop('CNY')], ['CN¥ 12.99', '12.99', 'CNY', shop('JPY')],
  ['B$ 12.99', '12.99', 'BSD', shop('BSD')], ['B$ 12.99', '12.99', null, shop('USD')], ['Bds$ 25.00', '25.00', 'BBD', shop('USD')], ['G$ 1,299', '1299', 'GYD', shop('USD')],
  ['L$ 500', '500', 'LRD', shop('USD')], ['CI$ 12.50', '12.50', 'KYD', shop('USD')], ['BD$ 12.50', '12.50', 'BMD', shop('USD')], ['S£ 12,500', '12500', 'SYP', shop('GBP')],
  ['L.E. 1,299', '1299', 'EGP', shop('USD')], ['Z$ 12.50', 'price/ambiguous', null, shop('USD')], ['S£ 1,299 (US$ 65)', 'price/ambiguous', null],
  ['1,2 M$', '1200000', 'USD', shop('USD')], ['RMB¥ 99', '99', 'CNY'], ['$MXN 1,299.00', '1299.00', 'MXN'],
  // "р." is CLDR's Russian narrow sign for the Belarusian ruble, and Belarusian shops print "р." and "руб.": it read RUB on a BY page.
  ['1 299,00 р.', '1299.00', 'BYN', { locale: 'ru-BY' }], ['12,99 руб.', '12.99', 'BYN', { locale: 'be-BY' }], ['12,99 р.', '12.99', 'BYN', both('ru', 'BYN')],
  ['200 рублей', '200', 'BYN', shop('BYN')], ['12,99 р.', '12.99', 'RUB', shop('EUR')], ['1 299 руб.', '1299', 'RUB', { locale: 'ru' }],
  // Letters that begin a currency sign after the amount are no magnitude: Brunei's "BN$" (CLDR ar-BN) read 12.99 billion.
  ['\u200F12.99\u00A0BN$', 'price/ambiguous', null, { locale: 'ar-BN' }], ['9 999,99 B$', 'price/ambiguous', null, shop('BSD')], ['12 B$', 'price/ambiguous', null],
  ['12 K$', '12000', 'CAD', shop('CAD')], ['B$ 12.99', '12.99', 'BND', shop('BND')],
  // "रू" (NPR) ends with a combining vowel sign, so a following letter did not stop it: Hindi "शुरू" ("from …"),
  // "ज़रूरी" and the spelling "रूपए" read as Nepalese rupees on an Indian shop.
  ['499 से शुरू', '499', 'INR', shop('INR')], ['ज़रूरी 499', '499', 'INR', shop('INR')], ['499 रूपए', '499', 'INR', shop('INR')], ['1 299 रू', '1299', 'NPR'],
  ['रू 1,299', '1299', 'NPR', shop('INR')],
  // Per-month and per-week prices written the ways the monthly rule did not know: each read as the product's price.
  ['€12.50 p/m', 'price/ambiguous', null, shop('EUR')], ['£12.50 pm', 'price/ambiguous', null, shop('GBP')], ['£12.50 p.m.', 'price/ambiguous', null],
  ['$12.50/wk', 'price/ambiguous', null, shop('AUD')], ['or $12.50 weekly', 'price/ambiguous', null, shop('AUD')], ['19,99 € mensuel', 'price/ambiguous', null],
  ['12,50 € pro Monat', 'price/ambiguous', null], ['299 kr/mån', 'price/ambiguous', null, shop('SEK')], ['99 zł/mies.', 'price/ambiguous', null],
  ['149 kr./md.', 'price/ambiguous', null, shop('DKK')], ['$899 or $37.46/wk', '899', 'AUD', shop('AUD')], ['£499.00 or £20.79 pm', '499.00', 'GBP'],
  ['Open until 9 pm £12.50', '12.50', 'GBP'],
  // Three raised digits after whole units are the fils of a three-decimal currency as much as a footnote: it read 12 KWD.
  ['KD 12⁵⁰⁰', 'price/ambiguous', null], ['12⁵⁰⁰ د.ك', 'price/ambiguous', null],
  // Small and full-width signs and full-width codes were no currency, so the default took their place; "¢99" read 99 dollars.
  ['﹩12.99', '12.99', null, shop('EUR')], ['￦12,900', '12900', 'KRW', shop('USD')], ['12.99 ＥＵＲ', '12.99', 'EUR', shop('USD')],
  ['１２．９９ ＵＳＤ', '12.99', 'USD', shop('EUR')], ['¢99', 'price/not-a-price', null, shop('USD')], ['￠99', 'price/not-a-price', null, shop('USD')],
  // Latin letters glued after the digits make a shorthand, not an amount: Vietnamese "1tr299" (1 299 000 ₫) read 1 VND.
  ['1tr299', 'price/not-a-price', null, shop('VND')], ['Giá 2tr5', 'price/not-a-price', null, shop('VND')], ['$12.99ea', '12.99', 'USD', shop('USD')],
  ['12kr', '12', 'SEK', shop('SEK')], ['99元起', 'price/range', null, shop('CNY')],
];
