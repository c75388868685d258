// A product page's visible price in one line for table tests: "19.99 EUR was 29.99", or the refusal's reason.
import { toCurrencyScale } from '../../src/prices/iso-currencies';
import { htmlResponse } from './html-response';

/** A page of one product: its heading, then `body`, in the language `lang`. */
export const productPage = (body: string, lang: string, heading = 'Produkt'): string =>
  `<!doctype html><html lang="${lang}"><head><title>t</title></head><body><main><h1>${heading}</h1>${body}</main></body></html>`;

/** The amount and currency visiblePrice() reads on the page, with the "was" price beside it, or why it refuses. */
export function visibleSummary(body: string, lang: string): string {
  const result = htmlResponse(productPage(body, lang)).visiblePrice();
  if (!result.ok) return result.reason;
  const was = result.regular ? ` was ${toCurrencyScale(result.regular.amount, result.currency)}` : '';
  return `${toCurrencyScale(result.amount, result.currency)} ${result.currency}${was}`;
}
