// normalizeNumber: digits with group and decimal separators in any common convention → plain decimal text.

const SEPARATOR = /[.,' ]/g;

export interface NormalizeOptions {
  /** The shop's decimal separator, when known; decides "1.234" / "1,234". */
  decimalSeparator?: '.' | ',';
  /** Minor-unit digits of the price's currency: 3 (KWD, BHD) makes "3.350" a decimal. */
  minorDigits?: number | null;
}

/**
 * Plain decimal text ("1234.56") from digits and separators, or null when the separators do not
 * give exactly one reading: one group character throughout, the decimal separator (if any) last and
 * different from it. With one kind of separator written once before exactly three digits ("1.299",
 * "1,299") it is a thousands separator unless the integer part is 0, the currency has three minor
 * digits, or `decimalSeparator` says otherwise (the hint wins over the currency).
 */
export function normalizeNumber(raw: string, options: NormalizeOptions | '.' | ',' = {}): string | null {
  const { decimalSeparator, minorDigits } = typeof options === 'string' ? { decimalSeparator: options, minorDigits: null } : options;
  const body = raw.replace(/[.,:](?:[-–—]{1,2}|=)$/, ''); // "12,-", "199:-", "1.049,--", "12,=": whole units
  const separators: string[] = body.match(SEPARATOR) ?? [];
  const groups = body.split(SEPARATOR);
  if (separators.length === 0) return body;
  if (groups.some((group) => group === '')) return null;

  const last = separators[separators.length - 1];
  let decimalAt = -1;
  if (last === '.' || last === ',') {
    const sameCount = separators.filter((separator) => separator === last).length;
    if (sameCount === separators.length && sameCount === 1) {
      const lastGroup = groups[groups.length - 1];
      const integerIsZero = /^0+$/.test(groups[0]);
      let decimal: boolean;
      if (lastGroup.length !== 3 || integerIsZero) decimal = true;
      else if (decimalSeparator) decimal = decimalSeparator === last;
      else decimal = minorDigits === 3;
      if (decimal || !validGrouping(groups, separators)) decimalAt = 0;
    } else if (sameCount === 1) {
      decimalAt = separators.length - 1; // "1.234,56", "1 234,56", "1'234.50": the odd one out, written last
    }
  }
  const groupSeparators = decimalAt === -1 ? separators : separators.slice(0, -1);
  const integerGroups = decimalAt === -1 ? groups : groups.slice(0, -1);
  if (!validGrouping(integerGroups, groupSeparators)) return null;
  const integer = integerGroups.join('');
  return decimalAt === -1 ? integer : `${integer}.${groups[groups.length - 1]}`;
}

/**
 * One group character; 1–3 leading digits, then groups of three. Indian lakh grouping (twos, then
 * a final three) only with commas, as Indian shops write it: "1.99 500" is two numbers, not 199500.
 */
function validGrouping(groups: readonly string[], separators: readonly string[]): boolean {
  if (groups.length === 1) return true;
  if (new Set(separators).size > 1) return false;
  if (groups[0].length > 3) return false;
  const rest = groups.slice(1);
  if (rest[rest.length - 1].length !== 3) return false;
  const lakh = separators[0] === ',';
  return rest.slice(0, -1).every((group) => group.length === 3 || (lakh && group.length === 2));
}
