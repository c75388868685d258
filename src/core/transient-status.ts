// Which HTTP statuses say "not now" rather than "no": read alike for a page's failure and for a robots.txt answer.

/**
 * Timeout, misdirected (the connection reached a server that does not serve the host; another connection may),
 * too early, throttled, a proxy's upstream gone (499, nginx's "client closed request", which only a proxy in
 * between ever answers), and server errors other than 501/505 (unsupported, for good). A status outside
 * 100-599 is no HTTP answer at all (LinkedIn's 999 to crawlers, a proxy's 6xx of its own); RFC 9110 §15 has
 * a client treat it as a 5xx, so the page was not obtained and the run must not end looking clean.
 */
export function isTransientStatus(status: number): boolean {
  if (status === 408 || status === 421 || status === 425 || status === 429 || status === 499) return true;
  if (status > 599) return true;
  return status >= 500 && status <= 599 && status !== 501 && status !== 505;
}
