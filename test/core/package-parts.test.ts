// The files we load from inside Crawlee, undici and cheerio (to skip their indexes at start-up) are still the
// very objects each package's index exports. An upgrade that moves or renames one fails here, by name;
// at run time the code would silently fall back to the index and start slower.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { CRAWLEE_CORE_FILES, crawleeCore } from '../../src/core/crawlee';
import { loadDom } from '../../src/core/cheerio-load';
import { requirePart } from '../../src/core/package-part';
import { Pool, ProxyAgent } from '../../src/fetch/undici-parts';

const require = createRequire(import.meta.url);

describe('package parts loaded by path', () => {
  it('finds each Crawlee class in its own file, the one the index exports', () => {
    const index = require('@crawlee/core') as Record<string, unknown>;
    for (const [name, file] of Object.entries(CRAWLEE_CORE_FILES)) {
      const part = requirePart('@crawlee/core', file) as Record<string, unknown> | undefined;
      expect(part, `@crawlee/core/${file} exists`).toBeDefined();
      expect(part![name], `${name} in @crawlee/core/${file}`).toBe(index[name]);
      expect(crawleeCore[name as keyof typeof crawleeCore]).toBe(index[name]);
    }
  });

  it("finds undici's Pool, ProxyAgent and dispatcher API in the files its index requires", () => {
    const index = require('undici') as Record<string, unknown>;
    expect(requirePart('undici', 'lib/dispatcher/pool.js')).toBe(index.Pool);
    expect(requirePart('undici', 'lib/dispatcher/proxy-agent.js')).toBe(index.ProxyAgent);
    expect(Pool).toBe(index.Pool);
    expect(ProxyAgent).toBe(index.ProxyAgent);
    // The request methods the index copies onto every dispatcher come from lib/api.
    const api = requirePart('undici', 'lib/api/index.js') as Record<string, unknown>;
    expect(Object.keys(api).sort()).toEqual(['connect', 'pipeline', 'request', 'stream', 'upgrade']);
    expect(Pool.prototype.request).toBe(api.request);
  });

  it("finds cheerio's load beside its CommonJS main, parse5 for HTML", () => {
    expect(requirePart('cheerio', 'load-parse.js')).toBeDefined();
    expect(loadDom).toBe((require('cheerio') as { load: unknown }).load);
    // parse5 builds the implied <tbody>, htmlparser2 (cheerio/slim) would not.
    expect(loadDom('<table><tr><td>1</td></tr></table>')('tbody').length).toBe(1);
  });
});
