// undici's Pool and ProxyAgent without its index, which loads every dispatcher, fetch, WebSocket, caches and mocks (111 modules against 36, ~45 ms CPU at start; bench/README.md).
import type * as Undici from 'undici';
import { requirePackage, requirePart } from '../core/package-part';

type UndiciParts = Pick<typeof Undici, 'Pool' | 'ProxyAgent'>;

function loadParts(): UndiciParts {
  // Each file's `module.exports` is the class or object itself; undici's index re-exports the same modules.
  const [Pool, ProxyAgent, Dispatcher, api] = ['lib/dispatcher/pool.js', 'lib/dispatcher/proxy-agent.js', 'lib/dispatcher/dispatcher.js', 'lib/api/index.js'].map((file) => requirePart('undici', file));
  if (!Pool || !ProxyAgent || !Dispatcher || !api) return requirePackage('undici') as unknown as UndiciParts;
  // What undici's index does for every dispatcher (`Object.assign(Dispatcher.prototype, api)`): without it a
  // Pool has no `request()`. The same function objects, so loading the index later changes nothing.
  Object.assign((Dispatcher as { prototype: object }).prototype, api);
  return { Pool, ProxyAgent } as UndiciParts;
}

export const { Pool, ProxyAgent } = loadParts();
