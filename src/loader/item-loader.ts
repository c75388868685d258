// ItemLoader (Scrapy's itemloaders.ItemLoader): values gathered per field from selectors and JSON, processed into an item.
import type { Item } from '../core/item';
import { didYouMean } from '../core/closest-name';
import { FieldRefusal } from './field-refusal';
import { jsonValuesAt } from './json-path';
import { readSource, type LoaderSource, type ReadSource } from './loader-source';
import { TakeFirst, type InputProcessor, type LoaderValue, type OutputProcessor } from './processors';

/** One field's processors; either left out takes the loader's default. */
export interface FieldProcessors<T = unknown> {
  input?: InputProcessor;
  output?: OutputProcessor<T>;
}

export type LoaderFields = Record<string, FieldProcessors>;

export interface LoaderDefinition<F extends LoaderFields, D> {
  /** Every field the loader fills: adding to another is a type error (and, from JavaScript, throws naming the closest). */
  fields: F;
  /** Input processor of the fields that set none; default: the values as they are (Scrapy's Identity). */
  defaultInput?: InputProcessor;
  /** Output processor of the fields that set none; default TakeFirst() (Scrapy's default is Identity: a list per field). */
  defaultOutput?: OutputProcessor<D>;
}

/** A field's value type in the loaded item: its output processor's result, or the default output's. */
export type OutputOf<P, D> = P extends { output: OutputProcessor<infer T> } ? T : D;

/** The item a loader makes: each field its output's type, absent when it had no value, null when its output refused. */
export type LoadedItem<F extends LoaderFields, D> = Item & { [K in keyof F]?: Exclude<OutputOf<F[K], D>, FieldRefusal> | null };

/** `addCss` reads each match's text, or an attribute, or its inner HTML. */
export interface CssOptions {
  attr?: string;
  html?: boolean;
}

/** A loader type with its fields: `defineItemLoader(...)` once per item kind, `.from(res)` in each callback. */
export interface ItemLoaderType<F extends LoaderFields, D> {
  from(source?: LoaderSource): ItemLoader<F, D>;
}

export function defineItemLoader<F extends LoaderFields, D = LoaderValue>(definition: LoaderDefinition<F, D>): ItemLoaderType<F, D> {
  return { from: (source) => new ItemLoader(definition, readSource(source), new Map()) };
}

export class ItemLoader<F extends LoaderFields, D = LoaderValue> {
  /** @internal made by `defineItemLoader(...).from(source)` and `nestedCss` */
  constructor(
    private readonly definition: LoaderDefinition<F, D>,
    private readonly source: ReadSource,
    private readonly values: Map<keyof F, LoaderValue[]>,
  ) {}

  /** Adds a value (or an array of values) to a field; null and undefined add nothing. */
  addValue(field: keyof F & string, value: LoaderValue | readonly (LoaderValue | null | undefined)[] | null | undefined): this {
    const list = (Array.isArray(value) ? value : [value]) as ReadonlyArray<LoaderValue | null | undefined>;
    return this.add(field, list.filter((item): item is LoaderValue => item !== null && item !== undefined));
  }

  /** Adds each match's text (or `attr`, or inner `html`) within the loader's scope; no match adds nothing. */
  addCss(field: keyof F & string, selector: string, options: CssOptions = {}): this {
    this.field(field);
    const matches = this.source.select(selector);
    const texts: string[] = [];
    for (let index = 0; index < matches.length; index++) {
      const match = matches.eq(index);
      const text = options.attr !== undefined ? match.attr(options.attr) : options.html ? match.html() : match.text();
      if (typeof text === 'string') texts.push(text);
    }
    return this.add(field, texts);
  }

  /** Adds the values at a dotted JSON path (`offers[0].price`, `variants[].sku`) of the source's JSON; nulls add nothing. */
  addJson(field: keyof F & string, path: string): this {
    this.field(field);
    return this.add(field, jsonValuesAt(this.source.json(), path));
  }

  /** As addValue, addCss and addJson, after emptying the field. */
  replaceValue(field: keyof F & string, value: Parameters<ItemLoader<F, D>['addValue']>[1]): this {
    return this.clear(field).addValue(field, value);
  }

  replaceCss(field: keyof F & string, selector: string, options?: CssOptions): this {
    return this.clear(field).addCss(field, selector, options);
  }

  replaceJson(field: keyof F & string, path: string): this {
    return this.clear(field).addJson(field, path);
  }

  /** A loader filling the same item from within `selector`'s matches (Scrapy's nested_css): `.price` of one box only. */
  nestedCss(selector: string): ItemLoader<F, D> {
    return new ItemLoader(this.definition, this.source.scoped(selector), this.values);
  }

  /** The field's values so far, after input processing. */
  getCollectedValues(field: keyof F & string): readonly LoaderValue[] {
    this.field(field);
    return [...(this.values.get(field) ?? [])];
  }

  /** What the field would be now: its output processor over its values (a FieldRefusal when it refuses). */
  getOutputValue<K extends keyof F & string>(field: K): OutputOf<F[K], D> | undefined {
    const processors = this.field(field);
    const output = (processors.output ?? this.definition.defaultOutput ?? TakeFirst()) as OutputProcessor<OutputOf<F[K], D>>;
    return output(this.values.get(field) ?? []);
  }

  /**
   * The item: each field that has a value. A field whose output refused is null, with `<field>Refusal` giving the
   * reason (`price: null, priceRefusal: 'price/ambiguous'`): the pipeline drops it and counts the reason.
   */
  loadItem(): LoadedItem<F, D> {
    const item: Item = {};
    for (const field of Object.keys(this.definition.fields)) {
      const value = this.getOutputValue(field);
      if (value === undefined) continue;
      if (value instanceof FieldRefusal) Object.assign(item, { [field]: null, [`${field}Refusal`]: value.reason });
      else item[field] = value;
    }
    return item as LoadedItem<F, D>;
  }

  private add(field: keyof F & string, values: readonly LoaderValue[]): this {
    const input = this.field(field).input ?? this.definition.defaultInput;
    const processed = input ? input(values) : [...values];
    this.values.set(field, [...(this.values.get(field) ?? []), ...processed]);
    return this;
  }

  private clear(field: keyof F & string): this {
    this.field(field);
    this.values.delete(field);
    return this;
  }

  /** The field's processors; a field the loader does not define throws (from JavaScript, where tsc did not check it). */
  private field(field: string): FieldProcessors {
    const known = Object.keys(this.definition.fields);
    if (!Object.hasOwn(this.definition.fields, field)) throw new RangeError(`the item loader has no field "${field}"${didYouMean(field, known)} (its fields: ${known.join(', ')})`);
    return this.definition.fields[field]!;
  }
}
