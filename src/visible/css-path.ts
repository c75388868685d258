// A short CSS path naming an element (tag, id or classes, :nth-of-type), so a result says which element it read.
import type { Element } from 'domhandler';

const SAFE_IDENT = /^-?[A-Za-z_][\w-]*$/;

function step(element: Element): string {
  const tag = element.tagName.toLowerCase();
  const id = element.attribs.id;
  if (id && SAFE_IDENT.test(id)) return `${tag}#${id}`;
  const classes = (element.attribs.class ?? '').split(/\s+/).filter((name) => SAFE_IDENT.test(name)).slice(0, 2);
  const parent = element.parent;
  const siblings = parent && 'children' in parent ? parent.children.filter((node): node is Element => node.type === 'tag' && (node as Element).tagName === element.tagName) : [];
  const nth = siblings.length > 1 ? `:nth-of-type(${siblings.indexOf(element) + 1})` : '';
  return `${tag}${classes.map((name) => `.${name}`).join('')}${nth}`;
}

/** From the nearest ancestor with an id (or the root) down to the element: `div#buy-box > p.price > ins`. */
export function cssPath(element: Element): string {
  const steps: string[] = [];
  let node: Element | null = element;
  while (node && node.type === 'tag') {
    const part = step(node);
    steps.unshift(part);
    if (part.includes('#') || node.tagName === 'body') break;
    node = node.parent as Element | null;
  }
  return steps.join(' > ');
}

/** The path of the element a path's element stands in (its box): the path without its last step. */
export const parentPath = (path: string): string => path.split(' > ').slice(0, -1).join(' > ');
