// Currency symbols as the lexer finds them: longest first, and letter symbols only at word boundaries.
import { expect, it } from 'vitest';
import { findCurrencies } from '../../src/prices/price-tokens';

const symbols = (text: string): string[] => findCurrencies(text).map((token) => token.symbol);

it('takes the longest symbol at a position', () => {
  expect(symbols('US$ 12.99')).toEqual(['US$']);
  expect(symbols('12,99 zł.')).toEqual(['zł.']);
  expect(symbols('Rs. 500 or Rs 500')).toEqual(['Rs.', 'Rs']);
});

it('finds a letter symbol only where it does not sit inside a word', () => {
  expect(symbols('12 dollars')).toEqual(['dollars']);
  expect(symbols('12 xdollars')).toEqual([]);
  // "kr." runs into a letter: the longer symbol fails its boundary, the shorter "kr" (before a dot) holds.
  expect(symbols('12 kr.x')).toEqual(['kr']);
  expect(symbols('12 krx')).toEqual([]);
  expect(symbols('12 kr.')).toEqual(['kr.']);
  // A letter outside the BMP (two code units) before the symbol is a letter all the same.
  expect(symbols('𝐀dollars 12')).toEqual([]);
  expect(symbols('1dollars')).toEqual(['dollars']);
});

it('moves on past a start that fails its boundary and finds the next symbol', () => {
  expect(symbols('eurosx € 5')).toEqual(['€']);
  expect(findCurrencies('a € b $').map((t) => [t.start, t.end])).toEqual([
    [2, 3],
    [6, 7],
  ]);
});

it('still qualifies a shared sign by the letters glued to it when others stand beside it', () => {
  expect(symbols('AR$ 12.990 · US$ 12')).toEqual(['AR$', 'US$']);
  expect(findCurrencies('AR$ 12.990 $ 5').map((t) => t.candidates)).toEqual([['ARS'], expect.arrayContaining(['USD'])]);
});

// Before: each sign was compared with every other, and a hostile price text of 100,000 of them took minutes.
it('reads a text of 100,000 currency signs in one pass', () => {
  const text = '$1 '.repeat(100_000);
  expect(findCurrencies(text)).toHaveLength(100_000);
});
