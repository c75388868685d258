// CJK and Korean numerals written after digits ("12万円", "1만 2천원"): the power of ten each one scales them by.

/** 千 10³, 万 10⁴, 億 10⁸, in Japanese, Chinese (traditional and simplified) and Korean. */
export const CJK_NUMERALS: Readonly<Record<string, number>> = { 千: 3, 천: 3, 万: 4, 萬: 4, 만: 4, 億: 8, 亿: 8, 억: 8 };

/** Whether the character is such a numeral: a currency may follow it with no space ("12万円", "12만원"). */
export const isCjkNumeral = (char: string): boolean => Object.hasOwn(CJK_NUMERALS, char);
