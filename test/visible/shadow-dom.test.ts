// The visible price of pages with declarative shadow DOM: a shadow root renders, an inert template does not, nor a light child no slot takes.
import { describe, expect, it } from 'vitest';
import { htmlResponse } from '../support/html-response';

const page = (body: string) => `<!doctype html><html lang="en-US"><head><title>t</title></head><body><main><h1>Widget</h1>${body}</main></body></html>`;
const shadow = (content: string, mode = 'open') => `<template shadowrootmode="${mode}">${content}</template>`;

/** "19.99 USD" (with " was 25.00" for a regular price), or the refusal reason. */
function visible(html: string): string {
  const result = htmlResponse(page(html)).visiblePrice();
  if (!result.ok) return result.reason;
  return `${result.amount.toFixed(2)} ${result.currency}${result.regular ? ` was ${result.regular.amount.toFixed(2)}` : ''}`;
}

describe('visiblePrice() and declarative shadow DOM', () => {
  it.each([
    { name: 'a price drawn in a shadow root', html: `<price-tag>${shadow('<span class="price">$19.99</span>')}</price-tag>`, want: '19.99 USD' },
    { name: 'a closed shadow root renders too', html: `<price-tag>${shadow('<span class="price">$19.99</span>', 'closed')}</price-tag>`, want: '19.99 USD' },
    { name: 'a shadow root on a div', html: `<div>${shadow('<b>$19.99</b>')}</div>`, want: '19.99 USD' },
    // The light DOM under a shadow root with no slot is not on the screen: a fallback kept for crawlers.
    { name: 'unslotted light fallback beside the drawn price', html: `<price-tag>${shadow('<span class="price">$19.99</span>')}<span class="price">$25.00</span></price-tag>`, want: '19.99 USD' },
    { name: 'a light child a named slot takes', html: `<x-card>${shadow('<div><slot name="price"></slot></div>')}<span slot="price" class="price">$12.00</span><span slot="promo">$99.00</span></x-card>`, want: '12.00 USD' },
    { name: 'light text in the default slot', html: `<x-card>${shadow('<p>Price: <slot></slot></p>')}$12.00</x-card>`, want: '12.00 USD' },
    { name: 'a slot striking the light price it takes', html: `<x-card>${shadow('<s><slot name="was"></slot></s> <b>$12.00</b>')}<span slot="was">$15.00</span></x-card>`, want: '12.00 USD was 15.00' },
    { name: "a slot that takes nothing shows its own content", html: `<x-card>${shadow('<slot name="price"><b>$12.00</b></slot>')}</x-card>`, want: '12.00 USD' },
    // Inert templates stay unread: no shadowrootmode, a host that may not have a shadow root (<a>), a second one on the same host.
    { name: 'a client-side template', html: `<template><span class="price">$0.99</span></template><p class="price">$19.99</p>`, want: '19.99 USD' },
    { name: 'a shadowrootmode template under <a>', html: `<a href="/x">${shadow('<span>$0.99</span>')}</a><p class="price">$19.99</p>`, want: '19.99 USD' },
    { name: 'a second shadowrootmode template', html: `<price-tag>${shadow('<span class="price">$19.99</span>')}${shadow('<span>$0.99</span>')}</price-tag>`, want: '19.99 USD' },
  ])('$name', ({ html, want }) => {
    expect(visible(html)).toBe(want);
  });
});
