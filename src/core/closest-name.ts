// Suggests the known name closest to a mistyped one (edit distance), so errors can say "did you mean".

/** Levenshtein distance, case-insensitive: `minIntervalMS` is one step from nothing. */
export function editDistance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  let previous = Array.from({ length: y.length + 1 }, (_, i) => i);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    for (let j = 1; j <= y.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[y.length];
}

/** The closest known name, or null when none is close enough to be a plausible typo. */
export function closestName(wanted: string, known: readonly string[]): string | null {
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const name of known) {
    const distance = editDistance(wanted, name);
    if (distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  const tolerance = Math.max(2, Math.floor(wanted.length / 3));
  return best !== null && bestDistance <= tolerance ? best : sharingWords(wanted, known);
}

/** `robotsTxt`, `robots-txt`, `RobotsTxtMiddleware`: the lower-case words of a name. */
const wordsOf = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);

/**
 * A name too far off to be a typo may still be a short or long form of one: `robots` for `robots-txt`,
 * `breaker` for `circuit-breaker`, Scrapy's `RobotsTxtMiddleware` for `robots-txt`. The one known name whose
 * words all occur in it, or all of whose words it holds; none when several fit (`http` with `http-errors`
 * and `http-cache` names neither).
 */
function sharingWords(wanted: string, known: readonly string[]): string | null {
  const words = new Set(wordsOf(wanted));
  if (words.size === 0) return null;
  const fits = known.filter((name) => {
    const theirs = wordsOf(name);
    return theirs.length > 0 && (theirs.every((word) => words.has(word)) || [...words].every((word) => theirs.includes(word)));
  });
  return fits.length === 1 ? fits[0]! : null;
}

/** `; did you mean "x"?` or the empty string. */
export function didYouMean(wanted: string, known: readonly string[]): string {
  const closest = closestName(wanted, known);
  return closest === null ? '' : `; did you mean "${closest}"?`;
}
