// offerLapse: when an offer's stated validity has ended or not begun, in every time zone a date without one may mean.
import { describe, expect, it } from 'vitest';
import { offerLapse } from '../../src/structured/offer-validity';
import { newNode, addValue } from '../../src/structured/schema-node';

const offer = (validity: Record<string, string>) => {
  const node = newNode(['Offer']);
  for (const [prop, value] of Object.entries(validity)) addValue(node, prop, value);
  return node;
};
const at = (iso: string) => Date.parse(iso);
const lapsed = (validity: Record<string, string>, iso: string) => offerLapse(offer(validity), at(iso)) !== null;

describe('offerLapse', () => {
  it('a day lasts to its end at UTC-12: the next day at noon UTC', () => {
    expect(lapsed({ priceValidUntil: '2025-03-31' }, '2025-04-01T11:59:59Z')).toBe(false);
    expect(lapsed({ priceValidUntil: '2025-03-31' }, '2025-04-01T12:00:00Z')).toBe(true);
  });

  it('a time with a zone is exact; one without lasts to that time at UTC-12', () => {
    expect(lapsed({ validThrough: '2025-03-31T18:00:00+02:00' }, '2025-03-31T15:59:00Z')).toBe(false);
    expect(lapsed({ validThrough: '2025-03-31T18:00:00+02:00' }, '2025-03-31T16:00:00Z')).toBe(true);
    expect(lapsed({ validThrough: '2025-03-31T18:00:00Z' }, '2025-03-31T18:00:00Z')).toBe(true);
    expect(lapsed({ validThrough: '2025-03-31T18:00:00' }, '2025-04-01T05:59:00Z')).toBe(false);
    expect(lapsed({ validThrough: '2025-03-31 18:00' }, '2025-04-01T06:00:00Z')).toBe(true);
  });

  it('validFrom begins first at UTC+14', () => {
    expect(lapsed({ validFrom: '2025-04-01' }, '2025-03-31T09:59:00Z')).toBe(true);
    expect(lapsed({ validFrom: '2025-04-01' }, '2025-03-31T10:00:00Z')).toBe(false);
    expect(lapsed({ validFrom: '2025-04-01T00:00:00-05:00' }, '2025-04-01T04:59:00Z')).toBe(true);
  });

  it('dates no ISO reader takes, and an unknown fetch time, say nothing', () => {
    for (const text of ['31.12.2020', '2020-02-30', '2020-13-01', 'never', '', '2020-01-01T25:00']) expect(lapsed({ priceValidUntil: text }, '2025-01-01T00:00:00Z')).toBe(false);
    expect(offerLapse(offer({ priceValidUntil: '2020-01-01' }), undefined)).toBeNull();
  });

  it('names what lapsed', () => {
    expect(offerLapse(offer({ priceValidUntil: '2020-01-31' }), at('2025-01-01T00:00:00Z'))).toBe('priceValidUntil 2020-01-31 passed before the fetch at 2025-01-01T00:00:00.000Z');
  });
});
