// Minor-unit digits read from the currency-codes package once: the package's own answer for every code, in any case.
import currencyCodes from 'currency-codes';
import { describe, expect, it } from 'vitest';
import { minorUnitDigits } from '../../src/prices/iso-currencies';

describe('minor-unit digits', () => {
  it('are what the package says for every code, in upper and lower case, and null for no code', () => {
    for (const code of currencyCodes.codes()) {
      const digits = currencyCodes.code(code)?.digits;
      const expected = typeof digits === 'number' && Number.isInteger(digits) ? digits : null;
      expect([minorUnitDigits(code), minorUnitDigits(code.toLowerCase())], code).toEqual([expected, expected]);
    }
    expect([minorUnitDigits('KWD'), minorUnitDigits('JPY'), minorUnitDigits('usd')]).toEqual([3, 0, 2]);
    for (const none of ['', null, undefined, 'ABC', 'EURO', ' EUR']) expect(minorUnitDigits(none), String(none)).toBeNull();
  });
});
