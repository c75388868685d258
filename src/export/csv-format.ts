// RFC 4180 CSV pieces for item exports: column order and field quoting.

/** Well-known price fields lead, in this order; every other top-level field follows, sorted. */
export const LEADING_COLUMNS = ['sku', 'name', 'price', 'currency', 'url'] as const;

export function csvColumns(fields: Iterable<string>): string[] {
  const present = new Set(fields);
  const leading = LEADING_COLUMNS.filter((column) => present.has(column));
  // Code-unit order, not locale order: the header must not change with the machine's locale.
  const rest = [...present].filter((field) => !(LEADING_COLUMNS as readonly string[]).includes(field)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return [...leading, ...rest];
}

/** One field: nested values as JSON, null/absent empty; quoted when it holds a comma, quote, CR or LF. */
export function csvField(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (typeof value === 'object') text = JSON.stringify(value);
  else text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, CRLF-terminated as RFC 4180 asks. */
export function csvRecord(values: readonly unknown[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
