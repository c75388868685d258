// What a loader reads from: a response (its HTML and JSON, parsed only when asked), a cheerio root, or plain JSON.
import type { Cheerio, CheerioAPI } from 'cheerio';
import type { AnyNode } from 'domhandler';
import { CrawlResponse } from '../core/response';

/**
 * `res` in a callback (HTML parsed on the first addCss, JSON on the first addJson), a cheerio `$` (the shell, a fixture),
 * or the parts by hand: `{ json: product }` for one product of an API page, `{ $, scope: $(card) }` for one card of a list.
 */
export type LoaderSource = CrawlResponse | CheerioAPI | { $?: CheerioAPI; scope?: Cheerio<AnyNode>; json?: unknown };

/** The source with each part read lazily: a JSON answer is never parsed as HTML, nor a page as JSON. */
export interface ReadSource {
  select(selector: string): Cheerio<AnyNode>;
  scoped(selector: string): ReadSource;
  json(): unknown;
}

export function readSource(source: LoaderSource | undefined): ReadSource {
  if (source instanceof CrawlResponse) return parts(() => source.$, undefined, () => source.json());
  if (typeof source === 'function') return parts(() => source, undefined, () => undefined);
  return parts(source?.$ ? () => source.$! : undefined, source?.scope, () => source?.json);
}

function parts(dom: (() => CheerioAPI) | undefined, scope: Cheerio<AnyNode> | undefined, json: () => unknown): ReadSource {
  const $ = (): CheerioAPI => {
    if (!dom) throw new TypeError('addCss needs HTML: make the loader from the response (`loader.from(res)`) or give it `{ $ }`');
    return dom();
  };
  const select = (selector: string) => (scope ? findWithin(scope, selector) : $()(selector));
  return { select, scoped: (selector) => parts(dom, select(selector), json), json };
}

/**
 * `scope.find(selector)`, asked of one element at a time. Asked of a set of many (`{ scope: $('.card') }` over a listing),
 * cheerio checks each candidate's ancestors against the whole set, one list search each (css-select's `:scope`): 5,000
 * cards of a 1.7 MB listing took 4 s, 20,000 (6.8 MB) 76 s. One element at a time each search is its own subtree; the
 * matches are then given as find gives them, in document order and each once.
 */
function findWithin(scope: Cheerio<AnyNode>, selector: string): Cheerio<AnyNode> {
  if (scope.length <= 1) return scope.find(selector);
  const found = new Set<AnyNode>();
  for (let index = 0; index < scope.length; index++) for (const node of scope.eq(index).find(selector)) found.add(node);
  const order = documentOrder(scope[0]!);
  const nodes = [...found].sort((a, b) => order.get(a)! - order.get(b)!);
  // map() over one element returning an array makes a selection of exactly those nodes, in that order.
  return scope.first().map(() => nodes);
}

/** Each node of the document holding `node`, numbered in document order (one walk, so the sort above stays n log n). */
function documentOrder(node: AnyNode): Map<AnyNode, number> {
  let root = node;
  while (root.parent) root = root.parent;
  const order = new Map<AnyNode, number>();
  const stack: AnyNode[] = [root];
  while (stack.length > 0) {
    const next = stack.pop()!;
    order.set(next, order.size);
    if ('children' in next) for (let i = next.children.length - 1; i >= 0; i--) stack.push(next.children[i]!);
  }
  return order;
}
