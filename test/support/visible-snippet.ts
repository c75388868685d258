// What visiblePrice() reads from a product snippet set in a page's <main> under its <h1>: "19.99 USD was 25.00", or the refusal reason.
import { toCurrencyScale } from '../../src/prices/iso-currencies';
import { htmlResponse } from './html-response';

const page = (body: string, lang: string) => `<!doctype html><html lang="${lang}"><head><title>t</title></head><body><main><h1>Kettle</h1>${body}</main></body></html>`;

export function readSnippet(body: string, lang = 'en-US'): string {
  const result = htmlResponse(page(body, lang)).visiblePrice();
  if (!result.ok) return result.reason;
  const was = result.regular ? ` was ${toCurrencyScale(result.regular.amount, result.currency)}` : '';
  return `${toCurrencyScale(result.amount, result.currency)} ${result.currency}${was}`;
}
