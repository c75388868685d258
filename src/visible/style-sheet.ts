// What a page's own <style> sheets say of whole classes: which strike every element of a class through, which hide it, which draw words beside it.
import type { CheerioAPI } from 'cheerio';

/** Each entry: the classes an element must all carry (`.price.is-muted` → ['price', 'is-muted']). */
export type ClassSets = ReadonlyArray<readonly string[]>;

export interface StyledClasses {
  struck: ClassSets;
  hidden: ClassSets;
  /** Words a `::before` or `::after` rule draws around every element of a class set (`.was::before{content:"Was "}`). */
  drawn: readonly DrawnRule[];
}

/** One `::before` / `::after` rule: the classes (and attributes present) it needs, and what it draws: strings and `attr()` values. */
export interface DrawnRule {
  classes: readonly string[];
  attributes: readonly string[];
  side: 'before' | 'after';
  parts: ReadonlyArray<string | { attr: string }>;
}

/** A declaration striking text through, inline or in a sheet. */
export const LINE_THROUGH = /text-decoration(?:-line)?\s*:[^;]*line-through/i;
const DISPLAY_NONE = /(?:^|;)\s*display\s*:\s*none/i;
const SHOWN = /(?:^|;)\s*(?:display\s*:\s*(?!none)[a-z-]+|visibility\s*:\s*visible)/i;

/**
 * The compound a selector ends in when every element of it is matched: `.was-price`, `.price-box .old`, `span.price.is-muted`.
 * A pseudo-class (`:first-child`, `:hover`) or a sibling combinator (`+`, `~`) matches only some of them, so the classes
 * say nothing of the others; a pseudo-element (`::after`) styles no text of the element's own.
 */
const LAST_COMPOUND = /(?:^|[\s>])[\w-]*((?:\.[\w-]+)+)$/;
const WHOLE_COMPOUND = /^[\w-]*((?:\.[\w-]+)+)$/;

interface Rule {
  selectors: string[];
  body: string;
  /** Inside an at-rule (`@media`, `@supports`): applies on some screens only. */
  conditional: boolean;
}

/** Innermost rules of the sheet; the braces between them tell whether an at-rule holds one (counted once, as themes inline large sheets). */
function rules(css: string): Rule[] {
  const found: Rule[] = [];
  let depth = 0;
  let seen = 0;
  for (const match of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    for (const char of css.slice(seen, match.index)) depth += char === '{' ? 1 : char === '}' ? -1 : 0;
    seen = match.index + match[0].length;
    found.push({ selectors: match[1].split(',').map((s) => s.trim()), body: match[2], conditional: depth > 0 });
  }
  return found;
}

const classesOf = (compound: string): string[] => compound.split('.').slice(1);

/**
 * A selector ending in a class compound (and attributes it must carry, `.price[data-price]`) and a pseudo-element drawing before or
 * after it, with no pseudo-class that picks some.
 */
