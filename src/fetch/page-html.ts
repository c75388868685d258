// The page's HTML as it renders: the document, with every open shadow root written as declarative shadow DOM.
import type { Page } from 'playwright-core';

/**
 * `page.content()` is the document's outerHTML, which leaves shadow roots out: a web component that draws its
 * price inside one (`<price-tag>` with `$19.99` in its shadow tree) gave a body with no price at all, or with
 * the unslotted light-DOM fallback the page does not show ("$25.00" kept for crawlers) as if it were the price.
 * The HTML standard's serialization of a shadow root is a `<template shadowrootmode>` as the host's first child
 * (`getHTML({ shadowRoots })`, the form a server sends as declarative shadow DOM): the light DOM stays as it was,
 * so selectors on it still match, and readers see the shadow tree where it renders. A page with no open shadow
 * root is read exactly as before (same bytes, same rawHash). Closed roots are out of a script's reach.
 * Evaluated as a string: the DOM types are not in this project's TypeScript lib.
 */
const SERIALIZE = `(() => {
  const roots = [];
  const collect = (scope) => {
    for (const element of scope.querySelectorAll('*')) {
      if (element.shadowRoot) { roots.push(element.shadowRoot); collect(element.shadowRoot); }
    }
  };
  collect(document);
  const doctype = document.doctype ? new XMLSerializer().serializeToString(document.doctype) : '';
  const html = document.documentElement;
  if (!html) return doctype;
  if (roots.length === 0 || typeof html.getHTML !== 'function') return doctype + html.outerHTML;
  // The root element's own tag, escaped as the HTML serialization algorithm escapes attribute values.
  const escape = (value) => value.replace(/&/g, '&amp;').replace(/\\u00a0/g, '&nbsp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const attributes = [...html.attributes].map((a) => ' ' + a.name + '="' + escape(a.value) + '"').join('');
  return doctype + '<' + html.localName + attributes + '>' + html.getHTML({ shadowRoots: roots }) + '</' + html.localName + '>';
})()`;

/** The page's current HTML, shadow roots included (see above). */
export async function pageHtml(page: Page): Promise<string> {
  return (await page.evaluate(SERIALIZE)) as string;
}
