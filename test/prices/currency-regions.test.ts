// regionsOf: ISO 4217 names a currency's countries in its own English spelling; each one must come out as the region CLDR means.
import { describe, expect, it } from 'vitest';
import { regionsOf } from '../../src/prices/currency-regions';
import { qualifiedName } from '../../src/prices/currency-names';
import { parsePrice } from '../../src/prices/parse-price';

describe('regionsOf', () => {
  it('finds the countries whose ISO names CLDR spells otherwise (parentheses, "&", "St.", "U.S.", retired codes, word order)', () => {
    expect(regionsOf('USD')).toEqual(expect.arrayContaining(['US', 'EC', 'TC', 'VG', 'VI', 'UM', 'PR', 'TL']));
    expect(regionsOf('GBP')).toContain('GB');
    expect(regionsOf('MMK')).toEqual(['MM']);
    expect(regionsOf('HKD')).toEqual(['HK']);
    expect(regionsOf('XOF')).toEqual(expect.arrayContaining(['BJ', 'BF', 'CI', 'SN']));
    expect(regionsOf('XCD')).toEqual(expect.arrayContaining(['KN', 'LC', 'VC', 'AG']));
    expect(regionsOf('EUR')).toEqual(expect.arrayContaining(['FR', 'DE', 'ES']));
    expect(regionsOf('TTD')).toEqual(['TT']);
    expect(regionsOf('BAM')).toEqual(['BA']);
  });

  it('names no country for a name that fits two or none, and keeps a national code its own country', () => {
    expect(regionsOf('GNF')).toEqual(['GN']); // not Guinea-Bissau, Equatorial Guinea or Papua New Guinea
    expect(regionsOf('XOF')).not.toContain('GN');
    expect(regionsOf('KRW')).toEqual(['KR']);
    expect(regionsOf('RUB')).toEqual(['RU']);
    expect(regionsOf('XAU')).toEqual([]);
  });

  it('finds a short ISO name inside the one CLDR name no other ISO name or national code took ("Congo (The)": Brazzaville, not Kinshasa)', () => {
    expect(regionsOf('XAF')).toEqual(expect.arrayContaining(['CM', 'CF', 'TD', 'CG', 'GQ', 'GA']));
    expect(regionsOf('XAF')).not.toContain('CD');
    expect(regionsOf('CDF')).toEqual(['CD']);
    // The funds' and metals' stay unmatched.
    expect(regionsOf('XAU')).toEqual([]);
    expect(regionsOf('XUA')).toEqual([]);
  });

  it('finds the regions whose ISO names share no word with CLDR\'s ("Holy See": Vatican City, "Bonaire, Sint Eustatius and Saba": Caribbean Netherlands)', () => {
    expect(regionsOf('EUR')).toContain('VA');
    expect(regionsOf('USD')).toContain('BQ');
    const parsed = parsePrice('$12.99', { locale: 'nl-BQ' });
    expect(parsed.ok && [parsed.currency, parsed.currencySource]).toEqual(['USD', 'locale']);
  });

  it("resolves a shared sign by the page's region where ISO lists the region under another name", () => {
    for (const locale of ['en-TC', 'en-VG', 'en-VI']) {
      const parsed = parsePrice('$12.99', { locale });
      expect(parsed.ok && [parsed.currency, parsed.currencySource], locale).toEqual(['USD', 'locale']);
    }
  });
});

describe('qualifiedName over the home language of every country', () => {
  it('reads a currency named in the language of a country ISO spells otherwise ("Viet Nam", "Myanmar (Burma)")', () => {
    const text = '100.000 đồng việt nam';
    expect(qualifiedName(text, 8, 12)?.codes).toEqual(['VND']);
  });
});
