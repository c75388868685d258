// A plain price text's direct reading is the full reading: same values and the same shared objects, over the price table and a generated corpus.
import { describe, expect, it } from 'vitest';
import { readTextInFull } from '../../src/prices/parse-price';
import { PLAIN_SIGNS, plainReading } from '../../src/prices/plain-price';
import { PRICE_TABLE } from './price-table';
import { withNoise } from './price-table-noise';

/**
 * A value as a tree where an object met again becomes a reference to its first visit: two readings with equal
 * shapes hold equal values shared in the same places (the parser finds a candidate's signs among the text's by
 * identity, so a copy where the lexer shares one would read differently). Keys holding undefined count.
 */
function shape(value: unknown, seen = new Map<object, number>()): unknown {
  if (typeof value !== 'object' || value === null) return value === undefined ? { undefined: true } : value;
  const id = seen.get(value);
  if (id !== undefined) return { ref: id };
  seen.set(value, seen.size);
  if (Array.isArray(value)) return value.map((item) => shape(item, seen));
  return Object.fromEntries(Object.keys(value).sort().map((key) => [key, shape((value as Record<string, unknown>)[key], seen)]));
}

/** Each text the direct reading takes, compared with the full reading; returns how many it took and where they differ. */
function compare(texts: Iterable<string>): { taken: number; differing: string[] } {
  let taken = 0;
  const differing: string[] = [];
  for (const text of new Set(texts)) {
    const plain = plainReading(text);
    if (plain === null) continue;
    taken++;
    const full = JSON.stringify(shape(readTextInFull(text, undefined)));
    if (JSON.stringify(shape(plain)) !== full) differing.push(`${JSON.stringify(text)}: ${JSON.stringify(shape(plain))} vs ${full}`);
  }
  return { taken, differing };
}

const SPACES = ['', ' ', '\u00A0', '\u202F', '\u2009', '  ', '\t'];
/** Signs the direct reading takes, and their near neighbours it must leave alone. */
const SIGNS = [...PLAIN_SIGNS, '¢', '%', '-', '+', '*', '#', '£E', 'kr', 'R', 'Fr.', 'CHF', 'US$', 'R$', 'zł', '円', '元', '￥', '＄', '€€'];
const GROUPS = [',', '.', ' ', "'", '\u00A0', '\u202F', '’', '·'];

/** Integer parts: plain digit runs of every length, leading zeros, and groups of every separator, size and count. */
function integers(): string[] {
  const runs = ['0', '00', '01', '007', '1', '9', '10', '46', '100', '999', '1000', '1299', '12345', '123456', '1234567', '12345678', '999999999'];
  const grouped: string[] = [];
  for (const separator of GROUPS) {
    for (const head of ['0', '1', '12', '123', '1234', '01']) {
      for (const tails of [['000'], ['299'], ['29'], ['2999'], ['000', '000'], ['234', '567'], ['23', '456'], ['000', '000', '000'], ['234', '567', '890']]) grouped.push([head, ...tails].join(separator));
    }
  }
  return [...runs, ...grouped, '1,234.567', '1.234,567', "1'234.567"];
}

const DECIMALS = ['', '.00', '.99', '.5', '.999', '.0000', ',00', ',99', ',5', ',999', ',-', '.-', ',--', ':-', ',=', '.00.', ',00,', '.0O', '.⁹⁹', '. 99', ', 99', '.٠٠'];

/**
 * Numbers alone and with a sign before or after them (or both) and each space between: every number the direct reading
 * takes alone, and every 23rd of the others (the whole cross is millions of texts, almost all of them taken by neither).
 */
function corpus(): string[] {
  const numbers = integers().flatMap((integer) => DECIMALS.map((decimals) => `${integer}${decimals}`));
  const texts: string[] = [...numbers, ...numbers.map((number) => `-${number}`), ...numbers.map((number) => ` ${number}`), ...numbers.map((number) => `${number}.`)];
  const signed = numbers.filter((number, index) => plainReading(number) !== null || index % 23 === 0);
  for (const sign of SIGNS) {
    for (const space of SPACES) {
      for (const number of signed) texts.push(`${sign}${space}${number}`, `${number}${space}${sign}`, `${sign}${space}${number}${space}${sign}`);
    }
  }
  return texts;
}

/** A small deterministic generator (mulberry32): the same mutations every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MUTATION_CHARS = [...'0123456789.,\' -+$€£¥₹*%:;/()kKrR€\u00A0\u202F\u2009\u200B\u00AD&', '&euro;', '&nbsp;', 'ab ', ' *', '¹'];

/** Each text changed in one place (a character inserted, removed or replaced), many times over. */
function mutations(texts: readonly string[], perText: number): string[] {
  const next = random(18);
  const out: string[] = [];
  for (const text of texts) {
    for (let round = 0; round < perText; round++) {
      const at = Math.floor(next() * (text.length + 1));
      const char = MUTATION_CHARS[Math.floor(next() * MUTATION_CHARS.length)];
      const kind = Math.floor(next() * 3);
      out.push(kind === 0 ? text.slice(0, at) + char + text.slice(at) : kind === 1 ? text.slice(0, at) + text.slice(at + 1) : text.slice(0, at) + char + text.slice(at + 1));
    }
  }
  return out;
}

describe('plain price readings', () => {
  it('equal the full reading on every text of the price table and its noise rows that they take', () => {
    const texts = [...PRICE_TABLE, ...withNoise(PRICE_TABLE)].map(([text]) => text);
    const { taken, differing } = compare(texts);
    expect(differing).toEqual([]);
    expect(taken).toBeGreaterThan(100);
  });

  it('equal the full reading on a generated corpus of plain and nearly plain texts, every sign and space, and on one-place changes of it', () => {
    const texts = corpus();
    const { taken, differing } = compare(texts);
    console.info(`plain price readings: ${taken} of ${texts.length} generated texts taken`);
    expect(differing).toEqual([]);
    expect(taken).toBeGreaterThan(5000);
    const taking = texts.filter((text) => plainReading(text) !== null);
    const changed = compare(mutations(taking.filter((_, index) => index % 3 === 0), 6));
    expect(changed.differing).toEqual([]);
    expect(changed.taken).toBeGreaterThan(1000);
  }, 120_000);

  it('take the shop formats they exist for, and leave the rest to the full reading', () => {
    for (const text of ['$46.00', '46,00 €', '46,00\u00A0€', '£1,299.00', '1.299,00 €', '¥1,299.00', '₹ 12,345.50', '12.50', '0.99', '1 299,00 €', '1\u202F299,00\u00A0€']) expect(plainReading(text), text).not.toBeNull();
    for (const text of ['46', '$46', '1.299', '1 299.00 $', '1 299 €', 'CHF 12.50', '-12.00', '$46.00 ', 'US$46.00', '046.00', '$1,23.00', '1,299,00', '12.50 USD', '$12.50$', '€12,50 / kg']) expect(plainReading(text), text).toBeNull();
  });
});
