// What a page's own <style> sheets say of whole classes: which strike every element of a class through, and which hide it.
import type { CheerioAPI } from 'cheerio';

/** Each entry: the classes an element must all carry (`.price.is-muted` → ['price', 'is-muted']). */
export type ClassSets = ReadonlyArray<readonly string[]>;

export interface StyledClasses {
  struck: ClassSets;
  hidden: ClassSets;
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
  return { struck, hidden };
}

/** The element's class attribute carries every class of one of the sets. */
export function styledAs(classAttribute: string | undefined, sets: ClassSets): boolean {
  if (!classAttribute || sets.length === 0) return false;
  const own = new Set(classAttribute.split(/\s+/));
  return sets.some((set) => set.every((name) => own.has(name)));
}
