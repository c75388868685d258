// Which values sent as credentials are looked for in what comes back: secrets, not flags, words or small numbers.
import { describe, expect, it } from 'vitest';
import { isDistinctiveSecret } from '../../src/core/distinctive-value';

describe('isDistinctiveSecret', () => {
  it.each([
    // Machine-made keys and tokens: digits, symbols, mixed case, or letters run long.
    ['ech0ed-K3y-4471', true],
    ['sk_live_51HxQ2eK', true],
    ['x7Kp2q', true],
    ['a1b2c3d', true],
    ['dXNlcjpwYXNz', true],
    ['0123abcd', true],
    ['1733500000', true],
    ['qzvkwmrtplxbhnfd', true],
    ['eyJhbGciOiJIUzI1NiJ9', true],
    // Flags, words and numbers a page prints on its own.
    ['required', false],
    ['optional', false],
    ['Members-only', false],
    ['DISABLED', false],
    ['not required', false],
    ['123456', false],
    ['20240101', false],
    ['2024-01-01', false],
    ['a1b2c3', false],
    ['none', false],
  ])('%s → %s', (value, expected) => expect(isDistinctiveSecret(value, false)).toBe(expected));

  it('takes a password by its length alone: a person chose it, often words', () => {
    expect(isDistinctiveSecret('sunshine', true)).toBe(true);
    expect(isDistinctiveSecret('hunter', true)).toBe(true);
    expect(isDistinctiveSecret('pw12', true)).toBe(false);
  });
});
