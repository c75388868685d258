// Lets the worker confinement's Trusted Types policy be made under a CSP that names the policies a page may make.

/** The name of the policy that vouches for the URLs confined workers start from (worker-confinement.ts). */
export const WORKER_POLICY = 'pricecrawl-worker';

interface HeaderEntry {
  name: string;
  value: string;
}

/**
 * A CSP's `trusted-types` directive lists the policy names a page may create (`trusted-types shop`, or
 * `default` for the default policy alone), and Chromium refuses any other: the confinement's own policy was
 * refused, so under Trusted Types every worker of such a page threw where it started (a page made its policy
 * and gave a TrustedScriptURL), and the page was read with the price it showed before its worker's. Each
 * `trusted-types` directive of the document's (or worker script's) CSP headers, enforced or report-only,
 * gets our name beside the page's: the page's own policies stay as limited as they were (`'none'` and an
 * empty list become our name alone). A CSP in a `<meta>` element comes after the confinement's script made
 * its policy at the document's start, so it never sees the name. Null when no header had such a directive.
 * (Only a document whose length shows it whole gets the new headers: rewritten-response.ts.)
 */
export function admittingWorkerPolicy(headers: readonly HeaderEntry[] | undefined): HeaderEntry[] | null {
  let changed = false;
  const rewritten = (headers ?? []).map((header) => {
    if (!/^content-security-policy(-report-only)?$/i.test(header.name)) return header;
    const value = withOurName(header.value);
    changed ||= value !== header.value;
    return { name: header.name, value };
  });
  return changed ? rewritten : null;
}

/** One header's value: policies joined by commas, directives by semicolons (CSP3 §2.2.1). */
function withOurName(value: string): string {
  return value
    .split(',')
    .map((policy) => policy.split(';').map(admitting).join(';'))
    .join(',');
}

function admitting(directive: string): string {
  const tokens = directive.trim().split(/[\t\n\f\r ]+/);
  if (tokens[0]?.toLowerCase() !== 'trusted-types') return directive;
  const names = tokens.slice(1).filter((token) => token.toLowerCase() !== "'none'");
  if (names.includes('*') || names.includes(WORKER_POLICY)) return directive;
  return ` ${['trusted-types', ...names, WORKER_POLICY].join(' ')}`;
}
