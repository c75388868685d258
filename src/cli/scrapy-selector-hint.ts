// Scrapy's (parsel's) CSS pseudo-elements `::text` and `::attr(name)`, which cheerio lacks: the cheerio call that does the same.

const PSEUDO = /::(text|attr\(\s*([^)]*?)\s*\))\s*$/;

/** The equivalent cheerio expression for a selector ending in `::text` / `::attr(x)`; null for any other selector. */
export function scrapySelectorHint(selector: string): string | null {
  const match = PSEUDO.exec(selector);
  if (!match) return null;
  const base = JSON.stringify(selector.slice(0, match.index).trim() || '*');
  const call = match[2] === undefined ? '.text()' : `.attr(${JSON.stringify(match[2].replace(/^['"]|['"]$/g, ''))})`;
  const what = match[2] === undefined ? '::text' : `::attr(${match[2]})`;
  return `${what} is Scrapy (parsel) syntax; cheerio selectors have no pseudo-elements: use $(${base}).first()${call} (or .map((_, el) => $(el)${call}).get() for all matches)`;
}
