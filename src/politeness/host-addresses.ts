// Politeness by server address: each host name resolved once per run, so names served by one machine (shop.example, static.shop.example, a CDN's names) share one key.
import { lookup as systemLookup } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { FetchError, PricecrawlError } from '../core/errors';
import { serverName } from './host-key';

/** A look-up that has not answered by then is no answer (getaddrinfo itself may retry for tens of seconds). */
export const DEFAULT_LOOKUP_TIMEOUT_MS = 10_000;

export interface HostAddressesOptions {
  /** The resolver, as undici's `connect.lookup` takes it (tests pass a loopback one: no DNS, no /etc/hosts). */
  lookup?: LookupFunction;
  lookupTimeoutMs?: number;
}

/**
 * Scrapy's CONCURRENT_REQUESTS_PER_IP: the slot key of a request is its host's address, not its name, so
 * two names on one server cannot each take the server's whole budget. The key must be known synchronously
 * where slots are reserved, so names are resolved before their requests are stored (`prepare`) and kept
 * for the run: a name's key never changes mid-run, which would split one server's gate in two.
 *
 * The key is the first address the resolver gives (the one a connection tries first), without a port: per
 * IP means per machine. A name that gets no answer (NXDOMAIN, a timeout) gets no key: its requests are
 * refused as `fetch/dns` rather than gated under a guess (its name would be a gate of its own, beside the
 * server's other names). A failure is not kept: the name is asked again when more of its requests come.
 */
export class HostAddresses {
  /** Settled keys, for the synchronous `keyOf`. */
  private readonly known = new Map<string, string>();
  /** Look-ups in flight: a name asked by two batches at once is looked up once. */
  private readonly pending = new Map<string, Promise<string>>();
  private readonly lookup: LookupFunction;
  private readonly lookupTimeoutMs: number;

  constructor(options: HostAddressesOptions = {}) {
    this.lookup = options.lookup ?? (systemLookup as LookupFunction);
    this.lookupTimeoutMs = options.lookupTimeoutMs ?? DEFAULT_LOOKUP_TIMEOUT_MS;
  }

  /**
   * Resolves the host name of each URL not known yet. Returns the URLs that cannot be keyed, each with the
   * `FETCH_DNS` error that says why (a URL that does not parse is no concern of this and is left out).
   */
  async prepare(urls: Iterable<string>): Promise<Map<string, FetchError>> {
    const byName = new Map<string, string[]>();
    for (const url of urls) {
      const name = nameOf(url);
      if (name === null || this.known.has(name)) continue;
      byName.set(name, [...(byName.get(name) ?? []), url]);
    }
    const refused = new Map<string, FetchError>();
    await Promise.all(
      [...byName].map(async ([name, named]) => {
        try {
          await this.resolve(name);
        } catch (error) {
          const refusal = new FetchError('FETCH_DNS', `${name} did not resolve, so the server it names (its politeness key by address) is not known: ${(error as Error).message}`, { cause: error });
          for (const url of named) refused.set(url, refusal);
        }
      }),
    );
    return refused;
  }

  /** The address key of a URL whose name `prepare` resolved. Asking for any other is a bug of the caller, never a guess. */
  keyOf(url: string): string {
    const name = nameOf(url);
    const key = name === null ? undefined : this.known.get(name);
    if (key === undefined) throw new PricecrawlError('USAGE', `no address is known for ${url}: resolve its host with prepare() before keying it`);
    return key;
  }

  private resolve(name: string): Promise<string> {
    const literal = addressLiteral(name);
    if (literal !== null) return Promise.resolve(this.keep(name, literal));
    let asked = this.pending.get(name);
    if (!asked) {
      asked = this.ask(name).then((address) => this.keep(name, address)).finally(() => this.pending.delete(name));
      this.pending.set(name, asked);
    }
    return asked;
  }

  private keep(name: string, key: string): string {
    this.known.set(name, key);
    return key;
  }

  private ask(name: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer in ${this.lookupTimeoutMs} ms`)), this.lookupTimeoutMs);
      this.lookup(name, { all: true }, (error, addresses) => {
        clearTimeout(timer);
        const first = Array.isArray(addresses) ? addresses[0] : undefined;
        if (error) reject(error);
        else if (!first) reject(new Error('the resolver gave no address'));
        else resolve(keyOfAddress(first.address));
      });
    });
  }
}

/** The URL's host name as one server's name (see `serverName`), or null when it does not parse. */
function nameOf(url: string): string | null {
  try {
    return serverName(new URL(url).hostname);
  } catch {
    return null;
  }
}

/** A host that is an address already (`127.0.0.2`, `[::1]`) is its own key: nothing to look up. */
function addressLiteral(name: string): string | null {
  if (name.startsWith('[')) return name;
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(name) ? name : null;
}

/** An address as a URL writes it: IPv6 bracketed, an IPv4-mapped one as its IPv4 (serverName). */
function keyOfAddress(address: string): string {
  return address.includes(':') ? serverName(new URL(`http://[${address}]/`).hostname) : address;
}
