// The product token of a user agent, as robots.txt groups are matched (RFC 9309 §2.2.1).

/**
 * `Googlebot/2.1 (+http://…)` → `googlebot`: the name up to the first space or slash, lower-cased, on
 * both sides (the `User-agent:` value and our own setting), since matching is case-insensitive.
 */
export function productToken(userAgent: string): string {
  const trimmed = userAgent.trim();
  const end = trimmed.search(/[\s/]/);
  return (end >= 0 ? trimmed.slice(0, end) : trimmed).toLowerCase();
}
