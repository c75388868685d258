// Item loader processors (Scrapy's itemloaders.processors): input processors turn each add's values, output processors the field's whole list.
import { Decimal } from '../core/money';
import type { JsonValue } from '../core/json';

/** A value a loader holds: text from a selector, a JSON value, or an exact Decimal. Null and undefined are never held. */
export type LoaderValue = Exclude<JsonValue, null> | Decimal;

/** Runs on the values of one add (`addCss`, `addValue`, `addJson`) before they join the field's list. */
export type InputProcessor = (values: readonly LoaderValue[]) => LoaderValue[];

/** Runs once on a field's whole list at `loadItem()`: its result is the field's value; undefined leaves the field out. */
export type OutputProcessor<T> = (values: readonly LoaderValue[]) => T | undefined;

/** A function MapCompose applies to one text: a text, several texts, or null/undefined/'' to drop the value. */
export type TextFunction = (text: string) => string | readonly string[] | null | undefined;

/** Keeps the values as they are (Scrapy's Identity): as an output, the field is the list, left out when empty. */
export function Identity(): InputProcessor & OutputProcessor<LoaderValue[]> {
  return (values: readonly LoaderValue[]) => [...values];
}

/** The list as the field's value, left out when empty (an output; Identity() returns the same for inputs). */
export function TakeAll(): OutputProcessor<LoaderValue[]> {
  return (values) => (values.length > 0 ? [...values] : undefined);
}

/** Whether a value says something: an empty or blank text does not (Scrapy's TakeFirst skips '' too). */
const says = (value: LoaderValue) => typeof value !== 'string' || value.trim() !== '';

/** The first value that says something (Scrapy's TakeFirst): blank texts are skipped, as nulls never enter the list. */
export function TakeFirst(): OutputProcessor<LoaderValue> {
  return (values) => values.find(says);
}

/**
 * The texts joined with `separator` (Scrapy's Join, default one space). Only text is joined: a number or object among
 * the values is a selector mistake, refused by throwing rather than written as "[object Object]" or a float's digits.
 */
export function Join(separator = ' '): OutputProcessor<string> {
  return (values) => {
    const texts = values.filter(says);
    if (texts.length === 0) return undefined;
    const other = texts.find((value) => typeof value !== 'string');
    if (other !== undefined) throw new TypeError(`Join() joins texts; it was given ${describe(other)}`);
    return texts.join(separator);
  };
}

/**
 * Applies each function to each text in turn (Scrapy's MapCompose): a function may return several texts (each goes on
 * through the rest) or null, undefined or '' to drop the value. Only texts go through the functions: a JSON number or a
 * Decimal passes unchanged, so a price the API sent as a number reaches the price reading as the API wrote it.
 */
export function MapCompose(...functions: readonly TextFunction[]): InputProcessor {
  return (values) => {
    let current: LoaderValue[] = [...values];
    for (const fn of functions) current = current.flatMap((value): LoaderValue[] => (typeof value === 'string' ? kept(fn(value)) : [value]));
    return current;
  };
}

/**
 * Applies each function to the whole list in turn (Scrapy's Compose, as an input or an output processor); a function
 * returning undefined stops the chain with undefined (the field is left out).
 */
export function Compose<T>(...functions: readonly [...Array<(values: readonly LoaderValue[]) => LoaderValue[] | undefined>, (values: readonly LoaderValue[]) => T | undefined]): OutputProcessor<T> {
  return (values) => {
    let current: unknown = values;
    for (const fn of functions) {
      if (current === undefined) return undefined;
      current = fn(current as readonly LoaderValue[]);
    }
    return current as T | undefined;
  };
}

/** A text function's result as the values it keeps: empty texts are dropped, as Scrapy's MapCompose drops None. */
function kept(result: string | readonly string[] | null | undefined): string[] {
  if (result === null || result === undefined) return [];
  return (typeof result === 'string' ? [result] : [...result]).filter((text) => text !== '');
}

/** A value as an error message names it (never its whole text: a page's JSON may be long). */
export function describe(value: LoaderValue): string {
  if (Decimal.isDecimal(value)) return `the Decimal ${value.toFixed()}`;
  if (typeof value === 'object') return Array.isArray(value) ? 'an array' : 'an object';
  return `the ${typeof value} ${JSON.stringify(value).slice(0, 80)}`;
}
