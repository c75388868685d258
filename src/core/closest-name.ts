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
  return best !== null && bestDistance <= tolerance ? best : null;
}

/** `; did you mean "x"?` or the empty string. */
export function didYouMean(wanted: string, known: readonly string[]): string {
  const closest = closestName(wanted, known);
  return closest === null ? '' : `; did you mean "${closest}"?`;
}
