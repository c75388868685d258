// Row keys (`rowKey`) of the price table that fail today: the table test asserts this exact list, so a regression or a fix shows.
export const KNOWN_FAILURES: readonly string[] = [
  // Refused, where a reader says 12.99 EUR: "€ 5m" reads as five million euros as much as the euro sign is 12,99's, and the lexer cannot tell metres from millions.
  '"12,99 € 5m Kabel"',
  // Refused, where a reader in Myanmar says 12990 MMK: "Ks" is also the Czech "pieces" ("5 Ks"), so it stays a count.
  '"12,990 Ks" {"defaultCurrency":"MMK"}',
  // Refused, where a reader says 19900 KRW: a bare "31%" is no discount sign to the chooser ("inkl. 19%" VAT is one too).
  '"29,000원 19,900원 31%"',
  // Refused, where a reader says 999000 VND: "KM" (khuyến mãi, a promotion) is also the Bosnian mark's sign.
  '"Giá gốc 1.299.000₫ Giá KM 999.000₫"',
];
