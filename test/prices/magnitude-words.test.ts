// The magnitude words by first letter: a text is tried against only some words, and must find the word a scan of all finds.
import { describe, expect, it } from 'vitest';
import { MAGNITUDE_WORDS, magnitudeWordsFor } from '../../src/prices/magnitude-words';

/** The first word the lower-cased start of `text` equals, trying every word in order: what the index must agree with. */
function firstOfAll(text: string): string | null {
  return MAGNITUDE_WORDS.find(({ word }) => text.slice(0, word.length).toLowerCase() === word)?.word ?? null;
}
function firstOfIndex(text: string): string | null {
  return magnitudeWordsFor(text).find(({ word }) => text.slice(0, word.length).toLowerCase() === word)?.word ?? null;
}

const upperFirst = (word: string) => `${String.fromCodePoint(word.codePointAt(0)!).toUpperCase()}${word.slice(String.fromCodePoint(word.codePointAt(0)!).length)}`;

describe('magnitudeWordsFor', () => {
  it('finds every word however its case is written, with anything after it', () => {
    const texts = MAGNITUDE_WORDS.flatMap(({ word }) =>
      [word, word.toUpperCase(), upperFirst(word)].flatMap((written) => [written, `${written} `, `${written}s`, `${written}€`, `${written}บาท`, written.slice(0, -1)]),
    );
    expect(texts.length).toBeGreaterThan(1000);
    const disagreeing = texts.filter((text) => firstOfIndex(text) !== firstOfAll(text));
    expect(disagreeing).toEqual([]);
    // Every word is found in its own spelling: the index lost none.
    expect(MAGNITUDE_WORDS.filter(({ word }) => firstOfIndex(word) !== word).map(({ word }) => word)).toEqual([]);
  });

  it('agrees on first characters whose lower case is longer, a sigma, a lone surrogate, an astral letter or nothing', () => {
    const texts = ['', ' ', 'İlion', 'Σ', 'ΣΕΚΑΤΟΜΜΎΡΙΟ', 'ΧΙΛΙΆΔΕΣ', '\uD801', '\uD801\uDC00x', '𐐀', 'ẞ', 'ǅ', 'K', 'Å', 'ΜΙΛΙΌΝ', '1 mil', 'ミリオン'];
    for (const text of texts) expect({ text, word: firstOfIndex(text) }).toEqual({ text, word: firstOfAll(text) });
  });
});
