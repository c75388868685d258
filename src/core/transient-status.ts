// Which HTTP statuses say "not now" rather than "no": read alike for a page's failure and for a robots.txt answer.
import { isOutsideStatusClasses } from './status-class';

/**
 * Timeout, misdirected (the connection reached a server that does not serve the host; another connection may),
 * too early, throttled, a proxy's upstream gone (499, nginx's "client closed request", which only a proxy in
 * between ever answers), and server errors other than 501/505 (unsupported, for good). A status outside
 * 100-599 is no HTTP answer at all but a refusal (status-class.ts): the page was not obtained and the run must not
 * end looking clean.
 */
export function isTransientStatus(status: number): boolean {
  if (status === 408 || status === 421 || status === 425 || status === 429 || status === 499) return true;
  if (isOutsideStatusClasses(status)) return true;
  return status >= 500 && status <= 599 && status !== 501 && status !== 505;
}
