// Locales the generated price rows are printed in (CLDR formats via Intl), and the shop labels of each language.

/** [BCP 47 locale, the currency its shops price in]. Formats come from CLDR through Intl, as pages built with it print them. */
export const LOCALE_CURRENCIES: ReadonlyArray<readonly [string, string]> = [
  ['en-US', 'USD'], ['en-GB', 'GBP'], ['en-IE', 'EUR'], ['en-CA', 'CAD'], ['fr-CA', 'CAD'], ['en-AU', 'AUD'], ['en-NZ', 'NZD'], ['en-SG', 'SGD'],
  ['en-IN', 'INR'], ['hi-IN', 'INR'], ['mr-IN', 'INR'], ['en-ZA', 'ZAR'], ['en-NG', 'NGN'], ['en-KE', 'KES'], ['en-PH', 'PHP'], ['en-HK', 'HKD'],
  ['de-DE', 'EUR'], ['de-AT', 'EUR'], ['de-CH', 'CHF'], ['fr-CH', 'CHF'], ['it-CH', 'CHF'], ['de-LI', 'CHF'], ['fr-FR', 'EUR'], ['fr-BE', 'EUR'],
  ['nl-NL', 'EUR'], ['nl-BE', 'EUR'], ['it-IT', 'EUR'], ['es-ES', 'EUR'], ['pt-PT', 'EUR'], ['fi-FI', 'EUR'], ['el-GR', 'EUR'], ['et-EE', 'EUR'],
  ['lv-LV', 'EUR'], ['lt-LT', 'EUR'], ['sk-SK', 'EUR'], ['sl-SI', 'EUR'], ['hr-HR', 'EUR'], ['sv-SE', 'SEK'], ['nb-NO', 'NOK'], ['da-DK', 'DKK'],
  ['is-IS', 'ISK'], ['pl-PL', 'PLN'], ['cs-CZ', 'CZK'], ['hu-HU', 'HUF'], ['ro-RO', 'RON'], ['bg-BG', 'BGN'], ['sr-RS', 'RSD'], ['ru-RU', 'RUB'],
  ['uk-UA', 'UAH'], ['kk-KZ', 'KZT'], ['tr-TR', 'TRY'], ['he-IL', 'ILS'], ['ar-AE', 'AED'], ['ar-SA', 'SAR'], ['ar-EG', 'EGP'], ['ar-KW', 'KWD'],
  ['ar-BH', 'BHD'], ['ar-OM', 'OMR'], ['ar-JO', 'JOD'], ['fa-IR', 'IRR'], ['ar-TN', 'TND'], ['fr-TN', 'TND'], ['ar-LY', 'LYD'], ['ar-IQ', 'IQD'], ['ar-DZ', 'DZD'], ['ar-SY', 'SYP'], ['ja-JP', 'JPY'], ['zh-CN', 'CNY'], ['zh-TW', 'TWD'], ['zh-HK', 'HKD'],
  ['ko-KR', 'KRW'], ['th-TH', 'THB'], ['vi-VN', 'VND'], ['id-ID', 'IDR'], ['ms-MY', 'MYR'], ['bn-BD', 'BDT'], ['ur-PK', 'PKR'], ['pt-BR', 'BRL'],
  ['es-MX', 'MXN'], ['es-AR', 'ARS'], ['es-CL', 'CLP'], ['es-CO', 'COP'], ['es-PE', 'PEN'], ['es-UY', 'UYU'], ['fr-SN', 'XOF'], ['fr-CM', 'XAF'],
];

/** How a shop in that language labels the old, recommended, saved and ranged prices, and a free one. */
export interface ShopLabels {
  was: string;
  now: string;
  /** Written after the current price, before the old one ("statt", "au lieu de"). */
  insteadOf: string;
  rrp: string;
  save: string;
  from: string;
  to: string;
  free: string;
  perKg: string;
}

