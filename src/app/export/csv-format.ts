// RFC 4180 CSV pieces for feeds: column order, spreadsheet-safe cells, field quoting, the header read back.
import { PROVENANCE_FIELDS } from './export-record';

/** Well-known price fields lead, in this order; every other field follows, sorted; provenance closes. */
export const LEADING_COLUMNS = ['sku', 'site', 'name', 'price', 'currency', 'url'] as const;
/**
 * The last column of every CSV feed: a JSON object of the fields an item has beyond the header. A
 * streaming feed fixes its header from the first batch (and an appended file keeps its own), so a
 * later item's new field lands here instead of being dropped; empty for most rows.
 */
export const MORE_FIELDS_COLUMN = 'moreFields';

const sortCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function csvColumns(fields: Iterable<string>): string[] {
  const present = new Set(fields);
  const fixed: readonly string[] = [...LEADING_COLUMNS, ...PROVENANCE_FIELDS, MORE_FIELDS_COLUMN];
  const leading = LEADING_COLUMNS.filter((column) => present.has(column));
  // Code-unit order, not locale order: the header must not change with the machine's locale.
  const rest = [...present].filter((field) => !fixed.includes(field)).sort(sortCodeUnits);
  const provenance = PROVENANCE_FIELDS.filter((column) => present.has(column));
  return [...leading, ...rest, ...provenance, MORE_FIELDS_COLUMN];
}

/** A number as a spreadsheet reads it ("-5.00", "+3", "1e-7"): a value, never a formula, so it stays as is. */
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
/**
 * OWASP's formula triggers: a cell starting with one of these may run as a formula in Excel, LibreOffice
 * or Sheets. Tab, CR and LF alone (the testing guide lists all three). The full-width forms `＝ ＋ － ＠`
 * too: Excel in Japanese and other East Asian locales reads them as the ASCII ones, and a shop's title
 * may well start with one. Also after leading whitespace, quotes or control characters (` =cmd`,
 * `"=cmd`, `\0=cmd`): some import paths and options (trimming spaces, a different quote character, a
 * reader dropping NUL and other controls) remove those before the cell is read.
 */
const FORMULA_START = /^(?:[\t\r\n]|[\s\x00-\x1f\x7f"']*[=+\-@\uff1d\uff0b\uff0d\uff20])/;

/**
 * OWASP CSV injection defence: a cell that a spreadsheet would read as a formula gets a leading single
 * quote, which shows the text as typed. Plain numbers (a negative price "-5.00" that we write as an
 * exact decimal) stay numbers: a sign, digits, a point and an exponent cannot call anything, and a
 * quote would turn a price into text; "-5+cmd|…" is not a plain number and gets the quote.
 */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/**
 * The text neutraliseFormula was given, from what it wrote: the header of a feed appended to names the fields
 * as they are, not as a spreadsheet may see them. Exact but for a name starting with a tab, CR or LF after a
 * quote, which both sides write alike (no field is so named).
 */
export function restoreFormula(cell: string): string {
  const text = cell.slice(1);
  return cell.startsWith("'") && neutraliseFormula(text) === cell ? text : cell;
}

/**
 * One field: nested values as JSON, null/absent empty; quoted when it holds a comma, quote, CR or LF
 * (RFC 4180), and also a semicolon or tab: spreadsheets in many locales split CSV on those, and an
 * unquoted `x;=cmd` would become a second cell starting with `=` (OWASP's separator case). A NUL
 * becomes U+FFFD, the one lossy step (as in the XML feed): readers written in C end the line there and
 * lose the row's later cells (the price among them), others refuse the file; the JSON feeds keep it.
 * Escape sequences, C1 and bidi controls stay as the page gave them, as Python's csv module and Scrapy's
 * CsvItemExporter keep them: CSV has no escape for them, a spreadsheet does not act on them, and a cell is
 * data a team may compare with the page. No command prints a CSV feed; what prints item values (parse,
 * changes, status, the summary) goes through the terminal filters, and the JSON feeds hold the same value
 * as \u escapes.
 */
export function csvField(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (typeof value === 'object') text = JSON.stringify(value);
  else text = String(value);
  text = neutraliseFormula(text.replace(/\0/g, '\uFFFD'));
  return /[",;\t\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, CRLF-terminated as RFC 4180 asks. */
export function csvRecord(values: readonly unknown[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/** A record's cells under `columns`; fields outside them go, as one JSON object, into the moreFields column. */
export function csvRow(columns: readonly string[], record: Record<string, unknown>): string {
  const known = new Set(columns);
  const more = Object.fromEntries(Object.entries(record).filter(([field]) => !known.has(field)));
  const overflow = Object.keys(more).length > 0 ? more : null;
  return csvRecord(columns.map((column) => (column === MORE_FIELDS_COLUMN ? overflow : record[column])));
}

/** The first record of a CSV text (its header), RFC 4180 quoting and the formula guard undone; null when it has no complete first line. */
export function parseCsvHeader(text: string): string[] | null {
  const cells: string[] = [];
  let cell = '';
  let index = 0;
  let quoted = false;
  while (index < text.length) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') (cell += '"'), (index += 2);
      else if (char === '"') (quoted = false), (index += 1);
      else (cell += char), (index += 1);
    } else if (char === '"') (quoted = true), (index += 1);
    else if (char === ',') cells.push(cell), (cell = ''), (index += 1);
    else if (char === '\r' || char === '\n') return [...cells, cell].map(restoreFormula);
    else (cell += char), (index += 1);
  }
  return null;
}
