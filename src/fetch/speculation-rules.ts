// Keeps Chromium from fetching pages a document only says it may visit next: speculation rules (past every route) and prefetch hints.

/**
 * Speculation rules (`<script type=speculationrules>`, or a `Speculation-Rules` response header naming a
 * rules file) make Chromium prefetch or prerender the URLs they list, from its browser process: no
 * Playwright route, no CDP session of the page and no robots.txt check or host slot of ours sees them
 * (measured with Chromium 156: robots-disallowed paths of the page's own host and other hosts were
 * fetched under the default settings). Turning them off by flag or CDP did not work, so each document
 * loses its rules before Chromium acts on them:
 * - inline rules: this script, run in every new document before the page's own, removes a rules script
 *   as the parser or a script inserts it. Chromium applies an inserted rule set in a microtask queued
 *   after the observer's, so the removal comes first; a script whose type or text changes later is
 *   removed then. References are taken before page code runs, so a page cannot replace them.
 * - header rules: `withoutRulesHeader` below, applied where the document's response is paused.
 */
export const NO_SPECULATION_RULES = `(() => {
  const remove = Element.prototype.remove;
  const isRules = (node) => node && node.nodeType === 1 && node.localName === 'script'
    && String(node.getAttribute('type') || '').trim().toLowerCase() === 'speculationrules';
  const drop = (node) => { if (isRules(node)) remove.call(node); };
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') drop(record.target);
      else { drop(record.target); for (const node of record.addedNodes) drop(node); }
    }
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['type'] });
})();`;

interface HeaderEntry {
  name: string;
  value: string;
}

/** The response headers without `Speculation-Rules`, or null when it had none (the response goes on as it is). */
export function withoutRulesHeader(headers: readonly HeaderEntry[] | undefined): HeaderEntry[] | null {
  if (!headers?.some(isRulesHeader)) return null;
  return headers.filter((header) => !isRulesHeader(header));
}

function isRulesHeader(header: HeaderEntry): boolean {
  return header.name.toLowerCase() === 'speculation-rules';
}

/**
 * A prefetch a page asks for (`<link rel=prefetch>`, or a `Link: <…>; rel=prefetch` header on its document)
 * does pass the context's route, as a plain subresource: measured with Chromium 156, a robots-disallowed path
 * of the page's own host and, under `offsiteSubresources: allow`, another host were fetched. It fetches a
 * page the document might go to next, which rendering this document never needs, so it is refused under every
 * setting, like speculation rules. Chromium marks it with `Sec-Purpose: prefetch` (Fetch Metadata), also when a
 * prerender asks for it (`prefetch;prerender`).
 */
export function isPrefetch(headers: Readonly<Record<string, string>>): boolean {
  return /^\s*prefetch\b/i.test(headers['sec-purpose'] ?? '');
}
