// A dotted path into parsed JSON ("offers.0.price", "offers[0].price", "variants[].sku"): the values it reaches.
import type { LoaderValue } from './processors';

/**
 * The values at `path` in `data`: `a.b` reads a key, `a.0` or `a[0]` an index, `a[]` or `a.*` every element (Scrapy
 * users reach for `add_jmes("offers[*].price")`). A step that does not exist gives no value, never an error: a
 * product without `offers` simply adds nothing, and TakeFirst leaves the field out. Nulls are no value either.
 * `data` is whatever the spider holds (`res.json()`, one product of it, typed by an interface or not).
 */
export function jsonValuesAt(data: unknown, path: string): LoaderValue[] {
  let current: unknown[] = [data];
  for (const step of stepsOf(path)) current = current.flatMap((value) => stepInto(value, step));
  return current.filter((value): value is LoaderValue => value !== null && value !== undefined);
}

function stepsOf(path: string): string[] {
  const steps = path.replace(/\[(\d*|\*)\]/g, (_match, index: string) => `.${index === '' ? '*' : index}`).split('.').filter((step) => step !== '');
  if (steps.length === 0) throw new RangeError(`the JSON path ${JSON.stringify(path)} names no field`);
  return steps;
}

function stepInto(value: unknown, step: string): unknown[] {
  if (value === null || typeof value !== 'object') return [];
  if (step === '*') return Array.isArray(value) ? value : Object.values(value);
  if (Array.isArray(value)) return /^\d+$/.test(step) && Number(step) < value.length ? [value[Number(step)]] : [];
  return Object.hasOwn(value, step) ? [(value as Record<string, unknown>)[step]] : [];
}
