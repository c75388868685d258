// Renders exact decimal price strings the way each shop's locale writes them, with string operations only.

/** Splits "1299.00" into integer and two-digit fraction parts; the catalog only makes such strings. */
function splitPrice(plain: string): { whole: string; cents: string } {
  const match = /^(\d+)\.(\d{2})$/.exec(plain);
  if (!match) throw new Error(`demo price must look like 1299.00, got ${plain}`);
  return { whole: match[1], cents: match[2] };
}

function groupThousands(whole: string, separator: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/** "1299.00" → "$1,299.00" */
export function formatUsd(plain: string): string {
  const { whole, cents } = splitPrice(plain);
  return `$${groupThousands(whole, ',')}.${cents}`;
}

/** "1299.00" → "£1,299.00" */
export function formatGbp(plain: string): string {
  const { whole, cents } = splitPrice(plain);
  return `£${groupThousands(whole, ',')}.${cents}`;
}

/** "1234.56" → "1.234,56 €" with a no-break space before the sign, as German shops print it. */
export function formatEurGerman(plain: string): string {
  const { whole, cents } = splitPrice(plain);
  return `${groupThousands(whole, '.')},${cents}\u00a0€`;
}

/** Integer cents → "12.99"; the catalog draws cents as integers so no float ever holds a price. */
export function centsToPlain(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new Error(`cents must be a non-negative integer, got ${cents}`);
  const whole = Math.floor(cents / 100);
  const rest = cents - whole * 100;
  return `${whole}.${String(rest).padStart(2, '0')}`;
}

/** "12.99" → 1299; integer cents let the shops derive related prices (AggregateOffer highs) exactly. */
export function plainToCents(plain: string): number {
  const match = /^(\d+)\.(\d{2})$/.exec(plain);
  if (!match) throw new Error(`demo price must look like 1299.00, got ${plain}`);
  return Number.parseInt(match[1], 10) * 100 + Number.parseInt(match[2], 10);
}
