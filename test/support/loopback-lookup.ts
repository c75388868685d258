// A resolver for tests: named hosts resolve to 127.0.0.1, every other name fails like a real NXDOMAIN.
import type { LookupFunction } from 'node:net';

/**
 * `names`: host names that resolve to loopback (e.g. ["shop-a.test", "shop-b.test"]), so tests can use
 * several host names without touching DNS; unknown names fail with ENOTFOUND as getaddrinfo does.
 */
export function loopbackLookup(names: Iterable<string>): LookupFunction {
  const known = new Set([...names].map((name) => name.toLowerCase()));
  return ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    const done = typeof options === 'function' ? (options as typeof callback) : callback;
    const all = typeof options === 'object' && options !== null && options.all === true;
    queueMicrotask(() => {
      if (!known.has(hostname.toLowerCase())) {
        const error = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
          code: 'ENOTFOUND',
          errno: -3008,
          syscall: 'getaddrinfo',
          hostname,
        });
        done(error);
      } else if (all) done(null, [{ address: '127.0.0.1', family: 4 }]);
      else done(null, '127.0.0.1', 4);
    });
  }) as LookupFunction;
}
