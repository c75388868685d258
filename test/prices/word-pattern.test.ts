// Word patterns are skipped on empty text: that changes no reading only while none of them matches empty text.
import { describe, expect, it } from 'vitest';
import { parsePrice } from '../../src/prices/parse-price';
import { wordPattern, wordPatterns } from '../../src/prices/word-pattern';

describe('wordPattern', () => {
  it('every word pattern of the price parser fails on empty text, so skipping it there changes nothing', () => {
    parsePrice('$1,299.00'); // loads every module of the parser, and with them every word pattern
    const patterns = wordPatterns();
    expect(patterns.length).toBeGreaterThan(30);
    const matchingEmpty = patterns.filter((pattern) => pattern.test('')).map((pattern) => `/${pattern.source.slice(0, 60)}…/${pattern.flags}`);
    expect(matchingEmpty).toEqual([]);
  });

  it('answers as its pattern does on text with anything in it, and finds nothing in empty text', () => {
    const was = wordPattern(/(?:^|[^\p{L}])(?:was|statt)[\s:]*$/iu);
    for (const text of ['Was', 'was: ', 'STATT', ' ', 'Wasser', 'x was']) {
      expect(was.test(text)).toBe(was.pattern.test(text));
      expect(was.exec(text)?.[0] ?? null).toBe(was.pattern.exec(text)?.[0] ?? null);
    }
    expect(was.test('')).toBe(false);
    expect(was.exec('')).toBeNull();
  });

  it('refuses a global or sticky pattern, whose lastIndex an empty text would have reset', () => {
    expect(() => wordPattern(/was/giu)).toThrow(TypeError);
    expect(() => wordPattern(/was/iuy)).toThrow(TypeError);
  });
});
