// Where a request whose redirect hop was given back goes on: its hop's target, with the chain that led there.
import type { HttpMethod } from './request';

/**
 * A same-host hop that could not have its host's slot within the fetch's time (a Crawl-delay longer than
 * half the fetch timeout) is sent at the next try, as Scrapy schedules a redirect as a request of its own:
 * sent from the start URL again, the request's own send started the interval its hop waited for, so every
 * try gave its hop back and the page was lost. The request keeps its identity (URL, fingerprint, ledger);
 * this is only what to send next. Stored with the request, so a resumed run goes on from it too.
 */
export interface RedirectResume {
  /** The hop's target: the URL the next try sends. */
  url: string;
  /** The hop's method (a 303 or a POST's 301/302 made it a GET without the body). */
  method: HttpMethod;
  /** The URLs of the hops already sent, the request's own first (the response's `redirectChain`, maxRedirects). */
  chain: string[];
  /** A digest of each sent hop's method, URL and cookies (hop-cookies.ts `hopKey`): the loop check goes on across tries. */
  visited: string[];
}

const METHODS: ReadonlySet<string> = new Set(['GET', 'POST', 'HEAD', 'PUT', 'DELETE', 'PATCH']);

/** A stored resume point, or null when there is none or it is not one this version can use (sent from the start then). */
export function readResume(value: unknown): RedirectResume | null {
  if (typeof value !== 'object' || value === null) return null;
  const { url, method, chain, visited } = value as Record<string, unknown>;
  const strings = (list: unknown): list is string[] => Array.isArray(list) && list.every((entry) => typeof entry === 'string');
  if (typeof url !== 'string' || typeof method !== 'string' || !METHODS.has(method) || !strings(chain) || !strings(visited) || chain.length === 0) return null;
  return { url, method: method as HttpMethod, chain: [...chain], visited: [...visited] };
}
