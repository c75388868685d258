// The page's HTML as it renders: the document, with every shadow root (open or closed) written as declarative shadow DOM.
import type { Page } from 'playwright-core';
import { pageSession } from './page-session';

/** A node of DevTools' DOM tree, as DOM.getDocument gives it. */
interface DomNode {
  nodeId: number;
  /** 1 element, 10 doctype (DOM's Node.nodeType). */
  nodeType: number;
  children?: DomNode[];
}

const ELEMENT_NODE = 1;
const DOCUMENT_TYPE_NODE = 10;

/**
 * `page.content()` is the document's outerHTML, which leaves shadow roots out: a web component that draws its
 * price inside one (`<price-tag>` with `$19.99` in its shadow tree) gave a body with no price at all, or with
 * the unslotted light-DOM fallback the page does not show ("$25.00" kept for crawlers) as if it were the price.
 * The HTML standard's serialization of a shadow root is a `<template shadowrootmode>` as the host's first child
 * (the form a server sends as declarative shadow DOM): the light DOM stays as it was, so selectors on it still
 * match, and readers see the shadow tree where it renders. A page with no shadow root is read exactly as before
 * (doctype, then the root element: same bytes, same rawHash as `page.content()`).
 *
 * Serialized by DevTools (`DOM.getOuterHTML` with `includeShadowDOM`), not by a script in the page: a closed
 * shadow root is out of every script's reach (`element.shadowRoot` is null), so a component drawing $19.99
 * in one over a light "$25.00" fallback had the fallback stored as its price; and a script in the page runs
 * against the page's own prototypes, so a page that redefines `outerHTML` or `getHTML` (an anti-scraping or
 * A/B script) decided what we stored. DevTools serializes the DOM as Chromium holds it.
 */
export async function pageHtml(page: Page): Promise<string> {
  const session = await pageSession(page);
  // Depth 1: the document and its children (doctype, comments, the root element); the rest is read by getOuterHTML.
  const { root } = (await session.send('DOM.getDocument', { depth: 1 })) as { root: DomNode };
  try {
    let html = '';
    // As page.content(): the doctype, then the root element (comments around it are left out, as there).
    for (const node of [root.children?.find((child) => child.nodeType === DOCUMENT_TYPE_NODE), root.children?.find((child) => child.nodeType === ELEMENT_NODE)]) {
      if (!node) continue;
      const { outerHTML } = (await session.send('DOM.getOuterHTML', { nodeId: node.nodeId, includeShadowDOM: true })) as { outerHTML: string };
      html += outerHTML;
    }
    return html;
  } finally {
    // getDocument turned the DOM agent on, which then reports the document's changes to this session: off until the next read.
    await session.send('DOM.disable').catch(() => undefined);
  }
}