const DRAWN_SELECTOR = /(?:^|[\s>])[\w-]*((?:\.[\w-]+)+)((?:\[[\w-]+\])*)::?(before|after)$/;
/** A `content` value: strings and other tokens up to the declaration's end. */
const CONTENT = /(?:^|;)\s*content\s*:((?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[^;"'])*)/i;
/** One token of it a browser draws as text: a string, or `attr(name)`, the element's attribute (a theme's `content: attr(data-price)`). */
const CONTENT_TOKEN = /\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|attr\(\s*([\w-]+)\s*\))/y;

/** The strings and `attr()`s a `content` value draws, or null when it holds anything else (counters, quotes, `none`, images). */
function contentParts(value: string): DrawnRule['parts'] | null {
  const parts: Array<string | { attr: string }> = [];
  const body = value.replace(/!important\s*$/i, '').trim();
  CONTENT_TOKEN.lastIndex = 0;
  while (CONTENT_TOKEN.lastIndex < body.length) {
    const token = CONTENT_TOKEN.exec(body);
    if (!token) return null;
    // An icon font's glyph is a private-use character: a picture, no words.
    if (token[3]) parts.push({ attr: token[3].toLowerCase() });
    else parts.push(unescaped(token[1] ?? token[2] ?? '').replace(/[\p{Co}\p{Cc}]/gu, ''));
  }
  return parts.some((part) => part !== '') ? parts : null;
}

/** A CSS string's escapes (`\20AC` is €, `\"` a quote) as the characters they stand for. */
const unescaped = (text: string): string =>
  text.replace(/\\([0-9a-f]{1,6})\s?|\\(.)/gi, (_, hex: string | undefined, char: string | undefined) => (hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : char ?? ''));

/** The words each `::before` / `::after` rule draws: a screen shows them as part of the element's text ("Was" before a struck price). */
function drawnWords(all: readonly Rule[]): StyledClasses['drawn'] {
  const drawn: DrawnRule[] = [];
  for (const rule of all) {
    const content = CONTENT.exec(rule.body);
    const parts = content ? contentParts(content[1]) : null;
    if (!parts) continue;
    for (const selector of rule.selectors) {
      const match = DRAWN_SELECTOR.exec(selector);
      const attributes = match ? [...match[2].matchAll(/\[([\w-]+)\]/g)].map((m) => m[1].toLowerCase()) : [];
      if (match && !/[+~]/.test(selector)) drawn.push({ classes: classesOf(match[1]), attributes, side: match[3] as 'before' | 'after', parts });
    }
  }
  return drawn;
}

export function styledClasses($: CheerioAPI): StyledClasses {
  const all = $('style').toArray().flatMap((element) => rules($(element).text()));
  const struck: string[][] = [];
  for (const rule of all.filter((r) => LINE_THROUGH.test(r.body))) {
    for (const selector of rule.selectors) {
      const last = LAST_COMPOUND.exec(selector);
      if (last && !/[+~]/.test(selector)) struck.push(classesOf(last[1]));
    }
  }
  // Hidden only by a rule naming the class alone, on every screen, and never shown again by another rule that names it
  // (`.variant-price{display:none}` beside `.variant-price.is-active{display:block}`; Dawn's `.price--on-sale .price__sale`).
  const shownAgain = new Set(all.filter((rule) => SHOWN.test(rule.body)).flatMap((rule) => rule.selectors.flatMap((s) => [...s.matchAll(/\.([\w-]+)/g)].map((m) => m[1]))));
  const hidden: string[][] = [];
  for (const rule of all.filter((r) => !r.conditional && DISPLAY_NONE.test(r.body))) {
    for (const selector of rule.selectors) {
      const whole = WHOLE_COMPOUND.exec(selector);
      const names = whole ? classesOf(whole[1]) : [];
      if (names.length > 0 && !names.some((name) => shownAgain.has(name))) hidden.push(names);
    }
  }
  return { struck, hidden, drawn: drawnWords(all) };
}

/** The words the sheet draws before and after an element with these attributes ('' for none); `attr()` reads them, '' when absent. */
export function drawnAround(attribs: Readonly<Record<string, string>>, drawn: StyledClasses['drawn']): { before: string; after: string } {
  const around = { before: '', after: '' };
  if (!attribs.class || drawn.length === 0) return around;
  // A later rule of the same side wins, as in a browser for selectors of one weight.
  for (const rule of drawn) {
    if (!styledAs(attribs.class, [rule.classes]) || rule.attributes.some((name) => attribs[name] === undefined)) continue;
    around[rule.side] = rule.parts.map((part) => (typeof part === 'string' ? part : attribs[part.attr] ?? '')).join('');
  }
  return around;
}

/** The element's class attribute carries every class of one of the sets. */
export function styledAs(classAttribute: string | undefined, sets: ClassSets): boolean {
  if (!classAttribute || sets.length === 0) return false;
  const own = new Set(classAttribute.split(/\s+/));
  return sets.some((set) => set.every((name) => own.has(name)));
}
