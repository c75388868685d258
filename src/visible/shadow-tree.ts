// Declarative shadow DOM in a parsed page: which template is a shadow root, and which of a host's children render.
import type { AnyNode, Element } from 'domhandler';

/**
 * Elements a shadow root may be attached to (HTML §4.2.14 attachShadow): any custom element (a name with a
 * hyphen) and these. A `<template shadowrootmode>` under any other parent stays an inert template.
 */
const SHADOW_HOSTS = new Set(['article', 'aside', 'blockquote', 'body', 'div', 'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'main', 'nav', 'p', 'section', 'span']);

const isElement = (node: AnyNode | null | undefined): node is Element => node?.type === 'tag';

/** The element's declarative shadow root: its first `<template shadowrootmode=open|closed>` child (a later one stays inert). */
function shadowRootTemplate(host: Element): Element | null {
  if (!SHADOW_HOSTS.has(host.tagName) && !host.tagName.includes('-')) return null;
  const first = host.children.find((child): child is Element => isElement(child) && child.tagName === 'template' && ['open', 'closed'].includes((child.attribs.shadowrootmode ?? '').toLowerCase()));
  return first ?? null;
}

/** Whether the template is its parent's shadow root (rendered), not an inert template. */
export function isShadowRoot(template: Element): boolean {
  return isElement(template.parent) && shadowRootTemplate(template.parent) === template;
}

/** The nodes a template holds (the parser keeps them in one document fragment under it). */
function contentOf(template: Element): AnyNode[] {
  return template.children.flatMap((child) => (child.type === 'root' ? child.children : [child]));
}

/** The shadow root template a slot sits in (not crossing into an enclosing tree), or null outside any. */
function shadowOf(slot: Element): Element | null {
  for (let at = slot.parent; at; at = at.parent) {
    if (isElement(at) && at.tagName === 'template') return isShadowRoot(at) ? at : null;
  }
  return null;
}

/** The first slot of that name in the shadow tree, in tree order: only it takes the host's children of that name. */
function firstSlot(nodes: readonly AnyNode[], name: string): Element | null {
  for (const node of nodes) {
    if (!isElement(node)) continue;
    if (node.tagName === 'slot' && (node.attribs.name ?? '') === name) return node;
    // A nested shadow root's slots are its own host's.
    const inner = node.tagName === 'template' ? null : firstSlot(node.children, name);
    if (inner) return inner;
  }
  return null;
}

/** The host's children a slot takes: elements by their `slot` name, text (and unnamed elements) by the default slot. */
function assignedTo(slot: Element, shadow: Element): AnyNode[] {
  const name = slot.attribs.name ?? '';
  if (firstSlot(contentOf(shadow), name) !== slot) return [];
  const host = shadow.parent as Element;
  return host.children.filter((child) => child !== shadow && (child.type === 'text' ? name === '' : isElement(child) && (child.attribs.slot ?? '') === name));
}

/**
 * The children of an element as the page renders them (the flat tree of CSS Scoping): a host shows its shadow
 * root, a shadow root its content, and a slot the host's children it takes (its own children when it takes none).
 * A light child no slot takes is not shown at all: a component's fallback markup ("$25.00" for crawlers under a
 * shadow tree that draws "$19.99") is no price of the page.
 */
export function renderedChildren(element: Element): AnyNode[] {
  if (element.tagName === 'template') return isShadowRoot(element) ? contentOf(element) : element.children;
  if (element.tagName === 'slot') {
    const shadow = shadowOf(element);
    if (!shadow) return element.children;
    const assigned = assignedTo(element, shadow);
    return assigned.length > 0 ? assigned : element.children;
  }
  const shadow = shadowRootTemplate(element);
  return shadow ? [shadow] : element.children;
}
