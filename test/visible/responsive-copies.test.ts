// visiblePrice() where a theme prints the price twice, one copy for small screens and one for large, switched by framework classes.
import { describe, expect, it } from 'vitest';
import { toCurrencyScale } from '../../src/prices/iso-currencies';
import { htmlResponse } from '../support/html-response';

const page = (body: string) => `<!doctype html><html lang="en-US"><head><title>t</title></head><body><main><h1>Lamp</h1>${body}</main></body></html>`;

function read(body: string): string {
  const result = htmlResponse(page(body)).visiblePrice();
  return result.ok ? `${toCurrencyScale(result.amount, result.currency)} ${result.currency}` : result.reason;
}

/** [name, body, expected]: a copy hidden on small screens only was read as hidden on every screen. */
const COPIES: ReadonlyArray<readonly [string, string, string]> = [
  // Bootstrap's d-none d-md-block is shown from the md breakpoint up; the mobile copy's 25.00 was stored.
  ['Bootstrap copies that differ', '<div class="price d-none d-md-block">$20.00</div><div class="price d-md-none">$25.00</div>', 'price/ambiguous'],
  ['Bootstrap copies that agree', '<div class="price d-none d-md-block">$20.00</div><div class="price d-md-none">$20.00</div>', '20.00 USD'],
  ['Bootstrap desktop copy alone (no price was found)', '<div class="price d-none d-lg-flex">$20.00</div>', '20.00 USD'],
  // Tailwind (Magento Hyvä): hidden md:block beside md:hidden.
  ['Tailwind copies that differ', '<div class="price hidden md:block">$20.00</div><div class="price md:hidden">$25.00</div>', 'price/ambiguous'],
  ['Tailwind copies that agree', '<div class="price hidden lg:flex">$20.00</div><div class="price lg:hidden">$20.00</div>', '20.00 USD'],
  ['Tailwind invisible shown from a breakpoint', '<div class="price"><span class="invisible sm:visible">$25.00</span></div><div class="price">$20.00</div>', 'price/ambiguous'],
  // Shown only when printed, on hover or never: hidden on the screen as before.
  ['Bootstrap print-only copy', '<div class="price d-none d-print-block">$25.00</div><div class="price">$20.00</div>', '20.00 USD'],
  ['Tailwind print-only copy', '<div class="price hidden print:block">$25.00</div><div class="price">$20.00</div>', '20.00 USD'],
  ['Tailwind copy shown on hover', '<div class="price hidden group-hover:block">$25.00</div><div class="price">$20.00</div>', '20.00 USD'],
  ['hidden alone', '<div class="price hidden">$25.00</div><div class="price">$20.00</div>', '20.00 USD'],
];

describe('a price copy for some screens only', () => {
  it.each(COPIES)('%s', (_name, body, wanted) => expect(read(body)).toBe(wanted));
});
