// Crawlee's runtime classes that a crawl uses, required as CommonJS files (types still come from `import type ... from '@crawlee/core'`).
//
// Why not `import { AutoscaledPool } from '@crawlee/core'`: Crawlee ships CommonJS behind an ESM wrapper,
// and an ES import of CommonJS makes Node lex every re-exported file for its named exports
// (cjs-module-lexer): ~130 ms of CPU on every start. `require` reaches the same module instances (Node
// keeps one CommonJS cache), so classes and `instanceof` agree with code that imports Crawlee the ES way.
//
// Why file by file rather than the index: the index also loads the crawlers, enqueue_links, http
// clients, sitemaps, CSV and JSON-stream export, minimatch and pseudo-URLs (45 modules, ~25 ms CPU at
// start; bench/README.md). Its `exports` map lists only the index, so the files are found beside the
// main file (src/core/package-part.ts; test/core/package-parts.test.ts checks they are the index's own).
import type * as CrawleeCore from '@crawlee/core';
import type * as CrawleeMemoryStorage from '@crawlee/memory-storage';
import { requirePackage, requirePart } from './package-part';

type CrawleeParts = Pick<typeof CrawleeCore, 'AutoscaledPool' | 'SnapshotStore' | 'Configuration' | 'Request' | 'RequestState' | 'RequestQueue' | 'SessionPool' | 'Session'>;

/** Where each class is defined in @crawlee/core 3.x (the index re-exports these files with `__exportStar`). */
export const CRAWLEE_CORE_FILES: Record<keyof CrawleeParts, string> = {
  AutoscaledPool: 'autoscaling/autoscaled_pool.js',
  SnapshotStore: 'autoscaling/load_signal.js',
  Configuration: 'configuration.js',
  Request: 'request.js',
  RequestState: 'request.js',
  RequestQueue: 'storages/request_queue_v2.js',
  SessionPool: 'session_pool/session_pool.js',
  Session: 'session_pool/session.js',
};

function loadParts(): CrawleeParts {
  const parts: Partial<Record<keyof CrawleeParts, unknown>> = {};
  for (const [name, file] of Object.entries(CRAWLEE_CORE_FILES) as Array<[keyof CrawleeParts, string]>) {
    const part = (requirePart('@crawlee/core', file) as Record<string, unknown> | undefined)?.[name];
    if (part === undefined) return requirePackage('@crawlee/core') as unknown as typeof CrawleeCore;
    parts[name] = part;
  }
  return parts as CrawleeParts;
}

export const crawleeCore: CrawleeParts = loadParts();
export const crawleeMemoryStorage = requirePackage('@crawlee/memory-storage') as unknown as typeof CrawleeMemoryStorage;
