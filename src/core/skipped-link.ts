// A link `res.follow` would not turn into a request (mailto:, tel:, javascript:, data:, unparsable), with the reason.

/** Yielding one is harmless: the callback runner ignores it (the skip was already counted by the response). */
export class SkippedLink {
  constructor(
    readonly href: string,
    /** `mailto`, `tel`, `javascript`, `data`, `other-scheme`, `invalid-url`. */
    readonly reason: string,
  ) {}
}

/** Schemes pages commonly link to that a crawler cannot fetch; anything else non-http(s) is `other-scheme`. */
const NAMED_SCHEMES = new Set(['mailto', 'tel', 'javascript', 'data', 'sms', 'ftp', 'file', 'blob']);

/** Null for an absolute http(s) URL; otherwise the skip reason (its scheme when it is a well-known one). */
export function linkSkipReason(absoluteUrl: string): string | null {
  const scheme = absoluteUrl.slice(0, absoluteUrl.indexOf(':')).toLowerCase();
  if (scheme === 'http' || scheme === 'https') return null;
  return NAMED_SCHEMES.has(scheme) ? scheme : 'other-scheme';
}
