// A URL typed on the command line (fetch, parse, shell): an absolute http(s) URL, or one line saying what to type instead.
import { SettingsError } from '../core/errors';

/** host, host:port or an IPv4 address, then an optional path: what people type when they leave out the scheme. */
const HOST_FIRST = /^(localhost|\d{1,3}(\.\d{1,3}){3}|[a-z0-9-]+(\.[a-z0-9-]+)+)(:\d+)?([/?#].*)?$/i;
const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+)([:/?#]|$)/i;

/**
 * Returns the URL as given. `127.0.0.1:8311/p/1` is no URL (and `localhost:8080/p/1` one of scheme
 * `localhost:`): rather than the parser's bare "Invalid URL", the refusal names the command, the value
 * and the URL that was probably meant.
 */
export function urlArgument(command: string, value: string): string {
  let protocol: string | null = null;
  try {
    protocol = new URL(value).protocol;
  } catch {
    // not a URL at all: said below
  }
  if (protocol === 'http:' || protocol === 'https:') return value;
  if (looksLikeHost(value)) {
    throw new SettingsError(`${command} ${value}: not an absolute http(s) URL; did you mean ${LOOPBACK.test(value) ? 'http' : 'https'}://${value} ?`);
  }
  throw new SettingsError(`${command} ${value}: not an absolute http(s) URL (e.g. https://shop.example/p/1)`);
}

/** Whether `value` reads as a URL without its scheme (shell takes a file or a URL: a missing file that looks like one is a URL). */
export function looksLikeHost(value: string): boolean {
  // `page.html` is a file name, not a host; `shop.example/p/1.html` is a URL.
  return HOST_FIRST.test(value) && !/^[^/]*\.(html?|json|xml|txt|csv)$/i.test(value);
}