const EN: ShopLabels = { was: 'Was', now: 'Now', insteadOf: 'was', rrp: 'RRP', save: 'Save', from: 'From', to: 'to', free: 'Free', perKg: '/kg' };

const BY_LANGUAGE: Readonly<Record<string, ShopLabels>> = {
  en: EN,
  de: { was: 'Vorher', now: 'Jetzt', insteadOf: 'statt', rrp: 'UVP', save: 'Sie sparen', from: 'von', to: 'bis', free: 'Kostenlos', perKg: '/ kg' },
  fr: { was: 'Avant', now: 'Maintenant', insteadOf: 'au lieu de', rrp: 'Prix conseillé', save: 'Économisez', from: 'de', to: 'à', free: 'Gratuit', perKg: '/kg' },
  it: { was: 'Prima', now: 'Ora', insteadOf: 'invece di', rrp: 'Prezzo consigliato', save: 'Risparmi', from: 'da', to: 'a', free: 'Gratis', perKg: '/kg' },
  es: { was: 'Antes', now: 'Ahora', insteadOf: 'antes', rrp: 'PVPR', save: 'Ahorra', from: 'desde', to: 'hasta', free: 'Gratis', perKg: '/kg' },
  pt: { was: 'De', now: 'por', insteadOf: 'antes', rrp: 'PVPR', save: 'Economize', from: 'de', to: 'a', free: 'Grátis', perKg: '/kg' },
  nl: { was: 'Van', now: 'voor', insteadOf: 'van', rrp: 'Adviesprijs', save: 'Bespaar', from: 'van', to: 'tot', free: 'Gratis', perKg: '/kg' },
  sv: { was: 'Ord. pris', now: 'Nu', insteadOf: 'ord. pris', rrp: 'Rek. pris', save: 'Spara', from: 'från', to: 'till', free: 'Gratis', perKg: '/kg' },
  nb: { was: 'Førpris', now: 'Nå', insteadOf: 'før', rrp: 'Førpris', save: 'Spar', from: 'fra', to: 'til', free: 'Gratis', perKg: '/kg' },
  da: { was: 'Før', now: 'Nu', insteadOf: 'før', rrp: 'Vejl. pris', save: 'Spar', from: 'fra', to: 'til', free: 'Gratis', perKg: '/kg' },
  pl: { was: 'Poprzednia cena', now: 'Teraz', insteadOf: 'poprzednia cena', rrp: 'Cena regularna', save: 'Oszczędzasz', from: 'od', to: 'do', free: 'Darmowy', perKg: '/kg' },
  cs: { was: 'Původní cena', now: 'Nyní', insteadOf: 'původní cena', rrp: 'Původní cena', save: 'Ušetříte', from: 'od', to: 'do', free: 'Zdarma', perKg: '/kg' },
  ru: { was: 'Было', now: 'Сейчас', insteadOf: 'было', rrp: 'Старая цена', save: 'Экономия', from: 'от', to: 'до', free: 'Бесплатно', perKg: '/кг' },
  tr: { was: 'Önceki fiyat', now: 'Şimdi', insteadOf: 'önceki fiyat', rrp: 'Piyasa fiyatı', save: 'Save', from: 'From', to: 'to', free: 'Ücretsiz', perKg: '/kg' },
  ja: { was: '通常価格', now: '', insteadOf: '通常価格', rrp: '参考価格', save: 'Save', from: 'From', to: 'to', free: '無料', perKg: '/kg' },
  zh: { was: '原价', now: '', insteadOf: '原价', rrp: '市场价', save: 'Save', from: 'From', to: 'to', free: '免费', perKg: '/kg' },
  ko: { was: '정가', now: '', insteadOf: '정가', rrp: '정가', save: 'Save', from: 'From', to: 'to', free: '무료', perKg: '/kg' },
};

export function labelsFor(locale: string): ShopLabels {
  return BY_LANGUAGE[locale.split('-')[0]] ?? EN;
}
