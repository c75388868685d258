// The shape of a page title that says one thing only: a few words, with at most a short site label around them.

const SEPARATOR = '[|\\-–—:·]';

/**
 * A pattern that matches a `<title>` whose whole text is one of `words` (alternatives of a regular
 * expression, matched without regard to case), allowing only a short site or vendor label before or after
 * a separator ("Attention Required! | Cloudflare", "Shop - Page not found"): a product called "Blocked
 * Drain Cleaner 1L" or "Not Found Vinyl LP" is a page to read. The site label starts at a character that
 * is not white space, and an absent one leaves the separator right after the leading white space: no two
 * white-space runs stand side by side. When they did (`\s*[^<]{0,60}?\s*`), a title followed by 64 KiB of
 * spaces had a quadratic number of ways to split them to try, and its scan held the event loop for three
 * minutes.
 */
export function wholeTitlePattern(words: readonly string[]): string {
  return (
    `<title[^>]*>\\s*(?:(?:[^<\\s][^<]{0,59}?\\s*)?${SEPARATOR}\\s*)?(?:${words.join('|')})` +
    `[\\s.!?…]*(?:\\s${SEPARATOR}\\s[^<]{0,80})?</title>`
  );
}
