// A word list's pattern that is never run on empty text: none matches it, and the first run of one compiles it (tens of ms).
//
// The price parser reads the words around each number with dozens of case-insensitive Unicode alternations of
// hundreds of words ("was", "RRP", "statt", "定価" …). V8 compiles such a pattern on its first run: 0.5 to 75 ms
// each, ~130 ms for the parser's on a quiet machine, as much as the parsing of two thousand prices. Most
// numbers of a price text have no words around them ("$1,299.00": the label, the text after and the reach are
// all empty), and on empty text every one of these patterns fails; so it is not run there, and a crawl whose
// prices never carry such words never compiles it (bench/README.md, perf-cpu2).

export interface WordPattern {
  readonly pattern: RegExp;
  test(text: string): boolean;
  exec(text: string): RegExpExecArray | null;
}

const made: RegExp[] = [];

/** `pattern`, skipped on empty text. Stateless patterns only: a global or sticky one's lastIndex would differ. */
export function wordPattern(pattern: RegExp): WordPattern {
  if (pattern.global || pattern.sticky) throw new TypeError(`a word pattern keeps no lastIndex: /${pattern.source.slice(0, 40)}…/${pattern.flags}`);
  made.push(pattern);
  return {
    pattern,
    test: (text) => text !== '' && pattern.test(text),
    exec: (text) => (text === '' ? null : pattern.exec(text)),
  };
}

/** Every word pattern made so far; test/prices/word-pattern.test.ts checks that none matches empty text, which the skip relies on. */
export const wordPatterns = (): readonly RegExp[] => made;
