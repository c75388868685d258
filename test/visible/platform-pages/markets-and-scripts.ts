// Pay-later widgets and monthly prices of Gulf, Turkish, Israeli, Korean, Thai, Vietnamese and Indonesian shops with no price beside
// them, prices drawn in Arabic-Indic or Persian digits with raised cents or the Arabic decimal separator, and whole units with their
// hundredths in an element of their own.
import type { PlatformPage } from './page-kit';
const item = (inner: string) => `<div class="product-info"><h1>Item</h1>${inner}</div>`;
export const PAGES: PlatformPage[] = [
  { name: 'Tabby widget beside the price ar-SA', lang: 'ar-SA', visible: '99.00 SAR', stored: '99.00 SAR visible', body: item('<div class="price"><span>99.00 ر.س</span></div><div class="tabby-promo-snippet">قسّطها على 4 دفعات بقيمة <strong>24.75 ر.س</strong> بدون فوائد</div>') },
  { name: 'Tabby widget alone, the price drawn by a script ar-SA', lang: 'ar-SA', visible: 'price/not-found', stored: 'none', body: item('<div class="price" data-price></div><div class="promo">قسّطها على 4 دفعات بقيمة <strong>24.75 ر.س</strong></div>') },
  { name: 'Tamara widget alone en-AE', lang: 'en-AE', visible: 'price/not-found', stored: 'none', body: item('<div class="price" data-price></div><div class="promo">Split in 4 with Tamara: <b>AED 24.75</b></div>') },
  { name: 'Turkish taksit alone tr-TR', lang: 'tr-TR', visible: 'price/not-found', stored: 'none', body: item('<div class="price" data-price></div><div class="promo">12 taksit x <b>102,88 TL</b></div>') },
  { name: 'Hebrew payments alone he-IL', lang: 'he-IL', visible: 'price/not-found', stored: 'none', body: item('<div class="price" data-price></div><div class="promo">עד 3 תשלומים של <b>₪333</b></div>') },
  { name: 'Korean monthly alone ko-KR', lang: 'ko-KR', visible: 'price/rate-only', stored: 'price/rate-only', body: item('<div class="price" data-price></div><div class="promo">월 <b>12,500원</b></div>') },
  { name: 'Thai instalment alone th-TH', lang: 'th-TH', visible: 'price/not-found', stored: 'none', body: item('<div class="price" data-price></div><div class="promo">ผ่อน 0% 10 เดือน เดือนละ <b>฿1,299</b></div>') },
  { name: 'Vietnamese instalment alone vi-VN', lang: 'vi-VN', visible: 'price/not-found', stored: 'none', body: item('<div class="price" data-price></div><div class="promo">Trả góp 0% chỉ <b>1.250.000₫</b>/tháng</div>') },
  { name: 'Indonesian instalment alone id-ID', lang: 'id-ID', visible: 'price/not-found', stored: 'none', body: item('<div class="price" data-price></div><div class="promo">Cicilan 0% mulai <b>Rp125.000</b>/bln</div>') },
  { name: 'Swiss leasing per month alone de-CH', lang: 'de-CH', visible: 'price/rate-only', stored: 'price/rate-only', body: item('<div class="price" data-price></div><div class="promo">oder <span>CHF 49.–</span> /Mt.</div>') },
  { name: 'Arabic-Indic digits with raised cents ar-EG', lang: 'ar-EG', visible: '1234.50 EGP', stored: '1234.50 EGP visible', body: item('<div class="price"><span>١٬٢٣٤</span><sup>٥٠</sup> <span>ج.م</span></div>') },
  { name: 'Arabic-Indic units and cents in spans of their own ar-SA', lang: 'ar-SA', visible: '123.50 SAR', stored: '123.50 SAR visible', body: item('<div class="price"><span class="int">١٢٣</span><span class="dec">٥٠</span> <span>ر.س</span></div>') },
  { name: 'Persian digits with raised cents fa-IR', lang: 'fa-IR', visible: '12345.67 IRR', stored: '12345.67 IRR visible', body: item('<div class="price"><span>۱۲٬۳۴۵</span><sup>۶۷</sup> <span>ریال</span></div>') },
  { name: 'Arabic decimal separator before three digits of riyals ar-SA', lang: 'ar-SA', visible: 'price/ambiguous', stored: 'price/ambiguous', body: item('<div class="price">١٫٢٩٩ ر.س</div>') },
  { name: 'Arabic thousands separator before three digits of dinars ar-KW', lang: 'ar-KW', visible: 'price/ambiguous', stored: 'price/ambiguous', body: item('<div class="price">١٬٢٩٩ د.ك</div>') },
  { name: 'Arabic thousands and decimal separators, dinars ar-KW', lang: 'ar-KW', visible: '1299.500 KWD', stored: '1299.500 KWD visible', body: item('<div class="price">١٬٢٩٩٫٥٠٠ د.ك</div>') },
  { name: 'Złoty and groszy in elements of their own pl-PL', lang: 'pl-PL', visible: '12.99 PLN', stored: '12.99 PLN visible', body: item('<div class="price"><span>12 zł</span> <span>99 gr</span></div>') },
  { name: 'Roubles and kopecks in elements of their own ru-RU', lang: 'ru-RU', visible: '12.50 RUB', stored: '12.50 RUB visible', body: item('<div class="price"><span class="rub">12 руб.</span> <span class="kop">50 коп.</span></div>') },
  { name: 'Dollars and a cents word in elements of their own en-US', lang: 'en-US', visible: '12.99 USD', stored: '12.99 USD visible', body: item('<div class="price"><span>$12</span> <span>99 cents</span></div>') },
  { name: 'Złoty and a weight after them pl-PL', lang: 'pl-PL', visible: '12.00 PLN', stored: '12.00 PLN visible', body: item('<div class="price"><span>12 zł</span> <span>500 g</span></div>') },
  { name: 'Koruna and a delivery time after them cs-CZ', lang: 'cs-CZ', visible: '499.00 CZK', stored: '499.00 CZK visible', body: item('<div class="price"><span>499 Kč</span> <span>24 h</span></div>') },
];
