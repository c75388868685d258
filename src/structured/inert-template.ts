// Whether markup sits in an inert <template>: content a script may clone later (a quick view, a cart drawer), not the page's.
import type { AnyNode } from 'domhandler';
import { isShadowRoot } from '../visible/shadow-tree';

/**
 * An element inside a `<template>` that is no declarative shadow root: browsers parse it into a fragment that is not part
 * of the document, and themes keep another product's quick-view card or JSON-LD there. Read as the page's, its price
 * made the page's own product a rival (no product), or alone the page's product.
 */
export function inInertTemplate(element: AnyNode): boolean {
  for (let at = element.parent; at; at = at.parent) {
    if (at.type === 'tag' && at.tagName === 'template' && !isShadowRoot(at)) return true;
  }
  return false;
}
