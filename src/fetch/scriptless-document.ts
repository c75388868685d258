// Whether a document's CSP sandboxes it without scripts: nothing runs in it then, neither the page's scripts nor the fetcher's.

/**
 * A `sandbox` directive in an enforced Content-Security-Policy sandboxes the document as an iframe's attribute
 * would, and the flags of several policies add up: any policy whose `sandbox` leaves `allow-scripts` out takes
 * scripts away. No script runs then, and no timer fires, in any
 * world of the page: the quiet wait, run in the page (page-quiet.ts), never answered, and every such page waited
 * its whole cap (`browser.quietCapMs`, 5 s) to be read. Nothing can change such a document once it is parsed.
 * `header` is the document's `Content-Security-Policy` (several joined by commas, as policies in one header are).
 */
export function runsNoScripts(header: string | null): boolean {
  if (!header) return false;
  for (const policy of header.split(/[,\n]/)) {
    for (const directive of policy.split(';')) {
      const [name, ...tokens] = directive.trim().toLowerCase().split(/\s+/);
      if (name === 'sandbox' && !tokens.includes('allow-scripts')) return true;
    }
  }
  return false;
}
