// The HTTP status an error report's words name: a reason phrase ("Not Found"), or a framework's or gateway's stock failure text.
import { STATUS_CODES } from 'node:http';

/** RFC 9110's reason phrases of the error statuses (Node's table), lower case: a report saying only "Forbidden" names 403. */
const REASON_PHRASES = new Map<string, number>(
  Object.entries(STATUS_CODES)
    .filter(([code]) => Number(code) >= 400 && Number(code) <= 599)
    .map(([code, phrase]) => [String(phrase).toLowerCase(), Number(code)]),
);
// Later names for the same statuses (RFC 9110 renamed 413 and 422).
REASON_PHRASES.set('content too large', 413).set('unprocessable content', 422);

/**
 * Stock failure texts that are no reason phrase, each the whole message its server sends with that status when it is not
 * masked. A shop's API behind these sends them with a 200 when a proxy or handler rewrites the status.
 */
const STOCK_TEXTS: ReadonlyArray<[RegExp, number]> = [
  // "Product not found", "Resource not found", Django REST framework's "Not found.": a thing named in a word or three, then the words.
  [/^(?:the )?(?:requested )?(?:[\p{L}_-]+ ){0,3}not found$/u, 404],
  // Laravel's ModelNotFoundException rendered as JSON.
  [/^no query results for model \[[^\]]*\]/u, 404],
  // AWS API Gateway: a path with no route answers 403 with this; a backend past 29 s, 504; its throttle, 429.
  [/^missing authentication token$/u, 403],
  [/^endpoint request timed out$/u, 504],
  [/^limit exceeded$/u, 429],
  // Kong: no route for the path; its rate-limiting plugin.
  [/^no route matched with those values$/u, 404],
  [/^api rate limit exceeded$/u, 429],
];

/** Members whose text is the report's account of what failed, in the order a status is looked for in them. */
const MESSAGE_MEMBERS = ['message', 'msg', 'detail', 'error', 'title', 'errormessage', 'statusmessage', 'reason', 'description'];

/**
 * The status a report's message names when its whole text (case, a closing period and a leading status number aside, as
 * "404 Not Found" and "404: Not Found" are written) is a reason phrase or a stock failure text; null otherwise. Only whole
 * texts: "Coupon code not found, full price applies" names nothing.
 */
export function phraseStatus(report: Record<string, unknown>, memberName: (name: string) => string): number | null {
  for (const wanted of MESSAGE_MEMBERS) {
    for (const [name, value] of Object.entries(report)) {
      if (memberName(name) !== wanted || typeof value !== 'string') continue;
      const status = statusOfText(value);
      if (status !== null) return status;
    }
  }
  return null;
}

function statusOfText(value: string): number | null {
  const text = value.trim().toLowerCase().replace(/\s+/g, ' ').replace(/\.$/, '');
  if (text.length > 120) return null;
  const numbered = /^([45]\d\d)\s*[:-]?\s*(.*)$/.exec(text);
  const words = numbered ? numbered[2] : text;
  const named = REASON_PHRASES.get(words) ?? STOCK_TEXTS.find(([pattern]) => pattern.test(words))?.[1] ?? null;
  // "404 Not Found" names 404; digits that disagree with the words ("500 Not Found") leave the digits' status to the caller.
  return numbered && named !== null && named !== Number(numbered[1]) ? null : named;
}
