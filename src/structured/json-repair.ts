// The slips in hand-templated JSON-LD whose meaning is still one: trailing commas, raw line breaks in strings, blocks run together.

const CONTROL_ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f' };
const escapeControl = (char: string): string => CONTROL_ESCAPES[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** Where a comment opening at `i` (outside a string) ends: after `*/`, or at the line's end for `//`; `i` when none opens there. */
function commentEnd(text: string, i: number): number {
  if (text[i] !== '/') return i;
  if (text[i + 1] === '*') {
    const close = text.indexOf('*/', i + 2);
    return close < 0 ? i : close + 2;
  }
  if (text[i + 1] !== '/') return i;
  const line = text.indexOf('\n', i);
  return line < 0 ? text.length : line;
}

/**
 * The top-level values of a block that strict JSON refused, each as strict JSON text, or null when the slip is another
 * kind. Only slips a template makes while the writer's meaning stays one are mended:
 * - a comma before `}` or `]` (a Liquid or Twig loop writing one after every entry, the last too);
 * - a control character raw inside a string (a description's line breaks pasted in without `| json`): that character;
 * - values one after another at the top (`{…}{…}`, `{…},{…}`, a `;` after the last): one node each, as separate blocks;
 * - comments (`/* … *\/`, `// …` to the line's end) outside strings, which JavaScript allows and a template's author wrote.
 * A missing comma, a stray quote, single quotes or unquoted keys are left to fail: there the reading would be a guess.
 */
export function repairJson(text: string): string[] | null {
  const values: string[] = [];
  let current = '';
  let depth = 0;
  let inString = false;
  // Where in `current` a comma stands with only white space after it, or -1.
  let openComma = -1;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === '\\') {
        current += char + (text[i + 1] ?? '');
        i++;
      } else {
        if (char === '"') inString = false;
        current += char < ' ' ? escapeControl(char) : char;
      }
      continue;
    }
    const comment = commentEnd(text, i);
    if (comment > i) {
      // A comment stands where white space may: read as one, so a comma before it still closes as trailing.
      i = comment - 1;
      continue;
    }
    if (depth === 0) {
      // Between top-level values only white space and a separator may stand.
      if (/[\s,;]/.test(char)) continue;
      if (char !== '{' && char !== '[') return null;
    }
    if (/\s/.test(char)) {
      current += char;
      continue;
    }
    if ((char === '}' || char === ']') && openComma >= 0) current = current.slice(0, openComma) + current.slice(openComma + 1);
    openComma = char === ',' ? current.length : -1;
    if (char === '"') inString = true;
    else if (char === '{' || char === '[') depth++;
    else if (char === '}' || char === ']') depth--;
    current += char;
    if (depth === 0) {
      values.push(current);
      current = '';
    }
  }
  return depth === 0 && !inString && values.length > 0 ? values : null;
}
