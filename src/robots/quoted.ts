// A robots.txt value written in quotes (`"PriceCrawl"`, `"/private/"`), as copied from documentation: what is inside them.

const QUOTED = /^(["'])(.+)\1$/;

/** The text inside one pair of double or single quotes around all of `value`, or null when it is not so quoted. */
export function insideQuotes(value: string): string | null {
  return QUOTED.exec(value)?.[2] ?? null;
}
