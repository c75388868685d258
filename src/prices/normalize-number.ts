// normalizeNumber: digits with group and decimal separators in any common convention → plain decimal text.

const GROUP_OR_DECIMAL = /[.,'’ ]/g;

export interface NormalizeOptions {
  /** The shop's decimal separator, when known; decides "1.234" / "1,234". */
  decimalSeparator?: '.' | ',';
  /** Minor-unit digits of the price's currency: 3 (KWD, BHD) makes "3.350" a decimal. */
  minorDigits?: number | null;
}

/**
 * Plain decimal text ("1234.56") from digits and separators, or null when the grouping is
 * impossible. With one kind of separator written once before exactly three digits ("1.299",
 * "1,299") it is a thousands separator unless the integer part is 0, the currency has three
 * minor digits, or `decimalSeparator` says otherwise (the hint wins over the currency).
 */
export function normalizeNumber(raw: string, options: NormalizeOptions | '.' | ',' = {}): string | null {
  const { decimalSeparator, minorDigits } = typeof options === 'string' ? { decimalSeparator: options, minorDigits: null } : options;
  const body = raw.replace(/[.,:][-–—]$/, ''); // "12,-", "199:-": whole units
  const separators: string[] = body.match(GROUP_OR_DECIMAL) ?? [];
  const groups = body.split(GROUP_OR_DECIMAL);
  if (separators.length === 0) return body;
  if (groups.some((group) => group === '')) return null;

  const last = separators[separators.length - 1];
  let decimalAt = -1;
  if (last === '.' || last === ',') {
    const other = last === '.' ? ',' : '.';
    const sameCount = separators.filter((separator) => separator === last).length;
    if (separators.includes(other)) {
      if (sameCount > 1) return null;
      decimalAt = separators.length - 1;
    } else if (sameCount === 1) {
      const lastGroup = groups[groups.length - 1];
      const integerIsZero = groups.length === 2 && /^0+$/.test(groups[0]);
      let decimal: boolean;
      if (lastGroup.length !== 3 || integerIsZero) decimal = true;
      else if (decimalSeparator) decimal = decimalSeparator === last;
      else decimal = minorDigits === 3;
      if (decimal || !validGrouping(groups)) decimalAt = separators.length - 1;
    }
  }
  const integerGroups = decimalAt === -1 ? groups : groups.slice(0, -1);
  if (!validGrouping(integerGroups)) return null;
  const integer = integerGroups.join('');
  return decimalAt === -1 ? integer : `${integer}.${groups[groups.length - 1]}`;
}

/** 1–3 leading digits, then groups of three (Indian lakh style: twos, then a final three). */
function validGrouping(groups: readonly string[]): boolean {
  if (groups.length === 1) return true;
  if (groups[0].length > 3) return false;
  const rest = groups.slice(1);
  return rest[rest.length - 1].length === 3 && rest.slice(0, -1).every((group) => group.length === 3 || group.length === 2);
}
