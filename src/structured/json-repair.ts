// The slips in hand-templated JSON-LD whose meaning is still one: trailing commas, raw line breaks in strings, blocks run together.

const CONTROL_ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f' };
const escapeControl = (char: string): string => CONTROL_ESCAPES[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * The top-level values of a block that strict JSON refused, each as strict JSON text, or null when the slip is another
 * kind. Only slips a template makes while the writer's meaning stays one are mended:
 * - a comma before `}` or `]` (a Liquid or Twig loop writing one after every entry, the last too);
 * - a control character raw inside a string (a description's line breaks pasted in without `| json`): that character;
 * - values one after another at the top (`{…}{…}`, `{…},{…}`, a `;` after the last): one node each, as separate blocks.
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
