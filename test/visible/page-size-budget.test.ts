// visiblePrice() on one-line pages of megabytes: a page past the element budget is refused with a reason, a long one under it read.
import { describe, expect, it } from 'vitest';
import { htmlResponse } from '../support/html-response';

const PRICE = '<span class="price">$9.99</span>';
const page = (body: string) => `<!doctype html><html lang="en-US"><head><title>t</title></head><body>${body}</body></html>`;

describe('the visible reader on pages of megabytes on one line', () => {
  it('refuses a page of more elements than any shop page has (a hostile 2 MB of spans), naming why', () => {
    const result = htmlResponse(page(`${'<span>x</span>'.repeat(150_001)}${PRICE}`)).visiblePrice();
    expect(result).toMatchObject({ ok: false, reason: 'price/page-too-large' });
    expect(result.ok ? '' : result.detail).toMatch(/more than 150000 elements/);
  });

  it('reads the price of a page under the budget: 10 MB of prose on one line, many sibling spans, the price beside them', () => {
    const prose = htmlResponse(page(`<p>${'lorem ipsum '.repeat(870_000)}</p>${PRICE}<span class="stock">In stock</span>`));
    expect(prose.body.length).toBeGreaterThan(10_000_000);
    expect(prose.visiblePrice()).toMatchObject({ ok: true, text: '$9.99' });
    expect(prose.visiblePricing().availability).toBe('InStock');
    const spans = htmlResponse(page(`Sale ${'<span>x</span>'.repeat(20_000)} ${PRICE}`));
    expect(spans.visiblePrice()).toMatchObject({ ok: true, text: '$9.99' });
  });

  it('reads the words beside a price at the edge of a page-long neighbour as before', () => {
    const before = htmlResponse(page(`<div>${'lorem '.repeat(200_000)}Was <s>$12.00</s> now ${PRICE}</div>`)).visiblePrice();
    expect(before).toMatchObject({ ok: true, text: '$9.99', regular: { text: '$12.00' } });
  });
});
