// Text cleanup for values read off a page: whitespace (incl. no-break spaces) collapsed, empty means absent.

/** The little of a cheerio selection we need; keeps this helper free of DOM library types. */
interface TextSelection {
  length: number;
  first(): { text(): string };
}

/** Collapses runs of whitespace (JS `\s` includes U+00A0) to one space; "" becomes null. */
export function cleanText(text: string | null | undefined): string | null {
  const cleaned = (text ?? '').replace(/\s+/g, ' ').trim();
  return cleaned === '' ? null : cleaned;
}

/** Cleaned text of the first matched element, or null when there is none. */
export function firstText(selection: TextSelection): string | null {
  return selection.length ? cleanText(selection.first().text()) : null;
}
